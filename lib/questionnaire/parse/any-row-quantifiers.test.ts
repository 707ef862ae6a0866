import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** "At least one G1=1", "ATLEASTONEG1=1" (a narrow cell's letters joined without spaces), "any G1 = 1". */
describe("a condition quantified over a grid's rows", () => {
  const grid = [
    "G1. Did the clinic face problems in each area?",
    "",
    "| | Yes | No |",
    "|---|---|---|",
    "| a. Staffing | 1 | 2 |",
    "| b. Supplies | 1 | 2 |",
    "",
  ];

  it.each(["At least one G1=1", "ATLEASTONEG1=1", "any G1 = 1"])("reads '%s' as some row of the grid answered so", async (written) => {
    const ir = await parseText([...grid, `G2. Describe those problems. [SHOW IF ${written}]`, "________"].join("\n"), "q.md");
    const condition = questionById(ir, "G2").askIf[0]?.condition ?? "";
    expect(condition).toMatch(/^\{G1\.[^}]+\} = '?1'? or \{G1\.[^}]+\} = '?1'?$/);
  });

  it("reads it on a question without rows as that question's own answer", async () => {
    const ir = await parseText(["Q1. Did you travel?", "1. Yes", "2. No", "", "Q2. Where did you go? [SHOW IF At least one Q1=1]", "________"].join("\n"), "q.md");
    expect(questionById(ir, "Q2").askIf[0]?.condition).toBe("{Q1} = '1'");
  });
});
