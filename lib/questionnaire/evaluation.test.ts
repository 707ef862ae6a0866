import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "./compile";
import { scoreQuestionnaire, totals, type TTruthFile } from "./evaluation";
import { extractDocument } from "./extract";
import { parseQuestionnaire } from "./parse";

async function score(text: string, truth: TTruthFile) {
  const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
  const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: null });
  return scoreQuestionnaire(truth, ir, document);
}

describe("scoreQuestionnaire", () => {
  it("matches by printed id, checks type, option count and logic, and counts extra questions against precision", async () => {
    const text = ["1. Age?", "1. Under 18", "2. 18+ [TERMINATE]", "2. Gender?", "1. F", "2. M", "3. Anything else?", "____", "4. Extra?", "____"].join("\n");
    const result = await score(text, {
      file: "files/q.txt",
      questions: [
        { id: "Q1", type: "single", option_count: 2, logic: ["18+ [TERMINATE]"] },
        { id: "2", type: "multi", option_count: 3, logic: [] },
        { id: "3", type: "open", option_count: null, logic: [] },
        { id: "INTRO", type: "info", option_count: null, logic: [] },
        { id: "5", type: "numeric", option_count: null, logic: ["ASK IF Q1=1"] },
      ],
    });
    expect(result).toMatchObject({ file: "q.txt", truthQuestions: 4, ourQuestions: 4, matched: 3, typeChecked: 3, typeCorrect: 2, optionChecked: 2, optionCorrect: 1, logicItems: 2, logicFound: 1 });
    expect(result.unmatchedOurs).toEqual(["4"]);
    expect(totals([result])).toMatchObject({ precision: 0.75, recall: 0.75, f1: 0.75, logicRecall: 0.5 });
  });

  it("matches a repeated id by occurrence and a grid by its printed row ids", async () => {
    const text = ["Q1. First?", "1. Yes", "2. No", "Q1. Second?", "1. Yes", "2. No", "Section 2: Views", "(1 = Disagree → 3 = Agree)", "1. Prices are fair.", "2. Staff are kind."].join("\n");
    const result = await score(text, {
      file: "q.txt",
      questions: [
        { id: "Q1", type: "single", option_count: 2, logic: [] },
        { id: "Q1 (2nd)", type: "single", option_count: 2, logic: [] },
        { id: "Views grid", type: "grid", option_count: 3, row_count: 2, row_ids: ["1", "2"], logic: [] },
      ],
    });
    expect(result.details.map((detail) => detail.matchedId)).toEqual(["Q1", "Q1", "Section 2"]);
    expect(result.details.map((detail) => detail.variable)).toEqual(["Q1", "Q1_2", "Section_2"]);
    expect(result.optionCorrect).toBe(3);
  });
});
