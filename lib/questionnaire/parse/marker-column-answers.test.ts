import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

describe("answer tables of label, glyph and note", () => {
  // Markdown cannot print a table without a header row: an empty one stands for it.
  it("reads each row as an answer and its note as the answer's route", async () => {
    const ir = await parseText(
      [
        "M1. Which kind of boat do you sail most?",
        "",
        "| | | |",
        "|---|---|---|",
        "| a. Dinghy | ◉ | [Continue] |",
        "| b. Catamaran | ◉ | [Thank and Terminate] |",
        "| c. Keelboat | ◉ | [Continue] |",
        "",
        "M2. Which of these have you sailed? Please select all that apply.",
        "",
        "| | |",
        "|---|---|",
        "| a. Lake | ❑ |",
        "| b. River | ❑ |",
        "| c. Open sea | ❑ |",
      ].join("\n"),
      "boats.md",
    );
    const m1 = questionById(ir, "M1");
    expect(m1.type).toBe("single");
    expect(m1.options.map((option) => option.label)).toEqual(["Dinghy", "Catamaran", "Keelboat"]);
    expect(m1.options.map((option) => option.route?.kind ?? null)).toEqual([null, "terminate", null]);
    const m2 = questionById(ir, "M2");
    expect(m2.type).toBe("multi");
    expect(m2.options).toHaveLength(3);
  });

  it("leaves a table with other cells (a grid) as a table", async () => {
    const ir = await parseText(
      ["M3. How often do you sail on each?", "", "| | Often | Never |", "|---|---|---|", "| a. Lake | ◉ | ◉ |", "| b. River | ◉ | ◉ |", "| c. Sea | ◉ | ◉ |"].join("\n"),
      "grid.md",
    );
    expect(questionById(ir, "M3").type).toBe("grid");
  });
});
