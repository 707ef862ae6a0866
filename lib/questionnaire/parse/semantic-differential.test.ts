import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

/** Scale points across the middle of the page, pole words at both margins. */
function differential(points: string[], pairs: ([string, string] | string)[], top: number): PdfText[] {
  const texts: PdfText[] = points.map((point, index) => ({ text: point, x: 180 + index * 45, y: top, size: 10 }));
  let y = top - 18;
  for (const pair of pairs) {
    if (typeof pair === "string") texts.push({ text: pair, x: 40, y, size: 10 });
    else texts.push({ text: pair[0], x: 42, y, size: 10 }, { text: pair[1], x: 500, y, size: 10 });
    y -= 18;
  }
  return texts;
}

describe("semantic differentials in a paged layout", () => {
  it("reads a row of scale points over pairs of opposite words as one grid: the points are the columns, each pair a row", async () => {
    const texts: PdfText[] = [
      { text: "1. The new timetable is… *", x: 40, y: 760, size: 11 },
      ...differential(["-2", "-1", "0", "1", "2"], [["confusing", "clear"], ["rigid", "flexible"], ["ugly", "attractive"]], 740),
      { text: "2. What would you change about it?", x: 40, y: 640, size: 11 },
    ];
    const ir = await parsePdf(texts);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["-2", "-1", "0", "1", "2"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["confusing – clear", "rigid – flexible", "ugly – attractive"]);
    expect(byId(ir, "2").type).toBe("open");
  });

  it("keeps a stem printed above a pair with the pair it introduces", async () => {
    const texts: PdfText[] = [
      { text: "1. Rate the service.", x: 40, y: 760, size: 11 },
      ...differential(["1", "2", "3", "4", "5", "6", "7"], [["slow", "fast"], ["rude", "polite"], "The waiting room was…", ["cold", "warm"]], 740),
    ];
    const ir = await parsePdf(texts);
    expect(byId(ir, "1").rows.map((row) => row.label)).toEqual(["slow – fast", "rude – polite", "The waiting room was… cold – warm"]);
  });

  it("does not read a row of numbers followed by ordinary lines as a differential", async () => {
    const texts: PdfText[] = [
      { text: "1. How many rooms does your home have?", x: 40, y: 760, size: 11 },
      ...["1", "2", "3", "4", "5"].map((point, index) => ({ text: point, x: 180 + index * 45, y: 740, size: 10 })),
      { text: "2. Which room do you use most?", x: 40, y: 710, size: 11 },
      { text: "Kitchen", x: 60, y: 692, size: 10 },
      { text: "Living room", x: 60, y: 676, size: 10 },
    ];
    const ir = await parsePdf(texts);
    expect(byId(ir, "1").type).not.toBe("grid");
  });
});
