import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { DISPLAY_LOGIC } from "./lines";
import { labelledAnswerRow, numberedAnswerRow } from "./segment";

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

describe("a field's label with its numbered answers on the same line", () => {
  it("splits the label from answers numbered from 1 (a number may be glued to its answer)", () => {
    expect(labelledAnswerRow("DISTRICT: 1. North 2. South 3.East")).toEqual({ wording: "DISTRICT:", answers: ["1. North", "2. South", "3.East"] });
    expect(labelledAnswerRow("Visited on 1. May 2. June")).toEqual({ wording: "Visited on", answers: ["1. May", "2. June"] });
    expect(labelledAnswerRow("We asked 12 people 1. yesterday")).toBeNull();
    expect(labelledAnswerRow("Two options: 2. Yes 3. No")).toBeNull();
  });

  it("reads cover fields printed that way as questions", async () => {
    const ir = await parseText(["Home district: 1. North 2. South 3. East", "HOUSEHOLD SIZE 1. One 2. Two or more", "", "1. Do you own a car?", "1 Yes", "2 No"].join("\n"));
    expect(questionsOf(ir).map((question) => [question.text, question.options.length])).toEqual([
      ["Home district:", 3],
      ["HOUSEHOLD SIZE", 2],
      ["Do you own a car?", 2],
    ]);
  });
});

describe("a question that opens by naming whom it is about", () => {
  it("'Among cyclists, what share …?' asks; 'Among cyclists:' filters", () => {
    expect(DISPLAY_LOGIC.test("Among cyclists, what share of them do you think wear a helmet?")).toBe(false);
    expect(DISPLAY_LOGIC.test("Among cyclists:")).toBe(true);
  });
});
