import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = async (text: string) => questionsOf(await parseText(text, "doc.md"));

describe("answers of an interview guide are spoken", () => {
  it("answers a count in words when the document is an interview guide", async () => {
    const list = await questions(
      ["# Interview guide: village bakeries", "", "## Your bakery", "", "- How many people work in the bakery?", "- What do you bake every morning?", "- Who are your regular customers?"].join("\n"),
    );
    expect(list.map((question) => question.type)).toEqual(["open", "open", "open"]);
  });

  it("keeps a count as a number in a survey", async () => {
    const list = await questions(["# Bakery survey", "", "1. How many people work in the bakery?", "2. What do you bake every morning?"].join("\n"));
    expect(list[0].type).toBe("numeric");
  });

  it("answers a count followed by a worded question of the same item in words, in any document", async () => {
    const list = await questions(["# Bakery survey", "", "1. How many ovens do you use? What makes one better than another?", "2. How many loaves do you sell a day?"].join("\n"));
    expect(list.map((question) => question.type)).toEqual(["open", "numeric"]);
  });
});
