import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { parseText } from "../testing/parse-text";
import { toolLogicStatement } from "./tool-logic";

const question = (ir: Awaited<ReturnType<typeof parseText>>, id: string) =>
  ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("survey tools' printed logic labels", () => {
  it("reads each tool's display label as a filter on the question it is printed with", () => {
    expect(toolLogicStatement("Branching logic: [smoker] = '1'")).toBe("[SHOW IF [smoker] = '1']");
    expect(toolLogicStatement("Branching Logic (Show field only if...): [age] >= 18")).toBe("[SHOW IF [age] >= 18]");
    expect(toolLogicStatement("Show the field ONLY if: [smoker] = '1'")).toBe("[SHOW IF [smoker] = '1']");
    expect(toolLogicStatement("relevant: ${consent} = 'yes'")).toBe("[SHOW IF ${consent} = 'yes']");
    expect(toolLogicStatement('Logic: Hidden unless: Question "Do you cycle?" #4 is one of the following answers ("Yes")')).toMatch(/^\[SHOW IF Question "Do you cycle\?"/);
    expect(toolLogicStatement("<cond> Q1r2 </cond>")).toBe("SHOW IF Q1r2");
    expect(toolLogicStatement("[if S3 in (1,2)]")).toBe("[SHOW IF S3 in (1,2)]");
  });

  it("reads each tool's routing label as a routing statement from the question it follows", () => {
    expect(toolLogicStatement("ROUTE: A1 = 2 -> A3")).toBe("IF A1 = 2 -> A3");
    expect(toolLogicStatement("ROUTING: IF Q1=2 GO TO Q3")).toBe("IF Q1=2 GO TO Q3");
    expect(toolLogicStatement("Question logic: If No is selected, then skip to Q3")).toBe('IF "No", then skip to Q3');
  });

  it("leaves ordinary lines alone (a FILTER line in words belongs to the prose reader)", () => {
    expect(toolLogicStatement("FILTER: those who cycle")).toBeNull();
    expect(toolLogicStatement("Which of these do you use?")).toBeNull();
    expect(toolLogicStatement("[if you cycle]")).toBeNull();
  });
});

describe("survey tools' answer actions", () => {
  it("reads Google Forms 'Submit form', Alchemer 'Disqualify' and 'Branch to question N' next to an answer as routes", async () => {
    const ir = await parseText(
      ["Q1. Which region do you live in?", "1 North", "2 South", "3 Abroad [Disqualify]", "Q2. Do you cycle?", "1 Yes", "2 No (Submit form)", "Q3. How often?", "1 Daily - Branch to question 5", "2 Weekly", "Q4. Why weekly?", "1 Time", "Q5. What is your age?", "1 Under 40"].join("\n"),
    );
    expect(question(ir, "Q1").options[2].route).toEqual({ kind: "terminate" });
    expect(question(ir, "Q2").options[1].route).toEqual({ kind: "end" });
    expect(question(ir, "Q3").options[0].route).toMatchObject({ kind: "question", ref: "5" });
    expect(question(ir, "Q3").options[0].label).toBe("Daily");
  });

  it("does not read an answer whose label merely contains the words as a route", async () => {
    const ir = await parseText(["Q1. What did you do next?", "1 Submit form online", "2 Phoned", "Q2. What is your age?", "1 Under 40"].join("\n"));
    expect(question(ir, "Q1").options[0].route).toBeUndefined();
  });
});

describe("tool conditions that do not bind are kept, flagged", () => {
  it("keeps an XLSForm relevance on an unknown field on its question", async () => {
    const ir = await parseText(["Q1. Do you own a car?", "1 Yes", "2 No", "Q2. Which brand is it?", "relevant: ${car_owner} = 'yes'", "1 Ford", "2 Toyota", "Q3. What is your age?", "1 Under 40"].join("\n"));
    expect(question(ir, "Q2").askIf).toMatchObject([{ unresolved: expect.stringContaining("car_owner") }]);
    expect(question(ir, "Q3").askIf).toEqual([]);
  });
});

describe("tools' default answer codes", () => {
  it("reads LimeSurvey's A1, A2 … by position and Y/N, REDCap's 1/0 on a yes/no question; a code the question prints wins", async () => {
    const ir = await parseText(
      [
        "Q1. Do you cycle?",
        "○ Yes",
        "○ No",
        "Q2. How often?",
        "Branching logic: [q1] = '0'",
        "○ Daily",
        "○ Weekly",
        "Q3. Where?",
        'Relevance: Q2.NAOK == "A2"',
        "○ Roads",
        "○ Paths",
        "Q4. Since when?",
        'Relevance: Q1.NAOK == "Y"',
        "○ This year",
        "○ Longer",
      ].join("\n"),
    );
    expect(question(ir, "Q2").askIf[0].condition).toBe("{Q1} = '2'");
    expect(question(ir, "Q3").askIf[0].condition).toBe("{Q2} = '2'");
    expect(question(ir, "Q4").askIf[0].condition).toBe("{Q1} = '1'");
  });
});

describe("web survey logic exported as a code span on its own line (Markdown)", () => {
  const text = [
    "# Orchard survey",
    "",
    "**P1.1**[^loop] Do you grow fruit trees?",
    "",
    "* No",
    "* Yes",
    "",
    "(`if P1.1 == 'No' goto P2.1 else goto P1.2`)",
    "",
    "**P1.2** In which region is your orchard?",
    "",
    "*Drop-down list of regions*",
    "",
    "(`if P1.2 != 'Coastal plain'`)  ",
    "**P1.3** Does your orchard need irrigation?",
    "",
    "* No",
    "* Yes",
    "",
    "`(if P1.3 == 'Yes' or P1.2 == 'Highlands')`  ",
    "**P1.4** How many litres of water do you use each week?",
    "",
    "*Numeric field*",
    "",
    "**P2.1** How old are you?",
    "",
    "*Numeric field*",
    "",
    "[^loop]: Shown once per orchard.",
  ].join("\n");

  it("reads the code span as the tool's expression: a branch after the answers, a filter before the question", () => {
    expect(toolLogicStatement("`if P1.2 != 'Coastal plain'`")).toBe("SHOW IF P1.2 != 'Coastal plain'");
    expect(toolLogicStatement("`if P1.1 == 'No' goto P2.1 else goto P1.2`")).toBe("IF P1.1 == 'No' GO TO P2.1");
    expect(toolLogicStatement("`if you grow apples`")).toBeNull();
  });

  it("binds dotted ids, compares a field without printed answers with the written value, and scopes the branch", async () => {
    const ir = await parseText(text, "q.md");
    expect(question(ir, "P1.1").routes[0].when?.condition).toBe("{P1_1} = '1'");
    expect(question(ir, "P1.3").askIf.map((item) => item.condition)).toContain("{P1_2} != 'Coastal plain'");
    expect(question(ir, "P1.4").askIf.map((item) => item.condition)).toContain("{P1_3} = '2' or {P1_2} = 'Highlands'");
    expect(question(ir, "P2.1").askIf).toEqual([]);
  });
});

describe("Wenjuanxing display logic printed after the answers of the question it gates", () => {
  const text = [
    "1. 您平时喝茶吗？ [单选题] *",
    "○经常",
    "○偶尔",
    "○从不",
    "2. 您对以下饮品的喜爱程度 [矩阵量表题] *",
    "很不喜欢 不喜欢 一般 喜欢 很喜欢",
    "绿茶 ○ ○ ○ ○ ○",
    "红茶 ○ ○ ○ ○ ○",
    "3. 您通常在哪里买茶？ [单选题] *",
    "○超市",
    "○茶叶店",
    "依赖于第 1 题第 1;2 个选项",
    "4. 您每月买红茶花多少钱？ [单选题] *",
    "○50 元以下",
    "○50 元以上",
    "依赖于第 2 题第 2 个行标题中的第 4;5 个选项",
    "5. 您的性别 [单选题] *",
    "○男",
    "○女",
  ].join("\n");

  it("reads the note as a filter on the question above it, bound by the positions it names", async () => {
    expect(toolLogicStatement("依赖于第 1 题第 1;2 个选项")).toBe("[SHOW THIS QUESTION IF 依赖于第 1 题第 1;2 个选项]");
    const ir = await parseText(text);
    expect(question(ir, "3").askIf.map((item) => item.condition)).toEqual(["{Q1} anyof ['1', '2']"]);
    // Where the matrix is not read as a grid, the row's note stays on its question, flagged.
    expect(question(ir, "4").askIf).toEqual([expect.objectContaining({ text: expect.stringContaining("依赖于第 2 题"), unresolved: expect.any(String) })]);
    expect(question(ir, "5").askIf).toEqual([]);
  });
});
