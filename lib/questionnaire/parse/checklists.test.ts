import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

describe("a check-list whose items carry their own ids", () => {
  it("reads the items listed under a check-list lead-in as the options of one multiple-choice question", async () => {
    const ir = await parseText(
      [
        "Fruit study codebook",
        "",
        "Visitors answered a short survey at the market stall.",
        "",
        "The fruits below were shown as a check-list (\"Tick every fruit you ate this week\"):",
        "",
        "FR1\tapple",
        "FR2\tplum",
        "FR3\tcherry",
        "FR4\tquince",
        "",
        "A ticked fruit is stored as 1.",
      ].join("\n"),
    );
    const list = questionById(ir, "FR");
    expect(list.type).toBe("multi");
    expect(list.text).toMatch(/^The fruits below were shown as a check-list/);
    expect(list.options.map((option) => [option.code, option.label])).toEqual([
      ["FR1", "apple"],
      ["FR2", "plum"],
      ["FR3", "cherry"],
      ["FR4", "quince"],
    ]);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["FR"]);
  });

  it("leaves numbered statements under a lead-in that names no check-list alone", async () => {
    const ir = await parseText(["The following words were read aloud:", "", "W1\tbridge", "W2\tcandle", "W3\tharbour"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).not.toContain("W");
  });
});
