import { describe, expect, it } from "vitest";
import { parseText as parseAs, questionsOf as questions } from "../testing/parse-text";

const parseText = (text: string, filename = "q.md") => parseAs(text, filename);

describe("ranking items written as a numbered list", () => {
  it("reads numbered bold labels with an indented long label, after a ranking instruction, as one ranking", async () => {
    const ir = await parseText(
      [
        "### Part A — Priorities",
        "*Instruction:* Drag the benefits into order, ranking them from most important (1) to least important (4).",
        "",
        "1. **Flexible hours**",
        "   * *Long label:* Being able to choose when the working day starts and ends",
        "2. **Remote work**",
        "   * *Long label:* Working from home on some days of the week",
        "3. **Training budget**",
        "   * *Long label:* A yearly budget for courses and conferences",
        "4. **Company car**",
        "   * *Long label:* A car for work and private use",
        "",
        "### Part B — Comments",
        "1. What else should we know?",
      ].join("\n"),
    );
    const ranking = questions(ir)[0];
    expect(ranking.type).toBe("ranking");
    expect(ranking.text).toMatch(/^Drag the benefits into order/);
    expect(ranking.options.map((option) => option.label)).toEqual(["Flexible hours", "Remote work", "Training budget", "Company car"]);
    expect(questions(ir)).toHaveLength(2);
  });

  it("takes the ranking from the section heading when no instruction is printed, in other languages too", async () => {
    const ir = await parseText(
      [
        "## Classifica (ordinare dal più importante al meno importante)",
        "1. **Prezzo**",
        "2. **Qualità**",
        "3. **Assistenza**",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.type, question.options.length])).toEqual([["ranking", 3]]);
  });

  it("leaves numbered questions alone when nothing says to rank them", async () => {
    const ir = await parseText(["## About you", "1. **Name**", "2. **Town**", "3. **Occupation**"].join("\n"));
    expect(questions(ir).every((question) => question.type !== "ranking")).toBe(true);
  });
});
