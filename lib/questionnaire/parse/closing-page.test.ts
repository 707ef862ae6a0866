import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("a survey tool's page markers and closing page", () => {
  it("ends a list at a page marker and reads the closing page as end text", async () => {
    const ir = await parseText(
      [
        "1. Which bus line do you take most often?",
        "○ Line A",
        "○ Line B",
        "Page 02",
        "Timetable questions",
        "2. How satisfied are you with the timetable?",
        "○ Very",
        "○ Somewhat",
        "○ Not at all",
        "Last page",
        "Thank you for taking part!",
        "B. C. Rider, Transit Forum – 2031",
        "",
      ].join("\n"),
    );
    const questions = questionsOf(ir);
    expect(questions.map((question) => question.id)).toEqual(["1", "2"]);
    expect(questions[0].options).toHaveLength(2);
    expect(questions[1].options).toHaveLength(3);
    expect(ir.items.filter((item) => item.kind === "info" && item.role === "end").length).toBeGreaterThan(0);
  });

  it("reads a page marker in German", async () => {
    const ir = await parseText(["1. Wohnen Sie in der Stadt?", "○ Ja", "○ Nein", "Seite 03", "2. Seit wann?", "○ Unter einem Jahr", "○ Länger", ""].join("\n"));
    expect(questionsOf(ir)[0].options).toHaveLength(2);
  });
});
