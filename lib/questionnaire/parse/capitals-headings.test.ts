import { describe, expect, it } from "vitest";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

/**
 * A paper form whose answers and help are printed without markers, indented under the wording, and whose parts are
 * headed by a plain line in capitals at the wording's column, set apart by space.
 */
describe("a part's heading in capitals after answers indented under the wording", () => {
  it("reads the heading as the next part, not as one more answer of the question above", async () => {
    const ir = await parsePdfPage([
      { text: "56. How many days of leave did you take in 2018, even approximately?", x: 72, y: 740 },
      { text: "Count working days only (for example 4 or 4.5)", x: 76, y: 726 },
      { text: "day(s)", x: 90, y: 712 },
      { text: "57. How many days were you absent in 2018 for illness or other reasons?", x: 72, y: 690 },
      { text: "Count working days only (for example 4 or 4.5)", x: 76, y: 676 },
      { text: "day(s)", x: 90, y: 662 },
      { text: "YOUR FURTHER TRAINING", x: 72, y: 630 },
      { text: "58. Have you followed a training course since you started working?", x: 72, y: 616 },
      { text: "Yes", x: 90, y: 602 },
      { text: "No", x: 90, y: 588 },
      { text: "DON'T KNOW", x: 90, y: 560 },
    ]);
    const questions = questionsOf(ir);
    expect(questions.map((question) => question.type)).toEqual(["numeric", "numeric", "single"]);
    // (An answer in capitals at the answers' indent stays an answer.)
    expect(questions[2].options.map((option) => option.label)).toEqual(["Yes", "No", "DON'T KNOW"]);
  });
});
