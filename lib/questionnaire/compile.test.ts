import { describe, expect, it } from "vitest";
import { ZSurveyDocument, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { compileQuestionnaire } from "./compile";
import { evaluateCondition } from "./conditions";
import { extractDocument } from "./extract";
import { parseQuestionnaire } from "./parse";
import { validateSurveyDocument } from "./validate";

const survey = { id: "srv_1", slug: "demo", name: "Demo" };

async function compile(text: string, groupBy: "question" | "section" = "question", filename = "q.txt"): Promise<TSurveyDocument> {
  const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
  return compileQuestionnaire(ir, { survey, questionnaireRevision: 3, groupBy });
}

function pageOf(document: TSurveyDocument, variable: string) {
  const page = document.pages.find((candidate) => candidate.blocks.some((block) => block.config.question?.variable === variable));
  if (!page) throw new Error(`no page for ${variable}`);
  return page;
}

/** Walks the survey like a respondent: rules in order after each page, else the next page by order. */
function walk(document: TSurveyDocument, answers: Record<string, unknown>): string[] {
  const pages = [...document.pages].sort((a, b) => a.order - b.order);
  const visited: string[] = [];
  let current = pages.find((page) => page.id === document.first_page_id);
  for (let steps = 0; current && steps < 500; steps++) {
    const shown = current.blocks.filter((block) => !block.config.showIf || evaluateCondition(block.config.showIf, answers));
    visited.push(shown.map((block) => block.config.question?.variable ?? current!.name).join(",") || `(${current.name})`);
    if (current.assign_response_status) {
      visited.push(`#${current.assign_response_status}`);
      break;
    }
    const rule = [...current.navigation_rules].sort((a, b) => a.order - b.order).find((candidate) => !candidate.condition || evaluateCondition(candidate.condition, answers));
    const index = pages.indexOf(current);
    current = rule ? pages.find((page) => page.id === rule.target_page_id) : pages[index + 1];
  }
  return visited;
}

const SCREENER = [
  "Welcome! Thank you for taking part in our survey.",
  "S1. Are you 18 or older?",
  "1. Yes",
  "2. No [TERMINATE]",
  "S2. Do you own a car?",
  "1. Yes",
  "2. No → S4",
  "ASK IF S2=1",
  "S3. Which brand is it?",
  "1. Ford",
  "2. Toyota",
  "S4. Any comments?",
  "________",
  "[TERMINATING SCREEN]",
  "Sorry, you do not qualify for this survey.",
  "END",
  "Thanks for your time!",
].join("\n");

describe("compileQuestionnaire", () => {
  it("programs one question per page with a screen-out page and a complete page", async () => {
    const document = await compile(SCREENER);
    expect(ZSurveyDocument.parse(document)).toEqual(document);
    expect(document.pages.map((page) => page.name)).toEqual(["Introduction", "S1", "S2", "S3", "S4", "End", "Screen-out"]);
    const end = document.pages.find((page) => page.name === "End")!;
    const screenOut = document.pages.find((page) => page.name === "Screen-out")!;
    expect(end.assign_response_status).toBe("complete");
    expect(end.blocks[0].config.content).toBe("Thanks for your time!");
    expect(screenOut.assign_response_status).toBe("disqualified");
    expect(screenOut.blocks[0].config.content).toBe("Sorry, you do not qualify for this survey.");
    expect(document.first_page_id).toBe(document.pages[0].id);
    expect(document.pages.map((page) => page.order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("writes blocks with the printed id as variable, coded options and the source words", async () => {
    const document = await compile(SCREENER);
    const block = pageOf(document, "S1").blocks[0];
    expect(block.config).toMatchObject({
      type: "single_choice",
      content: "Are you 18 or older?",
      content_type: "markdown",
      question: { variable: "S1", required: true, options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] },
      source: { questionnaire_revision: 3, excerpt: "S1. Are you 18 or older?\n1. Yes\n2. No [TERMINATE]" },
    });
    expect(document.variables.map((variable) => variable.name)).toEqual(["S1", "S2", "S3", "S4"]);
  });

  it("turns answer routing into rules and ask-if conditions into showIf", async () => {
    const document = await compile(SCREENER);
    const screenOut = document.pages.find((page) => page.name === "Screen-out")!;
    expect(pageOf(document, "S1").navigation_rules).toEqual([{ id: expect.any(String), order: 0, condition: "{S1} = '2'", target_page_id: screenOut.id }]);
    expect(pageOf(document, "S2").navigation_rules).toEqual([{ id: expect.any(String), order: 0, condition: "{S2} = '2'", target_page_id: pageOf(document, "S4").id }]);
    expect(pageOf(document, "S3").blocks[0].config.showIf).toBe("{S2} = '1'");
  });

  it("carries per-choice display conditions onto the choices", async () => {
    const document = await compile(
      [
        "Q1 Which pets do you own?",
        "▢ Dog (1)",
        "▢ Cat (2)",
        "Q2 Which supplies did you buy last month?",
        "Display This Choice:",
        "If Which pets do you own? = Dog",
        "▢ Leash (1)",
        "▢ Nothing (2)",
      ].join("\n"),
    );
    const question = pageOf(document, "Q2").blocks[0].config.question!;
    expect(question.options?.map((choice) => [choice.label, choice.showIf])).toEqual([
      ["Leash", "{Q1} = '1'"],
      ["Nothing", undefined],
    ]);
    expect(validateSurveyDocument(document).issues).toEqual([]);
  });

  it("produces a survey a respondent can walk to the right end", async () => {
    const document = await compile(SCREENER);
    expect(walk(document, { S1: "2" })).toEqual(["Introduction", "S1", "Screen-out", "#disqualified"]);
    expect(walk(document, { S1: "1", S2: "2" })).toEqual(["Introduction", "S1", "S2", "S4", "End", "#complete"]);
    expect(walk(document, { S1: "1", S2: "1", S3: "1" })).toEqual(["Introduction", "S1", "S2", "S3", "S4", "End", "#complete"]);
    // A page whose only question is hidden shows nothing (the preview skips it).
    expect(walk(document, { S1: "1" })).toContain("(S3)");
    expect(validateSurveyDocument(document).issues).toEqual([]);
  });

  it("groups questions by section when asked", async () => {
    const text = ["Section A: About you", "A1. Age?", "____", "A2. Gender?", "1. Female", "2. Male", "Section B: Habits", "B1. Do you cook?", "1. Yes", "2. No"].join("\n");
    const document = await compile(text, "section");
    expect(document.pages.map((page) => [page.name, page.blocks.map((block) => block.config.question?.variable)])).toEqual([
      ["Section A: About you", ["A1", "A2"]],
      ["Section B: Habits", ["B1"]],
      ["End", [undefined]],
    ]);
  });

  it("breaks section pages where routing needs a boundary, so rules never loop back into their own page", async () => {
    const text = ["Section A: Travel", "A1. Do you travel?", "1. Yes", "2. No → A4", "A2. How often?", "____", "A3. Where to?", "____", "A4. Your age?", "____"].join("\n");
    const document = await compile(text, "section");
    expect(document.pages.map((page) => page.blocks.map((block) => block.config.question?.variable ?? "text"))).toEqual([["A1"], ["A2", "A3"], ["A4"], ["text"]]);
    expect(document.pages[0].navigation_rules).toEqual([{ id: expect.any(String), order: 0, condition: "{A1} = '2'", target_page_id: document.pages[2].id }]);
    expect(validateSurveyDocument(document).issues).toEqual([]);
  });

  it("routes to printed pages, skips over a named question and goes to the end", async () => {
    const text = [
      "Page 1",
      "Q1. Did you vote?",
      "o Yes [Skip to page 3]",
      "o No",
      "Page 2",
      "Q2. Why not?",
      "______",
      "Page 3",
      "Q3. Do you pay for music?",
      "(1) Yes (no need to answer the 4th question) (2) No",
      "Q4. Why not?",
      "______",
      "Q5. Would you take part again?",
      "o Yes",
      "o No [END SURVEY]",
      "Q6. How should we contact you?",
      "______",
    ].join("\n");
    const document = await compile(text);
    const end = document.pages.find((page) => page.assign_response_status === "complete")!;
    expect(pageOf(document, "Q1").navigation_rules[0]).toMatchObject({ condition: "{Q1} = '1'", target_page_id: pageOf(document, "Q3").id });
    expect(pageOf(document, "Q3").navigation_rules[0]).toMatchObject({ condition: "{Q3} = '1'", target_page_id: pageOf(document, "Q5").id });
    expect(pageOf(document, "Q5").navigation_rules[0]).toMatchObject({ condition: "{Q5} = '2'", target_page_id: end.id });
  });

  it("flags what it could not program with a reason a person can act on", async () => {
    const text = ["Q1. Do you work?", "1. Yes", "2. No → Q9", "SHOW IF WORKS FULL TIME AT HOME", "Q2. Where?", "______", "[SHOW ONLY TO CELL A]", "Q3. Concept test: do you like it?", "1. Yes", "2. No"].join("\n");
    const document = await compile(text);
    expect(pageOf(document, "Q1").attention_required?.reason).toMatch(/routing on answer 2 of Q1 was not programmed: it goes to Q9, which is not a question of this survey/);
    expect(pageOf(document, "Q1").navigation_rules).toEqual([]);
    expect(pageOf(document, "Q2").blocks[0].config.attentionRequired?.reason).toMatch(/Shown only "SHOW IF WORKS FULL TIME AT HOME" in the questionnaire, but this was not programmed/);
    expect(pageOf(document, "Q2").blocks[0].config.showIf).toBeUndefined();
    const q3 = pageOf(document, "Q3").blocks[0].config;
    expect(q3.showIf).toBe("{CELL} = 'A'");
    expect(q3.attentionRequired?.reason).toMatch(/CELL is not asked in the survey; set it as a hidden variable/);
    expect(document.variables.find((variable) => variable.name === "CELL")).toMatchObject({ type: "hidden" });
  });

  it("programs grids, numeric ranges and randomisation in the question config", async () => {
    const text = [
      "Q1. How much do you agree with each statement? (one answer per row)",
      "",
      "| | Agree (1) | Disagree (2) |",
      "|---|---|---|",
      "| (1) Staff were friendly | | |",
      "| (2) Prices were fair | | |",
      "",
      "Q2. How many nights did you stay? Range [1-30]",
      "______",
      "",
      "Q3. Which brands do you know? (Select all that apply) [RANDOMIZE]",
      "- Alpha",
      "- Beta",
      "- None of these",
    ].join("\n");
    const document = await compile(text, "question", "q.md");
    expect(pageOf(document, "Q1").blocks[0].config.question).toMatchObject({
      rows: [{ value: "1", label: "Staff were friendly" }, { value: "2", label: "Prices were fair" }],
      columns: [{ value: "1", label: "Agree" }, { value: "2", label: "Disagree" }],
    });
    expect(pageOf(document, "Q1").blocks[0].config.type).toBe("matrix");
    expect(pageOf(document, "Q2").blocks[0].config).toMatchObject({ type: "number", question: { min: 1, max: 30 } });
    expect(pageOf(document, "Q3").blocks[0].config.question).toMatchObject({ randomize: true, options: [{ label: "Alpha" }, { label: "Beta" }, { label: "None of these", exclusive: true }] });
  });
});
