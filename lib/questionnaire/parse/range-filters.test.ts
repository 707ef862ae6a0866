import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";
import { rangeFilterOf } from "./range-filters";

async function parseText(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("range filters: 'Questions 5 through 8 are only answered when …'", () => {
  it("reads the range and the group, and only a range that says 'only'", () => {
    expect(rangeFilterOf("Questions 5 through 8 are only answered when the household has a garden.")).toEqual({ from: 5, to: 8, clause: "the household has a garden" });
    expect(rangeFilterOf("Questions 10-12 are asked only if you have\nchildren.")).toEqual({ from: 10, to: 12, clause: "those who have children" });
    expect(rangeFilterOf("Only answer questions 3 to 4 if you drive.")).toEqual({ from: 3, to: 4, clause: "those who drive" });
    // A description of a range that limits nothing, then the filter in the next sentence.
    expect(rangeFilterOf("Questions 1 through 4 are asked for each car. Questions 5 through 6 are only asked of owners.")).toEqual({ from: 5, to: 6, clause: "owners" });
    expect(rangeFilterOf("Questions 1 through 4 are asked for each car.")).toBeNull();
    expect(rangeFilterOf("Questions 8 to 3 are only asked of owners.")).toBeNull();
  });

  it("conditions the numbered questions after the statement, the first of each number", async () => {
    const ir = await parseText(
      [
        "1. How old are you?", "A. Under 30", "B. 30 or over",
        "Questions 2 through 3 are only answered when the respondent keeps a garden.",
        "2. How large is the garden?", "A. Small", "B. Large",
        "3. How often do you mow it?", "A. Weekly", "B. Monthly",
        "4. Which region do you live in?", "A. North", "B. South", "",
      ].join("\n"),
    );
    const byId = Object.fromEntries(questions(ir).map((question) => [question.id, question.askIf.map((condition) => condition.condition)]));
    expect(byId["2"]).toEqual(["{GROUP} = 'the respondent keeps a garden'"]);
    expect(byId["3"]).toEqual(["{GROUP} = 'the respondent keeps a garden'"]);
    expect(byId["1"]).toEqual([]);
    expect(byId["4"]).toEqual([]);
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
  });
});
