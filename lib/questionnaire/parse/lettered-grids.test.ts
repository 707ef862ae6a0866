import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

/** An optical-mark observation form: numbered rows under column headings, each row ending in the sheet's letters. */
function letteredTable(texts: PdfText[], top: number, headings: string[][], rows: [string, string][], letterX = 300): number {
  headings.forEach((lines, column) => lines.forEach((line, index) => texts.push({ text: line, x: letterX - 6 + column * 60, y: top - index * 11, size: 9 })));
  let y = top - headings.reduce((n, lines) => Math.max(n, lines.length), 0) * 11 - 14;
  for (const [number, label] of rows) {
    texts.push({ text: `${number}.`, x: 30, y, size: 10 }, { text: label, x: 50, y, size: 10 });
    headings.forEach((_, column) => texts.push({ text: String.fromCharCode(65 + column), x: letterX + column * 60, y, size: 10 }));
    y -= 22;
  }
  return y;
}

describe("lettered grids of an optical-mark form", () => {
  it("reads numbered rows that end in the answer sheet's letters as one grid per heading, worded by the lines over it", async () => {
    const texts: PdfText[] = [
      { text: "RATE THE CONDITION OF THE FOLLOWING PARTS OF THE DEPOT:", x: 90, y: 760, size: 10 },
      { text: "(GOOD = NO REPAIR NEEDED; FAIR = SMALL REPAIR; POOR = LARGE REPAIR)", x: 60, y: 747, size: 9 },
    ];
    let y = letteredTable(texts, 725, [["Good."], ["Fair."], ["Poor."], ["Missing."]], [["7", "Gates."], ["8", "Fences."], ["9", "Loading ramp."]]);
    texts.push({ text: "HOW MANY OF THE BAYS MEET THESE RULES:", x: 90, y: y - 6, size: 10 });
    y = letteredTable(texts, y - 24, [["All."], ["More than", "half."], ["Less than", "half."], ["None."]], [["10", "They are well lit."], ["11", "They are well aired."]]);
    letteredTable(texts, y - 10, [["Yes."], ["No."]], [["12", "Is the yard fenced on every side?"], ["13", "Are the keys kept in a locked box?"]], 440);
    const grids = questions(await parsePdf(texts));
    expect(grids.map((grid) => [grid.type, grid.rows.length, grid.columns.length])).toEqual([
      ["grid", 3, 4],
      ["grid", 2, 4],
      ["grid", 2, 2],
    ]);
    expect(grids[0].text).toMatch(/^RATE THE CONDITION/);
    expect(grids[1].text).toMatch(/^HOW MANY OF THE BAYS/);
    expect(grids[1].columns.map((column) => column.label)).toEqual(["All.", "More than half.", "Less than half.", "None."]);
    expect(grids[2].text).toContain("Is the yard fenced on every side?");
  });
});
