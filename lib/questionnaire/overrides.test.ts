import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { compileFile } from "./index";
import type { IROverride, IRQuestion, QuestionnaireIR } from "./ir";
import { textOverride } from "./answers";
import { applyOverrides } from "./overrides";
import { parseQuestionnaire } from "./parse";

const survey = { id: "srv_1", slug: "demo", name: "Demo" };

const TEXT = [
  "Q1. How old are you?",
  "Enter your age: ____",
  "",
  "Q2. Which of these streaming services do you use?",
  "1. Spotify",
  "2. Apple Music",
  "3. Deezer",
  "",
  "ASK IF Q9 = 1",
  "Q3. How satisfied are you?",
  "1. Very satisfied",
  "2. Not satisfied",
  "",
  "Q4. Would you recommend it?",
  "1. Yes",
  "2. No [SKIP TO Q20]",
  "",
  "SHOW ONLY TO CELL B",
  "Q5. Any other comments?",
  "____",
].join("\n");

async function read(text = TEXT, filename = "q.md"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}

function question(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

const at = (ir: QuestionnaireIR, id: string) => ({ key: question(ir, id).key, id });

describe("applyOverrides", () => {
  it("applies each kind of override and says what changed, leaving the input IR untouched", async () => {
    const ir = await read();
    const q3 = question(ir, "Q3");
    const before = structuredClone(ir);
    const overrides: IROverride[] = [
      { kind: "selection_mode", question: at(ir, "Q2"), mode: "multi" },
      { kind: "condition", question: at(ir, "Q3"), at: { kind: "askIf", start: q3.askIf[0].span.start, text: q3.askIf[0].text }, condition: "{Q2} anyof ['1']" },
      { kind: "route_target", question: at(ir, "Q4"), at: { kind: "option", code: "2" }, target: { kind: "question", ref: "Q5" } },
      { kind: "range", question: at(ir, "Q1"), min: 16, max: 99 },
      { kind: "hidden_variable", name: "CELL", source: "computed" },
      { kind: "variable", question: at(ir, "Q5"), variable: "COMMENTS" },
    ];
    const { ir: next, results } = applyOverrides(ir, overrides);
    expect(results.map((result) => result.status)).toEqual(["changed", "changed", "changed", "changed", "changed", "changed"]);
    expect(results[0].message).toBe("Q2 is now multiple choice.");
    expect(question(next, "Q2").type).toBe("multi");
    expect(question(next, "Q3").askIf).toEqual([{ text: "ASK IF Q9 = 1", span: q3.askIf[0].span, condition: "{Q2} anyof ['1']" }]);
    expect(question(next, "Q4").options[1].route).toEqual({ kind: "question", ref: "Q5" });
    expect(question(next, "Q1")).toMatchObject({ min: 16, max: 99 });
    expect(next.hiddenVariables).toEqual([expect.objectContaining({ name: "CELL", kind: "computed" })]);
    expect(question(next, "Q5").variable).toBe("COMMENTS");
    expect(ir).toEqual(before);
  });

  it("reports an answer that changes nothing as unchanged, and one that no longer fits as not applicable, never silently", async () => {
    const ir = await read();
    const { results } = applyOverrides(ir, [
      { kind: "selection_mode", question: at(ir, "Q2"), mode: "single" },
      { kind: "keep", note: "fine as it is" },
      { kind: "selection_mode", question: { key: "q99", id: "Q99" }, mode: "multi" },
      { kind: "range", question: at(ir, "Q2"), min: 1, max: 5 },
      { kind: "condition", question: at(ir, "Q3"), at: { kind: "askIf", start: 0, text: "ASK IF Q9 = 1" }, condition: "{Q2} = " },
      { kind: "variable", question: at(ir, "Q5"), variable: "Q1" },
    ]);
    expect(results.map((result) => [result.status, result.message])).toEqual([
      ["unchanged", "Q2 is already single choice."],
      ["unchanged", "The compiler's reading is kept."],
      ["not_applicable", "Question Q99 is not in the questionnaire as read now."],
      ["not_applicable", "Q2 is not a number question."],
      ["not_applicable", expect.stringMatching(/^"\{Q2\} = " is not a valid condition/)],
      ["not_applicable", "Another question is already programmed as Q1."],
    ]);
  });

  it("finds a question by its printed id when the keys of a new reading differ", async () => {
    const ir = await read();
    const { ir: next, results } = applyOverrides(ir, [{ kind: "selection_mode", question: { key: "q-old", id: "Q2" }, mode: "multi" }]);
    expect(results[0].status).toBe("changed");
    expect(question(next, "Q2").type).toBe("multi");
  });

  it("takes a group from a question: every condition on it now names that question's answer", async () => {
    const ir = await read();
    const { ir: next, results } = applyOverrides(ir, [{ kind: "hidden_variable", name: "CELL", source: "question", question: "Q4" }]);
    expect(results[0]).toMatchObject({ status: "changed", message: "Conditions on CELL now use the answer to Q4." });
    expect(next.hiddenVariables).toEqual([]);
    expect(question(next, "Q5").askIf[0].condition).toBe("{Q4} = 'B'");
  });

  it("sets a condition on a terminate instruction that had none, and drops a display condition on request", async () => {
    const ir = await read(["S1. Do you work in market research? [TERMINATE]", "1. Yes", "2. No", "", "ASK IF Q7 = 2", "Q2. Why?", "____"].join("\n"), "q.txt");
    const route = question(ir, "S1").routes[0];
    const filter = question(ir, "Q2").askIf[0];
    const { ir: next, results } = applyOverrides(ir, [
      { kind: "condition", question: at(ir, "S1"), at: { kind: "route", start: route.span.start, text: route.text }, condition: "{S1} = '1'" },
      { kind: "condition", question: at(ir, "Q2"), at: { kind: "askIf", start: filter.span.start, text: filter.text }, condition: null },
    ]);
    expect(results.map((result) => result.status)).toEqual(["changed", "changed"]);
    expect(question(next, "S1").routes[0].when).toMatchObject({ condition: "{S1} = '1'" });
    expect(question(next, "Q2").askIf).toEqual([]);
  });

  it("retires the assumptions it answers, so a probe after the answers does not ask again", async () => {
    const ir = await read();
    const selection = ir.assumptions!.find((assumption) => assumption.kind === "selection_mode")!;
    const multi = selection.candidates.find((candidate) => candidate.override?.kind === "selection_mode" && candidate.override.mode === "multi")!.override!;
    const { ir: next } = applyOverrides(ir, [multi]);
    expect(next.assumptions!.map((assumption) => assumption.id)).not.toContain(selection.id);
    expect(next.assumptions!.length).toBe(ir.assumptions!.length - 1);
  });

  it("reads the author's own words as the override their question asks for, and keeps unreadable words as a note", async () => {
    const compiled = await compileFile(new TextEncoder().encode(TEXT), { filename: "q.md", survey, questionnaireRevision: 1 });
    const ir = compiled.ir;
    const about = (kind: string) => compiled.assumptions.find((assumption) => assumption.kind === kind)!;
    const { ir: next, results } = applyOverrides(ir, [
      textOverride(about("selection_mode"), "Yes, more than one"),
      textOverride(about("unbound_condition"), "Q2 = Spotify"),
      textOverride(about("missing_route_target"), "Q5"),
      textOverride(about("numeric_range"), "between 16 and 99"),
      textOverride(about("undefined_variable"), "It comes from the panel's sample file"),
      textOverride(about("numeric_range"), "whatever feels right"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["changed", "changed", "changed", "changed", "unchanged", "not_applicable"]);
    expect(question(next, "Q2").type).toBe("multi");
    expect(question(next, "Q3").askIf[0].condition).toBe("{Q2} anyof ['1']");
    expect(question(next, "Q4").options[1].route).toEqual({ kind: "question", ref: "Q5" });
    expect(question(next, "Q1")).toMatchObject({ min: 16, max: 99 });
    expect(results[5].message).toMatch(/^"whatever feels right" was kept as a note: it could not be read as a change \(give the lowest and highest value/);
  });

  it("compiles with the overrides: a multiple choice block, a programmed filter and skip, and no flag left for them", async () => {
    const bytes = new TextEncoder().encode(TEXT);
    const plain = await compileFile(bytes, { filename: "q.md", survey, questionnaireRevision: 1 });
    const ir = plain.ir;
    const q3 = question(ir, "Q3");
    const answered = await compileFile(bytes, {
      filename: "q.md",
      survey,
      questionnaireRevision: 1,
      overrides: [
        { kind: "selection_mode", question: at(ir, "Q2"), mode: "multi", assumption: `selection_mode:${question(ir, "Q2").key}` },
        { kind: "condition", question: at(ir, "Q3"), at: { kind: "askIf", start: q3.askIf[0].span.start, text: q3.askIf[0].text }, condition: "{Q2} anyof ['1']" },
        { kind: "route_target", question: at(ir, "Q4"), at: { kind: "option", code: "2" }, target: { kind: "end" } },
      ],
    });
    const block = (document: typeof plain.document, variable: string) => document.pages.flatMap((page) => page.blocks).find((entry) => entry.config.question?.variable === variable)!;
    expect(block(plain.document, "Q2").config.type).toBe("single_choice");
    expect(block(answered.document, "Q2").config.type).toBe("multiple_choice");
    expect(block(plain.document, "Q3").config.showIf).toBeUndefined();
    expect(block(answered.document, "Q3").config.showIf).toBe("{Q2} anyof ['1']");
    expect(block(answered.document, "Q3").config.attentionRequired).toBeUndefined();
    const q4Page = answered.document.pages.find((page) => page.blocks.some((entry) => entry.config.question?.variable === "Q4"))!;
    const end = answered.document.pages.find((page) => page.assign_response_status === "complete")!;
    expect(q4Page.navigation_rules).toEqual([expect.objectContaining({ condition: "{Q4} = '2'", target_page_id: end.id })]);
    expect(answered.overrideResults.map((result) => result.status)).toEqual(["changed", "changed", "changed"]);
    const kinds = (list: typeof plain.assumptions) => list.map((assumption) => assumption.kind).sort();
    expect(kinds(plain.assumptions)).toEqual(expect.arrayContaining(["missing_route_target", "selection_mode", "unbound_condition"]));
    expect(kinds(answered.assumptions)).not.toEqual(expect.arrayContaining(["missing_route_target"]));
    expect(kinds(answered.assumptions)).not.toContain("selection_mode");
    expect(kinds(answered.assumptions)).not.toContain("unbound_condition");
  });
});
