import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileFile } from "@/lib/questionnaire";
import { evaluateCondition } from "@/lib/questionnaire/conditions";
import type { TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { advance, firstPage, missingAnswers, pageById, visibleBlocks, type Answers } from "./engine";

const evaluate = (condition: string, answers: Answers) => evaluateCondition(condition, answers);

function single(id: string, variable: string, options: string[], extra: Partial<TDocumentPage["blocks"][number]["config"]> = {}) {
  return {
    id,
    order: 0,
    config: {
      type: "single_choice" as const,
      content: `${variable}?`,
      content_type: "markdown" as const,
      question: { variable, required: true, options: options.map((value) => ({ value, label: `Option ${value}` })) },
      ...extra,
    },
  };
}

/** A screener that terminates minors, a branch, a question shown on a condition, and two endings. */
const survey: TSurveyDocument = {
  version: 1,
  survey: { id: "s", slug: "s", name: "S" },
  first_page_id: "screen",
  variables: [],
  pages: [
    {
      id: "screen",
      name: "Screener",
      order: 0,
      blocks: [single("b-age", "S1", ["1", "2"])],
      navigation_rules: [
        { id: "r-minor", order: 0, condition: "{S1} = '1'", target_page_id: "terminate" },
        { id: "r-never", order: 1, condition: "{S1} = '9'", target_page_id: "complete" },
      ],
    },
    {
      id: "main",
      name: "Main",
      order: 1,
      blocks: [single("b-use", "Q1", ["1", "2"]), { ...single("b-why", "Q2", ["1", "2"], { showIf: "{Q1} = '1'" }), order: 1 }],
      navigation_rules: [{ id: "r-skip", order: 0, condition: "{Q1} = '2'", target_page_id: "complete" }],
    },
    { id: "only-users", name: "Users only", order: 2, blocks: [single("b-freq", "Q3", ["1", "2"], { showIf: "{Q1} = '1'" })], navigation_rules: [] },
    { id: "complete", name: "Complete", order: 3, assign_response_status: "complete", blocks: [], navigation_rules: [] },
    { id: "terminate", name: "Terminate", order: 4, assign_response_status: "disqualified", blocks: [], navigation_rules: [] },
  ],
};

const page = (id: string) => pageById(survey, id)!;

describe("preview navigation", () => {
  it("starts on first_page_id", () => {
    expect(firstPage(survey)?.id).toBe("screen");
  });

  it("takes the first true rule, in order, and ends on a disqualified page", () => {
    const step = advance(survey, page("screen"), { S1: "1" }, evaluate);
    expect(step).toMatchObject({ kind: "page", pageId: "terminate", via: { ruleId: "r-minor" } });
    expect(page("terminate").assign_response_status).toBe("disqualified");
  });

  it("falls through to the next page by order when no rule is true", () => {
    expect(advance(survey, page("screen"), { S1: "2" }, evaluate)).toMatchObject({ kind: "page", pageId: "main", via: { fallthrough: true } });
  });

  it("applies showIf to blocks and drops the answers of hidden ones", () => {
    expect(visibleBlocks(page("main"), { Q1: "2" }, evaluate).map((block) => block.id)).toEqual(["b-use"]);
    expect(visibleBlocks(page("main"), { Q1: "1" }, evaluate).map((block) => block.id)).toEqual(["b-use", "b-why"]);
    const step = advance(survey, page("main"), { S1: "2", Q1: "2", Q2: "1" }, evaluate);
    expect(step.answers).toEqual({ S1: "2", Q1: "2" });
    expect(step).toMatchObject({ kind: "page", pageId: "complete", via: { ruleId: "r-skip" } });
  });

  it("offers an option, grid row or column only while its own showIf holds, and drops answers to hidden ones", () => {
    const brands = single("b-brand", "Q4", ["1", "2", "3"]);
    brands.config.question.options![2] = { value: "3", label: "Brand C", showIf: "{S1} = '2'" } as never;
    const grid = {
      id: "b-grid",
      order: 1,
      config: {
        type: "matrix" as const,
        content: "Rate",
        content_type: "markdown" as const,
        question: {
          variable: "G",
          required: true,
          rows: [{ value: "r1", label: "Taste" }, { value: "r2", label: "Price", showIf: "{Q4} = '1'" }],
          columns: [{ value: "1", label: "Bad" }, { value: "2", label: "Good" }],
        },
      },
    };
    const choicePage: TDocumentPage = { id: "choices", name: "Choices", order: 0, blocks: [brands, grid], navigation_rules: [] };
    const shown = (answers: Answers) => visibleBlocks(choicePage, answers, evaluate);
    expect(shown({ S1: "1" })[0].config.question?.options?.map((option) => option.value)).toEqual(["1", "2"]);
    expect(shown({ S1: "2" })[0].config.question?.options?.map((option) => option.value)).toEqual(["1", "2", "3"]);
    expect(shown({ Q4: "2" })[1].config.question?.rows?.map((row) => row.value)).toEqual(["r1"]);
    // Only the visible rows are required.
    expect(missingAnswers(shown({ Q4: "2" }), { Q4: "2", G: { r1: "1" } })).toEqual({});
    const document: TSurveyDocument = { ...survey, first_page_id: "choices", pages: [choicePage] };
    const settled = advance(document, choicePage, { S1: "1", Q4: "3", G: { r1: "1", r2: "2" } }, evaluate).answers;
    expect(settled).toEqual({ S1: "1", G: { r1: "1" } });
  });

  it("passes over pages whose blocks are all hidden, and says which", () => {
    const noRules = structuredClone(survey);
    noRules.pages[1].navigation_rules = [];
    const step = advance(noRules, pageById(noRules, "main")!, { S1: "2", Q1: "2" }, evaluate);
    expect(step).toMatchObject({ kind: "page", pageId: "complete", skipped: ["Users only"] });
    const user = advance(noRules, pageById(noRules, "main")!, { S1: "2", Q1: "1", Q2: "2" }, evaluate);
    expect(user).toMatchObject({ kind: "page", pageId: "only-users", skipped: [] });
  });

  it("reports a last page without an end status, a rule to a missing page, and an endless loop", () => {
    const open = structuredClone(survey);
    open.pages = open.pages.filter((candidate) => !candidate.assign_response_status);
    open.pages[0].navigation_rules = [];
    open.pages[1].navigation_rules = [];
    expect(advance(open, open.pages[2], { S1: "2", Q1: "1", Q3: "1" }, evaluate)).toMatchObject({ kind: "end_without_status" });

    const broken = structuredClone(survey);
    broken.pages[0].navigation_rules = [{ id: "r-x", order: 0, target_page_id: "nowhere" }];
    expect(advance(broken, broken.pages[0], { S1: "2" }, evaluate)).toMatchObject({ kind: "end_without_status", reason: expect.stringContaining("leads to a page that no longer exists") });

    const loop: TSurveyDocument = {
      ...survey,
      first_page_id: "a",
      pages: [
        { id: "a", name: "A", order: 0, blocks: [single("b-a", "X", ["1"])], navigation_rules: [{ id: "to-b", order: 0, target_page_id: "b" }] },
        { id: "b", name: "B", order: 1, blocks: [single("b-b", "Y", ["1"], { showIf: "{X} = '2'" })], navigation_rules: [{ id: "to-c", order: 0, target_page_id: "c" }] },
        { id: "c", name: "C", order: 2, blocks: [single("b-c", "Z", ["1"], { showIf: "{X} = '2'" })], navigation_rules: [{ id: "to-b2", order: 0, target_page_id: "b" }] },
      ],
    };
    expect(advance(loop, loop.pages[0], { X: "1" }, evaluate)).toMatchObject({ kind: "end_without_status", reason: expect.stringContaining("loop") });
  });

  it("treats a condition it cannot parse as false instead of failing", () => {
    const odd = structuredClone(survey);
    odd.pages[0].navigation_rules = [{ id: "r-bad", order: 0, condition: "{S1} === '1'", target_page_id: "terminate" }];
    expect(advance(odd, odd.pages[0], { S1: "1" }, evaluate)).toMatchObject({ kind: "page", pageId: "main" });
  });

  it("asks for required answers and every row of a grid", () => {
    const grid = {
      id: "g",
      order: 0,
      config: {
        type: "matrix" as const,
        content: "Rate",
        content_type: "markdown" as const,
        question: { variable: "G", required: true, rows: [{ value: "r1", label: "A" }, { value: "r2", label: "B" }], columns: [{ value: "1", label: "Low" }] },
      },
    };
    expect(missingAnswers([grid], { G: { r1: "1" } })).toEqual({ g: "Answer every row." });
    expect(missingAnswers([grid], { G: { r1: "1", r2: "1" } })).toEqual({});
    expect(missingAnswers(page("screen").blocks, {})).toEqual({ "b-age": "This question needs an answer." });
  });
});

describe("preview of a real questionnaire (Delphi COVID survey, .docx)", () => {
  it("skips the symptom follow-ups for someone with no symptoms and reaches the completion page", async () => {
    const bytes = await readFile(path.join(process.cwd(), "e2e/ui/fixtures-files/001-delphi-covid-survey-2020-04.docx"));
    const { document } = await compileFile(new Uint8Array(bytes), {
      filename: "001-delphi-covid-survey-2020-04.docx",
      survey: { id: "s", slug: "delphi", name: "Delphi" },
      questionnaireRevision: 1,
      model: null,
    });
    const walk = (answerFor: (variable: string) => unknown) => {
      let current = firstPage(document)!;
      let answers: Answers = {};
      const seen: string[] = [];
      for (let guard = 0; guard < 100 && !current.assign_response_status; guard++) {
        for (const block of visibleBlocks(current, answers, evaluate)) {
          const question = block.config.question;
          if (!question) continue;
          const given = answerFor(question.variable);
          answers[question.variable] =
            given ??
            (block.config.type === "multiple_choice"
              ? [question.options![0].value]
              : block.config.type === "matrix"
                ? Object.fromEntries((question.rows ?? []).map((row) => [row.value, question.columns![0].value]))
                : block.config.type === "number"
                  ? 1
                  : block.config.type === "open_text"
                    ? "15213"
                    : question.options![0].value);
          seen.push(question.variable);
        }
        const step = advance(document, current, answers, evaluate);
        if (step.kind !== "page") throw new Error(step.reason);
        answers = step.answers;
        current = pageById(document, step.pageId)!;
      }
      return { end: current, seen };
    };
    const none = walk((variable) => (variable === "B2" ? ["15"] : undefined));
    expect(none.end.assign_response_status).toBe("complete");
    expect(none.seen).not.toContain("B2b");
    expect(none.seen).not.toContain("B3");
    const fever = walk((variable) => (variable === "B2" ? ["1"] : undefined));
    expect(fever.end.assign_response_status).toBe("complete");
    expect(fever.seen).toEqual(expect.arrayContaining(["B2b", "B3", "Q40"]));
    expect(fever.seen).not.toContain("B4");
  });
});
