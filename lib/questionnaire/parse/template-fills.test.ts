import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/** A questionnaire printed from an unrendered mail-merge template: "${Name}" where the merge puts a value. */
describe("unrendered template fills", () => {
  it("reads neither a fill's name nor a label before a fill as a printed id, and no column of fills as answers", async () => {
    const ir = await parseText(
      [
        "#if(${Reminder}=='2')Second#end REMINDER",
        "Contact us: ${PostalAddress1}",
        "",
        "USERNAME : ${CalcLogin}        PASSWORD : ${CalcPassword}",
        "",
        "Please return the form to the following address:",
        "$!{ReturnAddress1}",
        "$!{ReturnAddress2}",
        "",
        "${WhoAnswers1}",
        "$!{WhoAnswers2}",
        "",
        "How to fill in the questionnaire?",
        "• Tick the box that matches your situation.",
        "• Write your answers in the boxes provided.",
        "• Follow the arrows to the next question.",
        "",
        "1. Do you still work for this employer?",
        "1 Yes",
        "2 No",
        "",
        "2. In what year did you start working?",
        "|__|__|__|__|",
        "",
        "3. Are you in a couple?",
        "1 Yes",
        "2 No",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
  });

  it("keeps a numbered question that opens with a survey tool's piped value", async () => {
    const ir = await parseText(["Q25. Was the ${MEDICATION} given daily?", "Yes (1)", "No (0)", "", "Q26. ${MEDICATION} was given for how long?", "Weeks (1)", "Months (2)"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q25", "Q26"]);
  });
});
