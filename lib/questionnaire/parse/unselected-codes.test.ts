import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";
import { mustSelectCodes, notSelectedCodes } from "./unselected-codes";

/** Screener rules that name the codes a respondent must pick to go on. */

const SCREENER = [
  "S2. Which drink do you have most mornings? (Select one)",
  "1.\tTea",
  "2.\tCoffee",
  "3.\tJuice",
  "TERMINATE IF CODES 1 OR 2 NOT SELECTED",
  "",
  "S3. Which of these do you keep at home? (Select all that apply)",
  "1\tKettle",
  "2\tToaster",
  "3\tNone of these",
  "[MUST SELECT 2 TO CONTINUE]",
  "",
  "S4. For quality purposes, please pick the word that names a colour.",
  "1.\tTable",
  "2.\tGreen",
  "3.\tRiver",
  "[Quality check – TERMINATE IF CODE 2 NOT SELECTED]",
  "",
  "Q1. How many cups do you drink on a usual day?",
  "____ cups",
].join("\n");

describe("codes that must be selected", () => {
  it("reads the codes of both phrasings", () => {
    expect(notSelectedCodes("CODES 1 OR 2 NOT SELECTED")).toEqual(["1", "2"]);
    expect(notSelectedCodes("code 3 is not chosen")).toEqual(["3"]);
    expect(notSelectedCodes("Q3 NOT SELECTED")).toBeNull();
    expect(mustSelectCodes("[MUST SELECT 4 TO CONTINUE]")).toEqual(["4"]);
    expect(mustSelectCodes("MUST SELECT 2 - Brand One 1-Day OR 10 - Brand Two TO CONTINUE")).toEqual(["2", "10"]);
    expect(mustSelectCodes("You must select an answer to continue")).toBeNull();
  });

  it("screens out whoever picked none of the codes of the question the rule is printed under", async () => {
    const ir = await parseText(SCREENER);
    const conditionOf = (id: string) => questionById(ir, id).routes.find((route) => route.target.kind === "terminate")?.when?.condition;
    expect(conditionOf("S2")).toBe("{S2} noneof ['1', '2']");
    expect(conditionOf("S3")).toBe("{S3} noneof ['2']");
    expect(conditionOf("S4")).toBe("{S4} != '2'");
    expect(questionById(ir, "Q1").routes).toEqual([]);
  });
});
