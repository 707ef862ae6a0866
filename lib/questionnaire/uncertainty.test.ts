import { describe, expect, it } from "vitest";
import { compileFile } from "./index";
import type { IRAssumption, IRQuestion, QuestionnaireIR } from "./ir";
import { collectAssumptions } from "./parse/assumptions";

const survey = { id: "srv_1", slug: "demo", name: "Demo" };

async function probe(lines: string[], filename = "q.md") {
  return compileFile(new TextEncoder().encode(lines.join("\n")), { filename, survey, questionnaireRevision: 1 });
}

function only(assumptions: IRAssumption[], kind: IRAssumption["kind"]): IRAssumption[] {
  return assumptions.filter((assumption) => assumption.kind === kind);
}

const STREAMING = [
  "Q1. How old are you?",
  "Enter your age: ____",
  "",
  "Q2. Do you pay for a music streaming service?",
  "1. Yes",
  "2. No",
  "",
  "Q3. Which of these streaming services do you use?",
  "1. Spotify",
  "2. Apple Music",
  "3. YouTube Music",
  "4. Deezer",
  "",
  "ASK IF Q9 = 1",
  "Q4. How satisfied are you with your main service?",
  "1. Very satisfied",
  "2. Somewhat satisfied",
  "3. Not satisfied",
  "",
  "Q5. Would you recommend it to a friend?",
  "1. Yes",
  "2. No [SKIP TO Q20]",
  "",
  "Q6. Any other comments?",
  "____",
];

describe("what the compiler assumed (the uncertainty model)", () => {
  it("asks for the selection mode of a list of answers that states neither single nor multiple, with single and multiple as alternatives", async () => {
    const result = await probe(STREAMING);
    const [selection] = only(result.assumptions, "selection_mode");
    expect(selection).toMatchObject({ questionIds: ["Q3"], source: "parser", assumed: expect.stringMatching(/only one answer/) });
    expect(selection.candidates.map((candidate) => candidate.override)).toEqual([
      expect.objectContaining({ kind: "selection_mode", mode: "single" }),
      expect.objectContaining({ kind: "selection_mode", mode: "multi" }),
    ]);
    const text = result.extracted.text;
    expect(text.slice(selection.span.start, selection.span.end)).toContain("Which of these streaming services");
    // Yes/no lists, scales and lists that say "select all" are not asked about.
    expect(only(result.assumptions, "selection_mode")).toHaveLength(1);
  });

  it("does not ask when the document says how many answers may be chosen", async () => {
    const result = await probe(["Q1. Which of these do you drink? (Select all that apply)", "1. Tea", "2. Coffee", "3. Juice", "", "Q2. Which one do you drink most? Select one.", "1. Tea", "2. Coffee", "3. Juice"]);
    expect(only(result.assumptions, "selection_mode")).toEqual([]);
  });

  it("keeps a filter on a question that does not exist as an unbound condition, with the likeliest questions as ranked bindings", async () => {
    const result = await probe(STREAMING);
    const [unbound] = only(result.assumptions, "unbound_condition");
    expect(unbound).toMatchObject({ questionIds: ["Q4"], written: "ASK IF Q9 = 1" });
    expect(result.extracted.text.slice(unbound.span.start, unbound.span.end)).toBe("ASK IF Q9 = 1");
    const conditions = unbound.candidates.flatMap((candidate) => (candidate.override?.kind === "condition" ? [candidate.override.condition] : []));
    expect(conditions).toContain("{Q3} = '1'");
    expect(conditions.at(-1)).toBeNull(); // "Show it to everyone" comes last
    const scores = unbound.candidates.map((candidate) => candidate.score ?? 0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("reports a skip to a missing target from the compiler, with the questions after it, the end, a screen-out and no routing as alternatives", async () => {
    const result = await probe(STREAMING);
    const [missing] = only(result.assumptions, "missing_route_target");
    expect(missing).toMatchObject({ source: "compiler", questionIds: ["Q5"], written: expect.stringContaining("SKIP TO Q20") });
    expect(missing.candidates.map((candidate) => candidate.override?.kind === "route_target" && candidate.override.target)).toEqual([
      { kind: "question", ref: "Q6" },
      { kind: "end" },
      { kind: "terminate" },
      null,
    ]);
    expect(missing.candidates[0].override).toMatchObject({ at: { kind: "option", code: "2" } });
  });

  it("asks for the range of a number answer, suggesting one from what it asks for", async () => {
    const result = await probe(STREAMING);
    const [range] = only(result.assumptions, "numeric_range");
    expect(range.questionIds).toEqual(["Q1"]);
    expect(range.candidates[0].override).toMatchObject({ kind: "range", min: 0, max: 120 });
  });

  it("reports a group the questionnaire does not define as a variable with its possible sources", async () => {
    const result = await probe(["Q1. Which drinks do you like? Select all that apply.", "1. Tea", "2. Coffee", "", "SHOW ONLY TO CELL B", "Q2. Why do you like them?", "____"], "q.txt");
    const [variable] = only(result.assumptions, "undefined_variable");
    expect(variable).toMatchObject({ subject: "CELL", questionIds: ["Q2"], written: "SHOW ONLY TO CELL B" });
    expect(variable.candidates.map((candidate) => candidate.override?.kind === "hidden_variable" && candidate.override.source)).toEqual(["hidden", "hidden", "computed"]);
  });

  it("reports a terminate instruction without a condition, offering each answer as the condition", async () => {
    const result = await probe(["S1. Do you work in market research? [TERMINATE]", "1. Yes", "2. No", "", "Q2. Any comments?", "____"], "q.txt");
    const [terminate] = only(result.assumptions, "unconditional_terminate");
    expect(terminate).toMatchObject({ questionIds: ["S1"], written: "TERMINATE", assumed: expect.stringMatching(/Everyone who answers S1 is screened out/) });
    expect(terminate.candidates.map((candidate) => (candidate.override?.kind === "condition" ? candidate.override.condition : candidate.override?.kind))).toEqual(["{S1} = '1'", "{S1} = '2'", "keep"]);
    // The jump it causes makes every later page unreachable: one flag for all of them, not one per page.
    const unreachable = only(result.assumptions, "review_flag").filter((flag) => flag.code === "unreachable_page");
    expect(unreachable).toHaveLength(1);
    expect(unreachable[0].questionIds).toContain("Q2");
  });

  it("reports printed answer codes that repeat, and a printed id used twice", async () => {
    const result = await probe(["Q1. Which region do you live in?", "North (1)", "South (1)", "East (2)", "", "Q2. Any comments?", "____", "", "Q2. Anything else?", "____"], "q.txt");
    expect(only(result.assumptions, "answer_codes")[0]).toMatchObject({ questionIds: ["Q1"], written: "1" });
    const [duplicate] = only(result.assumptions, "duplicate_id");
    expect(duplicate).toMatchObject({ questionIds: ["Q2"], subject: "Q2_2" });
    expect(duplicate.questionKeys).toHaveLength(2);
  });

  it("reports a battery whose scale is borrowed from the battery before it", async () => {
    const result = await probe([
      "Scale: 1 = Never, 2 = Sometimes, 3 = Often, 4 = Always",
      "",
      "1. I sleep well.",
      "2. I wake up early.",
      "",
      "3. Any comments?",
      "____",
      "",
      "4. I exercise.",
      "5. I eat fruit.",
    ]);
    const [scale] = only(result.assumptions, "grid_scale");
    expect(scale).toMatchObject({ questionIds: ["4-5"], assumed: expect.stringMatching(/scale of the grid before it/) });
    expect(scale.candidates[0]).toMatchObject({ label: expect.stringContaining("1 = Never"), override: { kind: "keep" } });
  });

  it("asks for the scale of a grid that has none, offering the scales of other grids", () => {
    const span = { start: 0, end: 10 };
    const grid = (key: string, id: string, columns: IRQuestion["columns"]): IRQuestion => ({
      kind: "question", key, id, printedId: true, variable: id, aliases: [], text: `Rate ${id}`, type: "grid", options: [], columns,
      rows: [{ code: "1", label: "A", codePrinted: true, span }], instructions: [], notes: [], askIf: [], routes: [], quotas: [], span, excerpt: "", origin: "rules", warnings: [],
    });
    const ir: QuestionnaireIR = {
      version: 1, format: "text", sections: [], notes: [], hiddenVariables: [], warnings: [],
      items: [grid("q1", "G1", [{ code: "1", label: "Bad", codePrinted: true, span }, { code: "2", label: "Good", codePrinted: true, span }]), grid("q2", "G2", [])],
    };
    const [scale] = collectAssumptions(ir, { interpretation: new Map(), scales: new Map() });
    expect(scale).toMatchObject({ kind: "grid_scale", questionIds: ["G2"], assumed: expect.stringMatching(/no answer scale/) });
    expect(scale.candidates[0].override).toMatchObject({ kind: "grid_columns", columns: [{ code: "1", label: "Bad" }, { code: "2", label: "Good" }] });
  });

  it("turns the validator's findings into review flags on the questions they concern", async () => {
    const result = await probe(["Q1. Are you over 18?", "1. Yes", "2. No", "", "ASK IF Q3 = 1", "Q2. Why?", "____", "", "Q3. Do you drive?", "1. Yes", "2. No"], "q.txt");
    const flags = only(result.assumptions, "review_flag").filter((flag) => flag.source === "validator");
    expect(flags).toEqual([expect.objectContaining({ code: "forward_reference", questionIds: ["Q2"] })]);
  });

  it("gives every assumption a stable id, so a second reading of the same document finds the same ones", async () => {
    const first = await probe(STREAMING);
    const second = await probe(STREAMING);
    expect(second.assumptions.map((assumption) => assumption.id)).toEqual(first.assumptions.map((assumption) => assumption.id));
    expect(new Set(first.assumptions.map((assumption) => assumption.id)).size).toBe(first.assumptions.length);
  });
});
