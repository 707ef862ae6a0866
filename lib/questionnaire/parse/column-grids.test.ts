import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("column grids in a paged layout", () => {
  it("reads scale labels printed upwards over the answer columns as the columns of a grid of statements", async () => {
    const scale = ["Fully agree", "Mostly agree", "Hardly agree", "Do not agree"];
    const texts: PdfText[] = [
      { text: "1.1 How do you assess the programme? Please indicate to what extent you agree.", x: 40, y: 740, size: 10 },
      ...scale.map((label, index) => ({ text: label, x: 430 + index * 25, y: 640, size: 10, vertical: true })),
      { text: "The programme is generally appropriate to promote the career", x: 40, y: 625, size: 10 },
      { text: "of young scientists.", x: 40, y: 612, size: 10 },
      { text: "The programme helps to integrate young scientists.", x: 40, y: 599, size: 10 },
      { text: "1.2 Which city do you work in?", x: 40, y: 560, size: 10 },
      { text: "Berlin", x: 50, y: 545, size: 10 },
      { text: "1", x: 200, y: 545, size: 10 },
      { text: "Munich", x: 50, y: 532, size: 10 },
      { text: "2", x: 200, y: 532, size: 10 },
    ];
    const ir = await parsePdf(texts);
    const grid = byId(ir, "1.1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(scale);
    expect(grid.rows.map((row) => row.label)).toEqual(["The programme is generally appropriate to promote the career of young scientists.", "The programme helps to integrate young scientists."]);
    expect(byId(ir, "1.2").options).toHaveLength(2);
  });

  it("reads headings over two lines above rows that repeat the column codes as one grid", async () => {
    const columns = [
      ["VERY", "DISSATISFIED"],
      ["NEUTRAL", ""],
      ["VERY", "SATISFIED"],
      ["NOT", "APPLICABLE"],
    ];
    const texts: PdfText[] = [{ text: "1. Please tell me how satisfied you are with each of these parameters.", x: 40, y: 740, size: 10 }];
    columns.forEach(([top, bottom], index) => {
      texts.push({ text: top, x: 300 + index * 70, y: 715, size: 9 });
      if (bottom) texts.push({ text: bottom, x: 300 + index * 70, y: 704, size: 9 });
    });
    texts.push({ text: "PARAMETER", x: 60, y: 715, size: 9 });
    const codes = ["1", "2", "3", "90"];
    const rows = ["Mileage", "Engine power", "Seat comfort"];
    rows.forEach((row, index) => {
      const y = 685 - index * 26;
      texts.push({ text: `${index + 1}`, x: 40, y, size: 10 }, { text: row, x: 60, y, size: 10 });
      codes.forEach((code, column) => texts.push({ text: code, x: 310 + column * 70, y: index === 1 ? y : y - 11, size: 10 }));
    });
    texts.push({ text: "2. Would you buy the same brand again?", x: 40, y: 600, size: 10 }, { text: "Yes", x: 50, y: 585, size: 10 }, { text: "1", x: 200, y: 585, size: 10 });
    texts.push({ text: "No", x: 50, y: 572, size: 10 }, { text: "2", x: 200, y: 572, size: 10 });
    const ir = await parsePdf(texts);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["VERY DISSATISFIED", "NEUTRAL", "VERY SATISFIED", "NOT APPLICABLE"]);
    expect(grid.rows).toHaveLength(3);
    expect(byId(ir, "2").options).toHaveLength(2);
  });

});

describe("numbered parts", () => {
  it("takes a numbered title over the first sub-number as the part it opens, not as an answer", async () => {
    const texts: PdfText[] = [
      { text: "1.1 Which city do you work in?", x: 40, y: 740, size: 10 },
      { text: "Berlin", x: 50, y: 725, size: 10 },
      { text: "1", x: 200, y: 725, size: 10 },
      { text: "Munich", x: 50, y: 712, size: 10 },
      { text: "2", x: 200, y: 712, size: 10 },
      { text: "2 Cooperation and networking", x: 40, y: 680, size: 12 },
      { text: "2.1 How often do you meet colleagues from other sites?", x: 40, y: 655, size: 10 },
      { text: "Often", x: 50, y: 640, size: 10 },
      { text: "1", x: 200, y: 640, size: 10 },
      { text: "Rarely", x: 50, y: 627, size: 10 },
      { text: "2", x: 200, y: 627, size: 10 },
    ];
    const ir = await parsePdf(texts);
    expect(byId(ir, "1.1").options.map((option) => option.label)).toEqual(["Berlin", "Munich"]);
    expect(byId(ir, "2.1").options).toHaveLength(2);
  });
});

describe("web survey print preview matrices (lower-case headings, spaced rows)", () => {
  it("reads lower-case column headings over spaced, lower-case statements as one grid", async () => {
    const texts: PdfText[] = [
      { text: "3. Wie bewerten Sie die Angebote im Park?", x: 40, y: 740, size: 10 },
      { text: "gar nicht", x: 360, y: 715, size: 9 },
      { text: "sehr", x: 480, y: 715, size: 9 },
      { text: "weiß", x: 525, y: 715, size: 9 },
      ...["0", "1", "2", "3", "4"].map((code, index) => ({ text: code, x: 370 + index * 28, y: 703, size: 9 })),
      { text: "nicht", x: 525, y: 703, size: 9 },
      { text: "die Spielplätze sind gepflegt", x: 42, y: 660, size: 10 },
      { text: "die Wege sind beleuchtet", x: 42, y: 635, size: 10 },
      { text: "die Bänke reichen aus", x: 42, y: 610, size: 10 },
      { text: "4. Wie oft besuchen Sie den Park?", x: 40, y: 590, size: 10 },
    ];
    const ir = await parsePdf(texts);
    const grid = byId(ir, "3");
    expect(grid.type).toBe("grid");
    expect(grid.columns).toHaveLength(6);
    expect(grid.rows.map((row) => row.label)).toEqual(["die Spielplätze sind gepflegt", "die Wege sind beleuchtet", "die Bänke reichen aus"]);
    expect(byId(ir, "4")).toBeDefined();
  });

  it("does not read a slider's two end values as columns", async () => {
    const texts: PdfText[] = [
      { text: "5. Welcher Anteil Ihrer Wege führt durch den Park?", x: 40, y: 740, size: 10 },
      { text: "0%", x: 380, y: 715, size: 9 },
      { text: "100%", x: 520, y: 715, size: 9 },
      { text: "Anteil der Wege", x: 42, y: 700, size: 10 },
    ];
    const ir = await parsePdf(texts);
    expect(byId(ir, "5").type).not.toBe("grid");
  });
});
