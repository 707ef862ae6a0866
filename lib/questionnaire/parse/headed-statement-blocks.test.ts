import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("headed statement blocks", () => {
  it("reads numbered statements under block headings after a stated legend as one grid per block", async () => {
    const ir = await parseText(
      [
        "4.1 How many pets do you keep? (Select one)",
        "None",
        "One",
        "Two or more",
        "",
        "Please rate how often each statement below is true for you.",
        "1 = Never, 2 = Rarely, 3 = Sometimes, 4 = Often, 5 = Always",
        "K. Feeding",
        "5.1 I measure the food before every meal.",
        "5.2 The water bowl is refilled twice a day.",
        "L. Walking",
        "5.3 The morning walk lasts at least half an hour.",
        "5.4 I take the long route at the weekend.",
        "5.5 Rainy days shorten the evening walk.",
        "",
        "6.1 What would make caring for your pet easier?",
      ].join("\n"),
    );
    const grids = questionsOf(ir).filter((question) => question.type === "grid");
    expect(grids).toHaveLength(2);
    expect(grids[0].text).toContain("Feeding");
    expect(grids[0].rows.map((row) => row.code)).toEqual(["5.1", "5.2"]);
    expect(grids[0].rows[0].label).toBe("I measure the food before every meal.");
    expect(grids[0].columns.map((column) => column.label)).toEqual(["Never", "Rarely", "Sometimes", "Often", "Always"]);
    expect(grids[1].rows.map((row) => row.code)).toEqual(["5.3", "5.4", "5.5"]);
    expect(questionsOf(ir)).toHaveLength(4);
  });
});
