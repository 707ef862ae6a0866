import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

/**
 * Agency questionnaires that name their questions ("Q. PET OWNER") instead of numbering them, refer to them as
 * "Q" + the name in filters, and abbreviate terminate as "TERM".
 */

const NAMED = [
  "Q. BIRTH YEAR",
  "In which year were you born? [DROPDOWN YEARS] [TERM IF UNDER 21]",
  "",
  "Q. REGION",
  "Which region of the country do you live in?",
  "Northlands",
  "Midvale",
  "Southshore",
  "Overseas [TERM]",
  "",
  "Q. PET OWNER",
  "Do you currently look after a cat or a dog at home?",
  "Yes",
  "No",
  "",
  "[IF QPET OWNER == 1]",
  "Q. PET FOOD",
  "Which kinds of pet food did you buy in the last month? Select all that apply.",
  "Dry food",
  "Wet food",
  "Treats",
  "",
  "Q. WALKS",
  "How many walks a week do you take for leisure? [NUMERIC OPEN END] [MIN 0, MAX 50]",
  "[TERM IF QWALKS == 0]",
  "",
  "Q12. GARDEN",
  "Do you have a garden of your own?",
  "Yes",
  "No",
].join("\n");

describe("named question labels", () => {
  it("names each question by its label and drops the label line", async () => {
    const ir = await parseText(NAMED);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["BIRTH_YEAR", "REGION", "PET_OWNER", "PET_FOOD", "WALKS", "Q12"]);
    expect(questionById(ir, "REGION").text).toBe("Which region of the country do you live in?");
    expect(questionById(ir, "REGION").options.map((option) => option.label)).toEqual(["Northlands", "Midvale", "Southshore", "Overseas"]);
    expect(questionById(ir, "Q12").aliases).toContain("GARDEN");
  });

  it("resolves filters that run the marker and a spaced name together", async () => {
    const ir = await parseText(NAMED);
    expect(questionById(ir, "PET_FOOD").askIf.map((entry) => entry.condition)).toEqual(["{PET_OWNER} = '1'"]);
  });

  it("reads TERM as terminate, after an answer and before a condition", async () => {
    const ir = await parseText(NAMED);
    expect(questionById(ir, "REGION").options[3].route?.kind).toBe("terminate");
    const walks = questionById(ir, "WALKS").routes.find((route) => route.target.kind === "terminate");
    expect(walks?.when?.condition).toBe("{WALKS} = '0'");
  });

  it("keeps one label alone and lower-case 'term' as ordinary words", async () => {
    const ir = await parseText(["Q. OPINION", "What do you think about long term parking near the station?", "Good", "Bad", "", "Q1. Is the term ending soon?", "Yes", "No"].join("\n"));
    expect(questionsOf(ir).some((question) => question.id === "OPINION")).toBe(false);
    expect(questionsOf(ir).flatMap((question) => question.routes)).toEqual([]);
  });
});
