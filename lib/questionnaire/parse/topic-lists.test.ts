import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = async (text: string) => questionsOf(await parseText(text, "guide.md"));

describe("topic lists of an interview guide", () => {
  const guide = (title: string) =>
    [
      `# ${title}`,
      "",
      "## About the orchard",
      "",
      "- Size of the orchard",
      "- Varieties grown",
      "- Number of seasonal pickers",
      "",
      "## Harvest",
      "",
      "- How do you decide when to start picking?",
      "- What went wrong in the last harvest?",
      "- Who sells the fruit and where?",
    ].join("\n");

  it("reads the bullets under a heading that asks nothing as open questions, one per topic", async () => {
    const list = await questions(guide("Interview guide for orchard owners"));
    expect(list.map((question) => question.text)).toEqual([
      "Size of the orchard",
      "Varieties grown",
      "Number of seasonal pickers",
      "How do you decide when to start picking?",
      "What went wrong in the last harvest?",
      "Who sells the fruit and where?",
    ]);
    expect(list.every((question) => question.options.length === 0)).toBe(true);
  });

  it("keeps such a list as the heading's answers in a document that is not a guide", async () => {
    const list = await questions(guide("Orchard survey"));
    expect(list[0].options.map((option) => option.label)).toEqual(["Size of the orchard", "Varieties grown", "Number of seasonal pickers"]);
  });
});
