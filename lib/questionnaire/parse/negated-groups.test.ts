import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** "NOT (…)" in front of a bracketed group negates the whole group. */

describe("negated groups", () => {
  it("keeps the negation of a bracketed group", async () => {
    const ir = await parseText(
      ["S2. Which pet do you have? (Select one)", "1.\tCat", "2.\tDog", "3.\tFish", "TERMINATE IF NOT (S2=1 OR S2=2)", "", "S3. How old are you?", "___ years", "TERMINATE IF NOT S3>17"].join("\n"),
    );
    expect(questionById(ir, "S2").routes[0]?.when?.condition).toBe("not ({S2} = '1' or {S2} = '2')");
  });

  it("leaves two groups joined by OR to be read clause by clause", async () => {
    const ir = await parseText(["S2. Which pet do you have? (Select one)", "1.\tCat", "2.\tDog", "3.\tFish", "", "S4. Do you walk every day?", "1.\tYes", "2.\tNo", "TERMINATE IF NOT (S2=3) OR (S4=2)"].join("\n"));
    expect(questionById(ir, "S4").routes[0]?.when?.condition).not.toMatch(/^not \(.* or .*\)$/);
  });
});
