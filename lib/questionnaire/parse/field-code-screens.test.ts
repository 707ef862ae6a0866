import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

const screen = (name: string, body: string[]) => ["", "-".repeat(60), `\\${"_".repeat(20)}${name.replace(/_/g, "\\_")}${"_".repeat(20)}\\_`, "-".repeat(30), "", ...body.flatMap((line) => [line, ""])];

const spec = [
  "# Module: leisure",
  ...screen("scr_00", ["tc: IF cohort=1 OR cohort=2", "vn:", "qt:", "q: Intro page leisure", "ao:", "vc:", "tr:", "GOTO scr_01", "hi:"]),
  ...screen("scr_01", [
    "tc:",
    "vn: hobby01_v2/ hobby02_v2",
    "qt: single choice matrix with horizontal answers",
    "q: How often do you do the following",
    "in your free time?",
    "it1: Read books",
    "It2: Play board games",
    "ao1:1: never (1)",
    "ao2:2: (2)",
    "ao3:3: often (3)",
    "vc:",
    "tr:",
    "GOTO scr_02",
    "Hi: matrix on one page",
  ]),
  ...screen("scr_02", [
    "tc:",
    "vn: garden_v2",
    "qt: single choice, vertical answers",
    "q: Do you have a garden?",
    "ao1:1: yes, about: \\[number\\] square metres (gardensize\\_v2)",
    "ao2:2: no",
    "tr:",
    "GOTO scr_03 IF garden\\_v2==1",
    "GOTO scr_04 IF (garden\\_v2==2 OR garden\\_v2==MISSING) AND",
    "(cohort=1 OR cohort=2)",
    "hi:",
  ]),
  ...screen("scr_03", ["vn: plants_v2", "qt: multiple choice", "q: What do you grow?", "ao1: vegetables", "ao2: flowers", "ao3: herbs", "tr:", "GOTO scr_04"]),
  ...screen("scr_04", ["vn: pet_v2", "qt: single choice", "q: Do you have a pet?", "ao1:1: yes", "ao2:2: no", "vc: [page_4] visible if cohort=2", "tr:", "GOTO end"]),
].join("\n");

describe("field-coded screen specifications", () => {
  it("reads each screen as a question named by the screen, with its type, answers and grid", async () => {
    const ir = await parseText(spec, "spec.md");
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["scr_01", "scr_02", "scr_03", "scr_04"]);
    const grid = questionById(ir, "scr_01");
    expect(grid.type).toBe("grid");
    expect(grid.text).toBe("How often do you do the following in your free time?");
    expect(grid.rows.map((row) => row.label)).toEqual(["Read books", "Play board games"]);
    expect(grid.columns).toHaveLength(3);
    expect(questionById(ir, "scr_02").type).toBe("single");
    expect(questionById(ir, "scr_02").options).toHaveLength(2);
    expect(questionById(ir, "scr_03").type).toBe("multi");
    expect(questionById(ir, "scr_03").options).toHaveLength(3);
  });

  it("routes the conditional transitions, binding declared variables to their screen and others as set outside", async () => {
    const ir = await parseText(spec, "spec.md");
    const routes = questionById(ir, "scr_02").routes;
    expect(routes.map((route) => route.target)).toEqual([
      { kind: "question", ref: "scr_03" },
      { kind: "question", ref: "scr_04" },
    ]);
    expect(routes[0].when?.condition).toBe("{scr_02} = '1'");
    // MISSING is no answer; the sample variable written in lowercase is set outside the questions.
    expect(routes[1].when?.condition).toContain("{scr_02} empty");
    expect(routes[1].when?.condition).toContain("{COHORT} = '1'");
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("COHORT");
  });

  it("keeps a screen's visibility condition as its filter and does not read unconditional transitions as logic", async () => {
    const ir = await parseText(spec, "spec.md");
    expect(questionById(ir, "scr_04").askIf.map((condition) => condition.condition)).toEqual(["{COHORT} = '2'"]);
    expect(questionById(ir, "scr_03").routes).toEqual([]);
    expect(questionById(ir, "scr_03").askIf).toEqual([]);
  });

  it("leaves documents without such screens unchanged", async () => {
    const ir = await parseText(["Q1. Do you have a garden?", "1 Yes", "2 No", "q: not a screen", "Q2. Do you have a pet?", "1 Yes", "2 No"].join("\n"), "plain.md");
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
  });
});
