import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { answerLabel } from "./unmarked-answer-lines";

describe("answers printed as plain lines under the asking sentence", () => {
  it("tells a label from a sentence, a question or a lead-in", () => {
    for (const text of ["Yes", "Republican", "Female (Redirect if quota for answers met to https://x.example/?a=1; Quota size is 2000)", "Once in a few months or longer", "18 - 24"]) expect(answerLabel(text), text).toBe(true);
    for (const text of ["Please answer honestly.", "Why?", "Which of these:", "Name ________", "This is a long sentence that explains what the next part of the survey is about"]) expect(answerLabel(text), text).toBe(false);
  });

  it("reads two or more short lines after the question mark as the answers, in any language", async () => {
    const ir = await parseText(
      [
        "Q9. Would you prefer to restrict your investments to ESG funds?",
        "Yes",
        "No",
        "",
        "Q10. ¿Con qué partido se identifica?",
        "Republicano",
        "Demócrata",
        "Ninguno",
        "",
        "Q11. If you don't identify with any party, do you lean towards one of them?",
        "Republican",
        "Democrat",
        "None",
      ].join("\n"),
      "export.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => [q.id, q.type, q.options.length])).toEqual([
      ["Q9", "single", 2],
      ["Q10", "single", 3],
      ["Q11", "single", 3],
    ]);
  });

  it("reads the answers before a display condition printed after them", async () => {
    const ir = await parseText(
      ["Q11. If you don't identify with any party, do you lean towards one of them?", "Republican", "Democrat", "None", "This question is shown only if the following conditions are met:", "Answer to question Q10 is equal to None"].join("\n"),
      "export.txt",
    );
    expect(questionsOf(ir)[0].options.map((o) => o.label)).toEqual(["Republican", "Democrat", "None"]);
  });

  it("leaves sentences after a question as wording", async () => {
    const ir = await parseText(["Q1. How are you today?", "The next questions are about your health.", "Please answer honestly.", "", "Q2. Comments?", "______"].join("\n"), "export.txt");
    expect(questionsOf(ir)[0].options).toHaveLength(0);
  });
});

describe("'Multiple choice' as a tool's name for any choice question", () => {
  it("is single choice when the settings say one response is allowed", async () => {
    const ir = await parseText(
      [
        "Q11 Party ID Multiple choice",
        "(One response required; One response allowed; Randomise order of options)",
        "What party do you identify yourself with?",
        "Republican",
        "Democrat",
        "None",
        "",
        "Q12 Media Multiple choice",
        "(Multiple responses allowed)",
        "Which of these do you read?",
        "Papers",
        "Magazines",
        "Blogs",
      ].join("\n"),
      "export.txt",
    );
    expect(questionsOf(ir).map((q) => q.type)).toEqual(["single", "multi"]);
  });
});
