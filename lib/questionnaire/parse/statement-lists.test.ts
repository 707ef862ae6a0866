import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** Agreement questions with their statement (or statements) printed in the answer list, above the scale. */

const SCALE = ["Strongly agree", "Agree", "Neutral", "Disagree", "Strongly disagree"];
const DOC = [
  "Q1. How much do you agree or disagree with the following statement?",
  "I would rather cook at home than eat out on weekdays.",
  ...SCALE,
  "",
  "Q2. How much do you agree with the following statements? [RANDOMIZE]",
  "Fresh ingredients are worth paying more for.",
  "I plan my meals for the whole week ahead.",
  "Cooking with friends is one of my favourite pastimes.",
  ...SCALE,
  "",
  "Q3. Which statement describes your kitchen best?",
  "Small",
  "Medium sized",
  "Large",
].join("\n");

describe("statements printed above the scale", () => {
  it("moves one statement into the wording", async () => {
    const q1 = questionById(await parseText(DOC), "Q1");
    expect(q1.type).toBe("single");
    expect(q1.text).toContain("cook at home");
    expect(q1.options.map((option) => option.label)).toEqual(SCALE);
  });

  it("makes several statements the rows of a grid over the scale", async () => {
    const q2 = questionById(await parseText(DOC), "Q2");
    expect(q2.type).toBe("grid");
    expect(q2.rows).toHaveLength(3);
    expect(q2.columns.map((column) => column.label)).toEqual(SCALE);
  });

  it("leaves a list of short answers alone", async () => {
    const q3 = questionById(await parseText(DOC), "Q3");
    expect(q3.type).toBe("single");
    expect(q3.options).toHaveLength(3);
  });
});
