import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = async (text: string) => questionsOf(await parseText(text, "doc.md"));

describe("a count followed by a worded question in the same item", () => {
  it("is answered in words; a count alone stays a number", async () => {
    const list = await questions(["# Bakery survey", "", "1. How many ovens do you use? What makes one better than another?", "2. How many loaves do you sell a day?", "3. How many staff do you have? How many of them bake?"].join("\n"));
    expect(list.map((question) => question.type)).toEqual(["open", "numeric", "numeric"]);
  });
});
