import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("a glossary of a grid's rows printed before the grids", () => {
  it("reads the entries defining the rows' terms as text, not as a question's answers", async () => {
    const ir = await parseText(
      [
        "Please judge each design on these qualities:",
        "- clarity, how easy it is to read",
        "- speed – how quickly it responds",
        "- cost: what it takes to run it",
        "",
        "1. Design A",
        "",
        "| | Good | Fair | Poor |",
        "|---|---|---|---|",
        "| clarity | | | |",
        "| speed | | | |",
        "| cost | | | |",
      ].join("\n"),
      "form.md",
    );
    expect(questionsOf(ir).map((question) => [question.type, question.rows.length])).toEqual([["grid", 3]]);
  });

  it("keeps a list whose terms are no grid's rows as the question's answers", async () => {
    const ir = await parseText(
      [
        "Which do you prefer?",
        "- tea, hot or iced",
        "- coffee, with milk",
        "",
        "1. Design A",
        "",
        "| | Good | Fair | Poor |",
        "|---|---|---|---|",
        "| clarity | | | |",
        "| speed | | | |",
      ].join("\n"),
      "form.md",
    );
    expect(questionsOf(ir)[0].options.map((option) => option.label)).toEqual(["tea, hot or iced", "coffee, with milk"]);
  });
});
