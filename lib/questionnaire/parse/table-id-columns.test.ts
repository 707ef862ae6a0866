import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { buildDocx, type DocxBlock, type DocxParagraph } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

/**
 * A questionnaire design table ("Var | Wording | Answers | Shown when | Remarks"): one question per row, its
 * lower-case snake-case variable name in the first column, its display condition as a comparison in a column whose
 * heading is no known condition word (and, where cells were merged, one column off its heading).
 */

const cell = (...lines: string[]): DocxParagraph[] => lines.map((line) => ({ runs: line }));

async function questions(blocks: DocxBlock[]): Promise<IRQuestion[]> {
  const ir = parseQuestionnaire(await extractDocument(buildDocx({ blocks }), { filename: "q.docx" }));
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

describe("a design table's lower-case id column and its column of comparisons", () => {
  it("reads each row's snake-case id as its question and the comparisons as its display conditions", async () => {
    const qs = await questions([
      "PART A: GARDEN",
      {
        kind: "table",
        rows: [
          ["Var", "Wording", "Answers", "", "Shown when", "Remarks"],
          ["gd_01", "Does this household keep a vegetable garden?", cell("1. Yes", "2. No", "-99 Refused"), "", "", "Ask all"],
          ["gd_02", "How many beds does the garden have?", "[number 0-50]", "", "GD_01 = 1", ""],
          ["gd_03", "Which crop takes most of the garden?", cell("1. Leafy greens", "2. Roots", "-99 Refused"), "", "GD_01 = 1", ""],
          ["gd_04", "Why was that crop chosen?", cell("[single select]", "1. The seeds were handed out by a neighbour", "2. The family prefers to eat it", "3. It sells well at the market", "-96 Other"), "GD_03 != 2", "", ""],
        ],
      },
      "PART B: WATER",
      {
        kind: "table",
        rows: [
          ["Var", "Wording", "Answers", "Shown when", "Remarks"],
          ["wt_01", "Is the garden watered by hand?", cell("1. Yes", "2. No"), "GD_01 = 1", ""],
          ["wt_02", "How often is it watered in a dry week?", cell("1. Daily", "2. Weekly"), "WT_01 = 1", ""],
          ["wt_03", "Where does the water come from?", cell("1. Well", "2. Tap"), "GD_01 = 1 AND WT_01 = 1", ""],
        ],
      },
    ]);
    expect(qs.map((q) => q.id)).toEqual(["gd_01", "gd_02", "gd_03", "gd_04", "wt_01", "wt_02", "wt_03"]);
    expect(qs.map((q) => q.askIf.map((condition) => condition.text))).toEqual([[], ["SHOW IF GD_01 = 1"], ["SHOW IF GD_01 = 1"], ["SHOW IF GD_03 != 2"], ["SHOW IF GD_01 = 1"], ["SHOW IF WT_01 = 1"], ["SHOW IF GD_01 = 1 AND WT_01 = 1"]]);
    const why = qs.find((q) => q.id === "gd_04")!;
    expect(why.options.map((option) => option.label)).toEqual(["The seeds were handed out by a neighbour", "The family prefers to eat it", "It sells well at the market", expect.stringContaining("Other")]);
    expect(qs.find((q) => q.id === "gd_03")!.options).toHaveLength(3);
  });

  it("keeps the condition of a row whose wording cell is empty (a second field of the question above) on that row", async () => {
    const qs = await questions([
      {
        kind: "table",
        rows: [
          ["Var", "Wording", "Answers", "Shown when"],
          ["gd_01", "Does this household keep a vegetable garden?", cell("1. Yes", "2. No"), ""],
          ["gd_02_y", "How long has the garden been kept?", cell("[integer 0-50]", "Years:"), "GD_01 = 1"],
          ["gd_02_m", "", cell("[integer 0-11]", "Months:"), "GD_01 = 1"],
          ["gd_03", "Which crop takes most of the garden?", cell("1. Leafy greens", "2. Roots"), "GD_01 = 1"],
        ],
      },
    ]);
    expect(qs.map((q) => [q.id, q.askIf.map((condition) => condition.text)])).toEqual([
      ["gd_01", []],
      ["gd_02_y", ["SHOW IF GD_01 = 1"]],
      ["gd_02_m", ["SHOW IF GD_01 = 1"]],
      ["gd_03", ["SHOW IF GD_01 = 1"]],
    ]);
  });

  it("leaves a table whose first column holds no ids, and a column of comparisons naming no printed id", async () => {
    const qs = await questions([
      "Q1. How do you rate each room?",
      { kind: "table", rows: [["", "Poor", "Good", "Note"], ["Kitchen", "1", "2", "size = 12 m2"], ["Hall", "1", "2", "size = 8 m2"]] },
    ]);
    expect(qs.map((q) => q.id)).toEqual(["Q1"]);
    expect(qs[0].rows.every((row) => !row.showIf)).toBe(true);
  });
});
