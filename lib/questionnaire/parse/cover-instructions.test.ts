import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/** Before the first numbered question: "How to fill in the questionnaire?" over a list of instructions. */
describe("instructions on filling in, listed under a heading that asks, before a numbered questionnaire", () => {
  const numbered = ["1. Do you own a car?", "1 Yes", "2 No", "", "2. Do you own a bike?", "1 Yes", "2 No", "", "3. Do you own a boat?", "1 Yes", "2 No"];

  it("reads the heading and its list of sentences as cover text", async () => {
    const ir = await parseText(["How to fill in the questionnaire?", "- Tick the box that matches your situation.", "- Write your answers in the boxes. Example:", "- Follow the arrows to the next question.", "", ...numbered].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
  });

  it("keeps an unnumbered question over short answers as a question", async () => {
    const ir = await parseText(["Have you filled in this form before?", "- Yes, last year", "- No", "", ...numbered].join("\n"));
    expect(questionsOf(ir)).toHaveLength(4);
  });
});
