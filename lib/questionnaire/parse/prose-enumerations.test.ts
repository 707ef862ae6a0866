import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = async (text: string) => questionsOf(await parseText(text));

describe("numbered points in the introduction", () => {
  it("reads points the introduction numbers before questions numbered from 1 again as its text", async () => {
    const list = await questions(
      [
        "The board will then decide on one of these outcomes:",
        "1. Keep the new timetable",
        "2. Return to the old timetable",
        "3. Run a longer trial",
        "Please answer the questions below.",
        "",
        "1. Do you use the service every week?",
        "Yes",
        "No",
        "2. Which line do you use most?",
        "North line",
        "South line",
        "3. How many trips do you make per week?",
        "______",
      ].join("\n"),
    );
    expect(list.map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(list[0].text).toBe("Do you use the service every week?");
    expect(list[0].options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("keeps numbered answers under questions as answers", async () => {
    const list = await questions(["1. Do you own a car?", "1. Yes", "2. No", "2. Do you own a bicycle?", "1. Yes", "2. No"].join("\n"));
    expect(list.map((question) => question.id)).toEqual(["1", "2"]);
    expect(list.map((question) => question.options.length)).toEqual([2, 2]);
  });
});
