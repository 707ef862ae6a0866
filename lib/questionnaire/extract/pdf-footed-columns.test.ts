import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parsePdfPages, questionsOf } from "../testing/parse-text";
import { extractDocument } from "./index";

/**
 * A roster sheet: each column of the table is a question (its wording, codes and routing stacked in a narrow cell),
 * a left stub says whom the rows are for, and a row of bracketed column ids runs under the cells, over the code
 * boxes. Read line by line, each baseline mixes the words of every column.
 */

/** Text of one cell, a line each, from the baseline `y` down. */
function cell(x: number, y: number, lines: string[]): PdfText[] {
  return lines.map((text, index) => ({ text, x, y: y - index * 11, size: 9 }));
}

const SHEET: PdfText[] = [
  { text: "PART 4: GARDEN WORK", x: 40, y: 770, size: 10 },
  ...cell(40, 750, ["List all", "persons aged", "12 and over", "from Col. 2.1"]),
  ...cell(110, 750, ["Did … work in", "a garden last", "week?", "1. Yes", "2. No (Skip", "to Col. 4.3)"]),
  ...cell(210, 750, ["How many hours", "did … spend on", "the garden?", "1. Under 2 hours", "2. 2 to 5 hours", "3. Over 5 hours"]),
  ...cell(320, 750, ["What did … grow", "mostly?", "01. Vegetables", "02. Fruit", "03. Flowers", "04. Other (Specify)"]),
  ...cell(430, 750, ["Would … like more", "land for gardening?", "1. Yes", "2. No", "8. Don't know"]),
  { text: "Row No.", x: 40, y: 660, size: 9 },
  { text: "(4.1)", x: 140, y: 660, size: 9 },
  { text: "(4.2)", x: 245, y: 660, size: 9 },
  { text: "(4.3)", x: 355, y: 660, size: 9 },
  { text: "(4.4)", x: 465, y: 660, size: 9 },
  { text: "Code", x: 120, y: 648, size: 9 },
  { text: "Code", x: 225, y: 648, size: 9 },
  { text: "Code", x: 335, y: 648, size: 9 },
  { text: "Code", x: 445, y: 648, size: 9 },
  { text: "31", x: 300, y: 40, size: 9 },
];

describe("questions printed as the columns of a roster table, their ids in a row under the cells", () => {
  it("reads each column as one question: its id before its whole wording, then its answers", async () => {
    const doc = await extractDocument(buildPdf([{ texts: SHEET }]), { filename: "roster.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts).toContain("4.1 Did … work in a garden last week?");
    expect(texts).toContain("2. No (Skip to Col. 4.3)");
    expect(texts).toContain("4.3 What did … grow mostly?");
    expect(texts.indexOf("4.2 How many hours did … spend on the garden?")).toBeLessThan(texts.indexOf("01. Vegetables"));
    // The heading across the stub and the first column stays whole, before the stub's note.
    expect(texts.indexOf("PART 4: GARDEN WORK")).toBeLessThan(texts.indexOf("4.1 Did … work in a garden last week?"));
    expect(texts.some((text) => /How many hours.*Vegetables|week\?.*hours/.test(text))).toBe(false);
  });

  it("gives each column's question its answers", async () => {
    const ir = await parsePdfPages([SHEET]);
    const questions = questionsOf(ir);
    expect(questions.map((question) => question.id)).toEqual(["4.1", "4.2", "4.3", "4.4"]);
    expect(questions.map((question) => question.options.length)).toEqual([2, 3, 4, 3]);
  });

  it("leaves a grid whose scale columns are numbered in brackets as it is", async () => {
    // "(1) (2) (3)" under wrapped scale labels, an earlier grid's answer circles above them: no column holds a
    // question's stacked wording.
    const circles = (y: number): PdfText[] => [260, 340, 415].map((x) => ({ text: "○", x: x + 5, y }));
    const texts: PdfText[] = [
      { text: "Q4. How often do you visit the park?", x: 40, y: 780 },
      { text: "a. In spring", x: 40, y: 766 },
      ...circles(766),
      { text: "b. In summer", x: 40, y: 752 },
      ...circles(752),
      { text: "Q5. How much do you agree?", x: 40, y: 730 },
      ...cell(250, 714, ["Mostly", "disagree"]),
      ...cell(330, 714, ["Neither", "one"]),
      ...cell(410, 714, ["Mostly", "agree"]),
      { text: "(1)", x: 260, y: 690 },
      { text: "(2)", x: 340, y: 690 },
      { text: "(3)", x: 415, y: 690 },
      { text: "a. The park is clean", x: 40, y: 674 },
      { text: "b. The park is safe", x: 40, y: 660 },
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "grid.pdf" });
    const lines = doc.lines.map((line) => line.text);
    expect(lines[0]).toBe("Q4. How often do you visit the park?");
    expect(lines.indexOf("Q5. How much do you agree?")).toBeLessThan(lines.findIndex((text) => text.startsWith("Mostly")));
    expect(lines.some((text) => /^\d Mostly/.test(text))).toBe(false);
  });
});
