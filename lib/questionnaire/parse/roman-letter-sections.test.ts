import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/** "III.B - PERIODS OF UNEMPLOYMENT": a sub-section labelled by its part's Roman numeral and a letter, titled in capitals. */
describe("sub-sections labelled by a Roman numeral and a letter", () => {
  it("reads the label and its title in capitals as a section, not as one more answer of the question above", async () => {
    const ir = await parseText(
      [
        "1. Did you ever work in the private sector?",
        "Yes",
        "No",
        "",
        "III.B - PERIODS OF UNEMPLOYMENT",
        "",
        "2. Were you ever unemployed for more than 6 months?",
        "Yes",
        "No",
        "",
        "VI.A - YOU ARE A TEACHER (FULL TIME)",
        "3. Did you teach in several schools?",
        "Yes",
        "No",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.options.map((option) => option.label))).toEqual([
      ["Yes", "No"],
      ["Yes", "No"],
      ["Yes", "No"],
    ]);
    expect(ir.sections.map((section) => section.title)).toEqual(expect.arrayContaining([expect.stringContaining("PERIODS OF UNEMPLOYMENT"), expect.stringContaining("YOU ARE A TEACHER")]));
  });

});
