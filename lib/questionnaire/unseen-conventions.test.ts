import { describe, expect, it } from "vitest";
import { compileFile } from "./index";
import type { IRQuestion, QuestionnaireIR } from "./ir";
import { buildDocx, type DocxSpec } from "./testing/docx-writer";

/**
 * Conventions of questionnaires the compiler was not tuned on (issue 15 §1 "Bind" and §2), each checked end to end:
 * a synthetic .docx or text document through compileFile, then the questions, answers and conditions it yields.
 */

async function compile(input: DocxSpec | string, filename = "q.txt"): Promise<QuestionnaireIR> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : buildDocx(input);
  const result = await compileFile(bytes, { filename: typeof input === "string" ? filename : "q.docx", survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: null });
  return result.ir;
}

function byId(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id);
  if (!found) throw new Error(`no question ${id} in ${ir.items.map((item) => item.id).join(", ")}`);
  return found;
}

const conditions = (question: IRQuestion) => question.askIf.map((condition) => condition.condition ?? `UNRESOLVED ${condition.text}`);

describe("edits in Word: struck-through text and tracked changes", () => {
  it("binds a filter whose struck-through reference was deleted by the author, and reads tracked insertions only", async () => {
    const ir = await compile({
      blocks: [
        "A1. How likely are you to recommend each store?",
        { kind: "table", rows: [["", "1", "2", "3", "4", "5", "6", "7"], ...["One", "Two", "Three", "Four", "Five", "Six", "Seven"].map((name) => [`Store ${name}`, "", "", "", "", "", "", ""])] },
        "A3. Which brand do you prefer?",
        "1 Brand A",
        "2 Brand B",
        { runs: [{ text: "ASK IF " }, { text: "A3 ", strike: true }, { text: "A1r7=5-7" }] },
        { runs: [{ text: "A4. Why would you recommend Store " }, { text: "Six", tracked: "del" }, { text: "Seven", tracked: "ins" }, { text: "?" }] },
        "1 Price",
        "2 Location",
        { runs: [{ text: "3 Service", strike: "double" }] },
      ],
    });
    const a4 = byId(ir, "A4");
    expect(a4.text).toBe("Why would you recommend Store Seven?");
    expect(conditions(a4)).toEqual(["{A1.7} anyof ['5', '6', '7']"]);
    expect(a4.options.map((option) => option.label)).toEqual(["Price", "Location"]);
  });
});

describe("answers and selection modes", () => {
  it("reads codes printed after an interviewer tag and selection modes tagged after the wording or on their own line", async () => {
    const ir = await compile(`S1. Which of these brands have you heard of? (Multiple Code)
1 Brand A
2 Brand B
[VOL. DO NOT READ] 9 Don't know
(DO NOT READ) 98 Refused

S2. Which brand do you use most often? (SINGLE CODE)
1 Brand A
2 Brand B

S3. Which of these services have you used?
MULTI-SELECT
1 Service A
2 Service B

S4. Which features matter to you? [MULTI-SELECT]
1 Price
2 Quality

S5. Which stores do you visit?
SELECT ALL THAT APPLY
1 Store A
2 Store B
`);
    expect(byId(ir, "S1").type).toBe("multi");
    expect(byId(ir, "S1").options.map((option) => [option.code, option.label, Boolean(option.exclusive)])).toEqual([
      ["1", "Brand A", false],
      ["2", "Brand B", false],
      ["9", "Don't know", true],
      ["98", "Refused", true],
    ]);
    expect(byId(ir, "S2").type).toBe("single");
    expect(["S3", "S4", "S5"].map((id) => byId(ir, id).type)).toEqual(["multi", "multi", "multi"]);
    expect(byId(ir, "S3").text).toBe("Which of these services have you used?");
  });
});

describe("question ids", () => {
  it("reads ids with letter suffixes and bare question markers", async () => {
    const ir = await compile(`AQ07A. How old are you?
1 Under 18
2 18-34

R5.1.A. What region do you live in?
1 North
2 South

Q) How satisfied are you overall?
1 Very satisfied
2 Not satisfied
`);
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.text])).toEqual([
      ["AQ07A", "How old are you?"],
      ["R5.1.A", "What region do you live in?"],
      [questions[2].id, "How satisfied are you overall?"],
    ]);
    expect(questions[2].printedId).toBe(false);
  });

  it("qualifies numbering that restarts in every part and binds the part letter with the number", async () => {
    const ir = await compile(`SECTION A: ABOUT YOU

1. How old are you?
a) Under 18
b) 18 or older

2. What is your gender?
a) Male
b) Female

SECTION B: YOUR HOME

1. How many people live in your home?
________

2. Do you own or rent your home?
a) Own
b) Rent

ASK IF B2 = a
3. How long have you owned it?
________
`);
    const ids = ir.items.filter((item): item is IRQuestion => item.kind === "question").map((question) => question.id);
    expect(ids).toEqual(["SA.1", "SA.2", "SB.1", "SB.2", "SB.3"]);
    expect(conditions(byId(ir, "SB.3"))).toEqual([`{${byId(ir, "SB.2").variable}} = 'a'`]);
  });

  it("reads questions set in heading styles", async () => {
    const ir = await compile({
      blocks: [
        { runs: "SECTION A: SCREENER", style: "Heading1" },
        { runs: "S1. What is your age?", style: "Heading2" },
        "1 Under 18",
        "2 18 or older",
        { runs: "S2. How satisfied are you with your job?", style: "Heading2" },
        "1 Very",
        "2 Not at all",
      ],
    });
    expect(["S1", "S2"].map((id) => byId(ir, id).options.length)).toEqual([2, 2]);
  });
});

describe("answer tables with a side column, hidden variables and row addressing", () => {
  it("reads TERMINATE / GO TO / CONTINUE and classification notes as routing beside the answers", async () => {
    const ir = await compile({
      blocks: [
        "S1. What is your age?",
        { kind: "table", rows: [["Under 18", "1", "TERMINATE"], ["18-34", "2", "CONTINUE"], ["35-54", "3", "GO TO S3"]] },
        "S2. What is your role?",
        { kind: "table", rows: [["Physician", "1", "CONTINUE – HCP_TYPE=1"], ["Nurse", "2", "CONTINUE – HCP_TYPE=2"], ["Other", "3", "TERMINATE"]] },
        "ASK IF HCP_TYPE=2",
        "S3. How many patients do you see per week?",
        "________",
      ],
    });
    expect(byId(ir, "S1").options.map((option) => option.route)).toEqual([{ kind: "terminate" }, undefined, { kind: "question", ref: "S3" }]);
    const s2 = byId(ir, "S2");
    expect(s2.type).toBe("single");
    expect(s2.options.map((option) => [option.label, option.route?.kind])).toEqual([["Physician", undefined], ["Nurse", undefined], ["Other", "terminate"]]);
    expect(conditions(byId(ir, "S3"))).toEqual(["{HCP_TYPE} = '2'"]);
  });

  it("binds row-addressed filters, row ranges, percentages, groups defined by a condition and row-level conditions in tables", async () => {
    const ir = await compile({
      blocks: [
        "B1. How many times did you visit each store in the past month?",
        { kind: "table", rows: [["", "Number of visits"], ["Store One", "___"], ["Store Two", "___"]] },
        "S10. Do you agree with each statement?",
        { kind: "table", rows: [["", "Yes", "No"], ["Statement one", "1", "2"], ["Statement two", "1", "2"]] },
        "S11. Which of these have you used? (Multiple Code)",
        "1 Alpha",
        "2 Beta",
        "S13. What percentage of your time do you spend on each activity?",
        { kind: "table", rows: [["", "%"], ["Patient care", "___"], ["Admin", "___"]] },
        "TERMINATE IF S13r1>49%",
        "ASK IF B1r2>0",
        "A5. What did you buy at Store Two?",
        "1 Food",
        "2 Drinks",
        "ASK IF S10r1-2 ALL = 1",
        "A6. Why do you agree with both?",
        "________",
        "[SHOW IF USER (B1r1>0)]",
        "A7. How often do you use Store One?",
        "1 Daily",
        "2 Weekly",
        "A8. Which do you prescribe?",
        { kind: "table", rows: [["", "Prescribe", "Recommend"], ["Alpha", "1", "2"], ["Beta [SHOW IF S11r2]", "1", "2"]] },
      ],
    });
    expect(conditions(byId(ir, "A5"))).toEqual(["{B1.2} > 0"]);
    expect(conditions(byId(ir, "A6"))).toEqual(["{S10.1} = '1' and {S10.2} = '1'"]);
    expect(conditions(byId(ir, "A7"))).toEqual(["{B1.1} > 0"]);
    expect(byId(ir, "S13").routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{S13.1} > 49", "terminate"]]);
    expect(byId(ir, "A8").rows.map((row) => row.showIf?.condition)).toEqual([undefined, "{S11} anyof ['2']"]);
  });

  it("reads a side column of conditions in a Word table as row-level display conditions, and conditions on columns", async () => {
    const ir = await compile({
      blocks: [
        "S2. Which brands are you aware of? (Multiple Code)",
        "1 Alpha",
        "2 Beta",
        "3 Gamma",
        "A8. How would you rate each brand?",
        { kind: "table", rows: [["", "Poor", "Good", "SHOW IF"], ["Alpha", "1", "2", "S2r1"], ["Beta", "1", "2", "S2r2"], ["Gamma", "1", "2", ""]] },
        "A9. Which do you prescribe?",
        { kind: "table", rows: [["", "Prescribe", "Recommend [SHOW IF S2r3]"], ["Alpha", "1", "2"], ["Beta", "1", "2"]] },
        "A10. Which do you buy?",
        { kind: "table", rows: [["Alpha", "1", "SHOW IF S2r1"], ["Beta", "2", "SHOW IF S2r2"], ["None", "3", ""]] },
      ],
    });
    const a8 = byId(ir, "A8");
    expect(a8.columns.map((column) => column.label)).toEqual(["Poor", "Good"]);
    expect(a8.rows.map((row) => [row.label, row.showIf?.condition])).toEqual([["Alpha", "{S2} anyof ['1']"], ["Beta", "{S2} anyof ['2']"], ["Gamma", undefined]]);
    expect(byId(ir, "A9").columns.map((column) => column.showIf?.condition)).toEqual([undefined, "{S2} anyof ['3']"]);
    const a10 = byId(ir, "A10");
    expect(a10.type).toBe("single");
    expect(a10.options.map((option) => [option.label, option.showIf?.condition])).toEqual([["Alpha", "{S2} anyof ['1']"], ["Beta", "{S2} anyof ['2']"], ["None", undefined]]);
  });

  it("reads a filter printed in front of a coded answer as that answer's own condition", async () => {
    const ir = await compile(`S11. Which of these have you used? (Multiple Code)
1 Alpha
2 Beta

S12. Which do you prefer? (SINGLE CODE)
[SHOW IF S11r1] 1 Alpha
[SHOW IF S11r2] 2 Beta
3 None
`);
    const s12 = byId(ir, "S12");
    expect(s12.askIf).toEqual([]);
    expect(s12.options.map((option) => [option.label, option.showIf?.condition])).toEqual([["Alpha", "{S11} anyof ['1']"], ["Beta", "{S11} anyof ['2']"], ["None", undefined]]);
  });
});
