import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/** Screens labelled as text: a "TEXT" line over a paragraph, or an id ending in TEXT / INTRO over a statement. */

describe("text screen labels", () => {
  it("reads a paragraph under a TEXT line as text, not a question named TEXT", async () => {
    const ir = await parseText(
      ["TEXT", "The next questions are about the meals you cook at home.", "", "Q1. How often do you cook dinner?", "1. Daily", "2. Weekly", "3. Rarely", "", "TEXT", "Thank you, the last questions are about you.", "", "Q2. Do you live alone?", "1. Yes", "2. No"].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
    expect(ir.items.filter((item) => item.kind === "info").map((item) => item.text)).toContain("The next questions are about the meals you cook at home.");
  });

  it("reads an id ending in TEXT over a statement as text", async () => {
    const ir = await parseText(["Q4. Which oven do you use?", "1. Gas", "2. Electric", "", "Q5TEXT. Almost finished! A few last questions about your household.", "", "Q5. How many people live with you?", "1. None", "2. One or more"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q4", "Q5"]);
  });
});
