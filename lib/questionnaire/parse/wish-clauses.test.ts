import { describe, expect, it } from "vitest";
import { parsePdfPage, parseText, questionById } from "../testing/parse-text";

describe("follow-ups that open with the respondent's wish", () => {
  it("binds 'If you would like …' to the yes/no question before it that shares its topic, Yes and Maybe", async () => {
    const ir = await parseText(
      [
        "4.1 Do you want the library to send reminders before a loan is due?",
        "○ Yes",
        "○ No",
        "○ Maybe",
        "4.2 If you would like to get reminders, which channel suits you?",
        "○ E-mail",
        "○ Text message",
        "4.3 Should the library open on Sundays?",
        "○ Yes",
        "○ No",
        "4.4 How did you hear about the reading club?",
        "○ Friends",
        "○ Poster",
        "4.5 If you think Sunday opening is worthwhile, which hours suit you?",
        "○ Morning",
        "○ Afternoon",
        "",
      ].join("\n"),
    );
    expect(questionById(ir, "4.2").askIf[0]?.condition).toBe("{Q4_1} anyof ['1', '3']");
    const sunday = questionById(ir, "4.5").askIf[0]?.condition;
    expect(sunday).toBe("{Q4_3} = '1'");
  });

  it("binds a wish to the one answer of a list that names its topic", async () => {
    const ir = await parseText(
      [
        "2.1 What would you like to receive at the end of the course? (Select all that apply)",
        "☐ A badge for finishing every lesson",
        "☐ A summary of the outcomes",
        "☐ A short message on the screen",
        "2.2 If you want a badge for the course, what should it show?",
        "☐ My final mark",
        "☐ Only my name",
        "",
      ].join("\n"),
    );
    expect(questionById(ir, "2.2").askIf[0]?.condition).toBe("{Q2_1} anyof ['1']");
  });

  it("leaves a hypothetical alone", async () => {
    const ir = await parseText(["1. Do you own a bicycle?", "○ Yes", "○ No", "2. If you had to choose a new bicycle, what colour would you pick?", "○ Red", "○ Blue", ""].join("\n"));
    expect(questionById(ir, "2").askIf).toEqual([]);
  });

  it("starts the next item at a decimal-numbered line under an answer that ran to the right edge", async () => {
    const ir = await parsePdfPage([
      { text: "3.1 When you finish the course, what would you like to receive?", x: 50, y: 760 },
      { text: "a) A badge", x: 56, y: 740 },
      { text: "b) A long message on the screen telling me that \"every lesson of the course is now finished\"", x: 56, y: 724, size: 10 },
      { text: "3.2 If you want a badge for the course, what details should be printed on", x: 50, y: 704 },
      { text: "it apart from the title and the date?", x: 50, y: 690 },
      { text: "a) My final mark", x: 56, y: 670 },
      { text: "b) Only my name", x: 56, y: 654 },
    ]);
    expect(questionById(ir, "3.1").options).toHaveLength(2);
    expect(questionById(ir, "3.2").options).toHaveLength(2);
  });
});
