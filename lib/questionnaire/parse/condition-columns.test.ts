import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { buildDocx, type DocxBlock } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

async function questions(blocks: DocxBlock[]): Promise<IRQuestion[]> {
  const ir = parseQuestionnaire(await extractDocument(buildDocx({ blocks }), { filename: "q.docx" }));
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

describe("condition columns in tables", () => {
  it("moves a headed column of bare conditions, or a column of filters, onto the rows", async () => {
    const [, grid, list] = await questions([
      "S2. Which brands are you aware of? (Multiple Code)",
      "1 Alpha",
      "2 Beta",
      "A8. How would you rate each brand?",
      { kind: "table", rows: [["", "Poor", "Good", "Condition"], ["Alpha", "1", "2", "S2r1"], ["Beta", "1", "2", "S2 = 2"]] },
      "A10. Which do you buy?",
      { kind: "table", rows: [["Alpha", "1", "ASK IF S2r1"], ["Beta", "2", ""]] },
    ]);
    expect(grid.columns.map((column) => column.label)).toEqual(["Poor", "Good"]);
    expect(grid.rows.map((row) => row.showIf?.text)).toEqual(["SHOW IF S2r1", "SHOW IF S2 = 2"]);
    expect(list.options.map((option) => [option.label, option.showIf?.text])).toEqual([["Alpha", "ASK IF S2r1"], ["Beta", undefined]]);
  });

  it("leaves a column headed like a condition whose cells name no question (a sample plan's bases)", async () => {
    const [q] = await questions(["Q1. How would you rate each brand?", { kind: "table", rows: [["", "Poor", "Good", "Base"], ["Alpha", "1", "2", "n=200"], ["Beta", "1", "2", "n=150"]] }]);
    expect(q.rows.every((row) => !row.showIf)).toBe(true);
  });
});
