import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = [1, 2, 3, 4, 5].flatMap((n) => [`## Q${n}. How many cups of tea do you drink on day ${n}?`, "", "- None", "- One or more", ""]);

describe("numbered statement lists after prefixed questions", () => {
  it("reads a closing list of numbered sentences as text, not questions", async () => {
    const ir = await parseText(
      [...questions, "# Cleaning steps", "", "The answers will be cleaned as follows:", "", "1. Drop answers given in under a minute.", "2. Merge duplicate entries.", "3. Flag empty forms for review."].join("\n"),
      "tea.md",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3", "Q4", "Q5"]);
  });

  it("keeps a closing numbered list that asks something", async () => {
    const ir = await parseText([...questions, "# Follow-up", "", "1. Which tea do you like best?", "2. Where do you buy your tea?"].join("\n"), "tea.md");
    expect(questionsOf(ir).length).toBeGreaterThan(5);
  });
});
