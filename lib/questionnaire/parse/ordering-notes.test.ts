import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** An ordering instruction on its own line above the answers ("Alphabetize", "Randomize list") is a note, not an answer. */

describe("ordering notes", () => {
  it("keeps 'Alphabetize' out of the answers", async () => {
    const ir = await parseText(["S4. Which of these tea brands have you bought? (Select all that apply)", "Alphabetize", "1.\tBrightleaf", "2.\tCopper Pot", "3.\tHillside", "4.\tNone of the above", "", "S5. How old are you?", "___ years"].join("\n"));
    expect(questionById(ir, "S4").options.map((option) => option.label)).toEqual(["Brightleaf", "Copper Pot", "Hillside", "None of the above"]);
  });
});
