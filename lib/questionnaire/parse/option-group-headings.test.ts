import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("option-group headings alone are no answers", () => {
  it("reads a question whose only lettered 'answer' is a section title in capitals (it used to stop the compile) as having no answers", async () => {
    const ir = await parseText(
      [
        "1. Roughly how much would you pay each month to rent this home?",
        "",
        "B) HOUSEHOLD MEMBERS (FOR EVERY HOUSEHOLD IN THE DWELLING)",
        "",
        "2. How many people usually live in this household?",
        "",
        "3. Does the household own a bicycle?",
        "1. Yes",
        "2. No",
      ].join("\n"),
      "form.txt",
    );
    const questions = questionsOf(ir);
    expect(questions.map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(questions[0].options ?? []).toEqual([]);
    expect(questions[2].options?.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});
