import { describe, expect, it } from "vitest";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

/**
 * A printed web survey's answers indented under the question without markers, each set apart from what it leads to by
 * a colon: "Yes: Continue" / "No: Exit", "Yes" / "No: There is a problem".
 */
describe("answers set apart from what they lead to by a colon, indented under the question", () => {
  it("reads every line of the list as an answer, the colon's one too", async () => {
    const ir = await parsePdfPage([
      { text: "Do you agree to take part in this study voluntarily?", x: 72, y: 700 },
      { text: "Yes: Continue", x: 100, y: 684 },
      { text: "No: Exit", x: 100, y: 670 },
      { text: "Did the file download start without problems?", x: 72, y: 630 },
      { text: "Yes", x: 100, y: 614 },
      { text: "No: There is a problem", x: 100, y: 600 },
      { text: "How old are you in whole years today, counted at your last birthday?", x: 72, y: 560 },
      { text: "Under 30", x: 100, y: 544 },
      { text: "30 or older", x: 100, y: 530 },
    ]);
    expect(questionsOf(ir).map((question) => question.options.map((option) => option.label))).toEqual([
      [expect.stringMatching(/^Yes/), expect.stringMatching(/^No/)],
      ["Yes", expect.stringMatching(/^No/)],
      ["Under 30", "30 or older"],
    ]);
  });
});
