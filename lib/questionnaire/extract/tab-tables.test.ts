import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** Word tables saved as plain text: a tab-separated header of scale labels, then rows with empty answer cells. */

const GRIDS = [
  "Q1. How much do you agree with each statement about the bakery you visit? [SINGLE CODE PER ROW]",
  "",
  "\tAgree\tNeither\tDisagree",
  "The bread is fresh\t\t\t",
  "The staff are friendly\t\t\t",
  "Prices are fair",
  "The shop is clean\t\t\t",
  "",
  "Q2. Which bakery do you visit most?",
  "1\tCorner Loaf",
  "2\tMill Street Ovens",
  "3\tOther",
  "",
  "Q3. What do you discuss with each person? (Select all that apply for each)",
  "RANDOMIZE LIST\tInsert person 1\tInsert person 2",
  "1.\tOpening hours\t\t",
  "2.\tSpecial orders\t\t",
].join("\n");

describe("tab-separated tables in plain text", () => {
  it("reads a rating grid with its columns and rows, a row that lost its tabs included", async () => {
    const ir = await parseText(GRIDS);
    const q1 = questionById(ir, "Q1");
    expect(q1.type).toBe("grid");
    expect(q1.columns.map((column) => column.label)).toEqual(["Agree", "Neither", "Disagree"]);
    expect(q1.rows).toHaveLength(4);
  });

  it("leaves tab-indented answer codes as a list and reads code cells as part of a row label", async () => {
    const ir = await parseText(GRIDS);
    expect(questionById(ir, "Q2").options.map((option) => option.label)).toEqual(["Corner Loaf", "Mill Street Ovens", "Other"]);
    const q3 = questionById(ir, "Q3");
    expect(q3.type).toBe("grid");
    expect(q3.rows).toHaveLength(2);
  });
});
