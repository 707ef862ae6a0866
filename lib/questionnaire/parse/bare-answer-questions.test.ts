import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("unnumbered questions with bare answer lines (plain text)", () => {
  it("starts a question at each asking sentence and reads the lines under it as its answers", async () => {
    const ir = await parseText(
      [
        "Garden Survey",
        "",
        "Which flower do you like best?",
        "",
        "Tulip",
        "Rose",
        "Others",
        "",
        "Which console do you own?",
        "PS4",
        "Switch",
        "retro handheld",
        "",
        "-----------",
        "",
        "Weather Survey",
        "",
        "Which snack do you buy on rainy days?",
        "",
        "salty chips (crunchy)",
        "sweet biscuits (soft)",
        "Both",
      ].join("\n"),
    );
    const found = questionsOf(ir);
    expect(found.map((question) => question.text)).toEqual(["Which flower do you like best?", "Which console do you own?", "Which snack do you buy on rainy days?"]);
    expect(found.map((question) => question.type)).toEqual(["single", "single", "single"]);
    // A token that looks like an id and a lower-case label are answers of their own.
    expect(found[1].options.map((option) => option.label)).toEqual(["PS4", "Switch", "retro handheld"]);
    expect(found[2].options.map((option) => option.label)).toEqual(["salty chips (crunchy)", "sweet biscuits (soft)", "Both"]);
  });

  it("leaves documents with fewer such blocks, or with printed question numbers, alone", async () => {
    const prose = await parseText(["Notes from the meeting", "", "Why did the lights fail again?", "Storm", "Old wiring", "", "Who pays for it?", "Landlord", "Tenant"].join("\n"));
    expect(questionsOf(prose).length).toBeLessThan(2);
    const numbered = await parseText(["Q1. Which fruit do you eat most?", "Apple", "Pear", "", "Q2. Which juice do you drink most?", "Orange", "Grape", "", "Q3. Which berry do you pick most?", "Straw", "Blue"].join("\n"));
    expect(questionsOf(numbered).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    // Ids printed on lines of their own number the questions too; a table's header cells are no answer lines.
    const lone = await parseText(
      ["Q1", "Which fruit do you eat most?", "", "Apple", "Pear", "", "Q2", "Which juice do you drink most?", "", "Orange", "Grape", "", "Q3", "Which berry do you pick most?", "", "Straw", "Blue"].join("\n"),
    );
    expect(questionsOf(lone).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
  });
});
