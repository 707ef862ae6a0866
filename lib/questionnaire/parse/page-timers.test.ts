import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

describe("page timers in a survey tool's Word export are no questions and no answers", () => {
  it("drops 'tag Timing' with its First Click / Last Click / Page Submit / Click Count values", async () => {
    const ir = await parseText(
      [
        "Q1 Which season do you like best?",
        "Spring (1)",
        "Summer (2)",
        "Q2 Please tell us why you like that season.",
        "season_time Timing",
        "First Click (1)",
        "Last Click (2)",
        "Page Submit (3)",
        "Click Count (4)",
        "Q3 How old are you?",
        "Under 30 (1)",
        "30 or older (2)",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    expect(questionById(ir, "Q2").options).toEqual([]);
  });

  it("keeps a question whose answers merely mention clicks", async () => {
    const ir = await parseText(["Q1 What did you do first on the page?", "First click on a link (1)", "Scrolled down (2)", "Left the page (3)"].join("\n"));
    expect(questionById(ir, "Q1").options).toHaveLength(3);
  });
});
