import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("answers marked on a short blank", () => {
  it("reads a run of labels each followed by a short blank, under a question, as its answers", async () => {
    const ir = await parseText(
      [
        "Which season do you prefer for hiking?",
        "",
        "Spring        ___",
        "Summer        ___",
        "Autumn        ___",
        "Winter        ___",
        "",
        "Shoe size:",
        "Under 38      ____",
        "38 to 42      ____",
        "Over 42       ____",
      ].join("\n"),
    );
    const list = questionsOf(ir);
    expect(list).toHaveLength(2);
    expect(list[0].type).toBe("single");
    expect(list[0].options.map((option) => option.label)).toEqual(["Spring", "Summer", "Autumn", "Winter"]);
    expect(list[1].options.map((option) => option.label)).toEqual(["Under 38", "38 to 42", "Over 42"]);
  });

  it("keeps labels with long blanks as fields to fill in", async () => {
    const ir = await parseText(["Your address:", "Street ____________________", "Town ______________________"].join("\n"));
    expect(questionsOf(ir).flatMap((question) => question.options.map((option) => option.label))).not.toContain("Street");
  });
});
