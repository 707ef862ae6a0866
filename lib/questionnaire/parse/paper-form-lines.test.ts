import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { DISPLAY_LOGIC } from "./lines";
import { numberedAnswerRow } from "./segment";

describe("numbered answers printed two or three to a line", () => {
  it("splits a row of consecutive numbered answers, and refuses numbered wording", () => {
    expect(numberedAnswerRow("1. By bus 2. By train")).toEqual(["1. By bus", "2. By train"]);
    expect(numberedAnswerRow("3. On foot 4. By bike 5. Other (specify): ______")).toEqual(["3. On foot", "4. By bike", "5. Other (specify): ______"]);
    expect(numberedAnswerRow("1. How do you travel to work? 2. Why?")).toBeNull();
    expect(numberedAnswerRow("1. By bus 3. By train")).toBeNull();
    expect(numberedAnswerRow("12. How many of the 3. grade pupils walk?")).toBeNull();
  });

  it("reads the rows under an unnumbered question as its answers, not as questions 1, 3 and 5", async () => {
    const ir = await parseText(
      [
        "How do you usually travel to work?",
        "1. By bus 2. By train",
        "3. On foot 4. By bike",
        "5. Other (specify): ______",
        "",
        "Which shift do you work?",
        "1. Early 2. Late 3. Night",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => [question.text, question.options.map((option) => option.code).join(",")])).toEqual([
      ["How do you usually travel to work?", "1,2,3,4,5"],
      ["Which shift do you work?", "1,2,3"],
    ]);
  });
});

describe("a question that opens by naming whom it is about", () => {
  it("'Among cyclists, what share …?' asks; 'Among cyclists:' filters", () => {
    expect(DISPLAY_LOGIC.test("Among cyclists, what share of them do you think wear a helmet?")).toBe(false);
    expect(DISPLAY_LOGIC.test("Among cyclists:")).toBe(true);
  });
});
