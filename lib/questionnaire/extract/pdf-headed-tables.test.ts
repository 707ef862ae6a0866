import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parsePdfPages, questionsOf } from "../testing/parse-text";
import { extractDocument } from "./index";

/**
 * A questionnaire printed as a table without rules: a header row names the columns, each question is a row whose
 * cells wrap in narrow columns, the skip stands beside the answer it applies to and a row runs on over a page break.
 */

const COLUMNS = { id: 50, wording: 110, name: 200, answers: 270, skip: 370, notes: 450 };
const HEADER: PdfText[] = [
  { text: "Item", x: COLUMNS.id, y: 780 },
  { text: "Wording", x: COLUMNS.wording, y: 780 },
  { text: "Stored as", x: COLUMNS.name, y: 780 },
  { text: "Answers", x: COLUMNS.answers, y: 780 },
  { text: "Routing", x: COLUMNS.skip, y: 780 },
  { text: "Helper notes", x: COLUMNS.notes, y: 780 },
];

/** Text of one cell, a line each, from the baseline `y` down. */
function cell(x: number, y: number, lines: string[]): PdfText[] {
  return lines.map((text, index) => ({ text, x, y: y - index * 12, size: 9 }));
}

const PAGE_ONE: PdfText[] = [
  ...HEADER,
  ...cell(COLUMNS.id, 750, ["GRD.01"]),
  ...cell(COLUMNS.wording, 750, ["Have you", "grown any", "vegetables in", "the past", "year?"]),
  ...cell(COLUMNS.name, 750, ["VEGGROW"]),
  ...cell(COLUMNS.answers, 750, ["1 Yes", "2 No", "7 Not sure", "9 Refused"]),
  ...cell(COLUMNS.skip, 738, ["Go to", "GRD.03"]),
  ...cell(COLUMNS.notes, 750, ["Herbs in pots", "count as", "vegetables."]),
  ...cell(COLUMNS.id, 680, ["GRD.02"]),
  ...cell(COLUMNS.wording, 680, ["How many", "kinds of", "vegetables did"]),
  ...cell(COLUMNS.name, 680, ["VEGKINDS"]),
  ...cell(COLUMNS.answers, 680, ["_ _ Number of", "kinds", "77 Not sure", "99 Refused"]),
];
const PAGE_TWO: PdfText[] = [
  ...cell(COLUMNS.wording, 780, ["you grow?"]),
  ...cell(COLUMNS.id, 750, ["GRD.03"]),
  ...cell(COLUMNS.wording, 750, ["Do you keep", "chickens or", "ducks?"]),
  ...cell(COLUMNS.name, 750, ["POULTRY"]),
  ...cell(COLUMNS.answers, 750, ["1 Yes", "2 No", "7 Don't know /", "Not sure", "9 Refused"]),
];


describe("a table printed under a header row", () => {
  it("reads each row as its id and whole wording, then its answers with the skip beside them", async () => {
    const doc = await extractDocument(buildPdf([{ texts: PAGE_ONE }, { texts: PAGE_TWO }]), { filename: "table.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts).toContain("GRD.01 Have you grown any vegetables in the past year?");
    expect(texts.find((text) => text.startsWith("2 No"))).toMatch(/^2 No\s+Go to GRD\.03$/);
    // The row runs on over the page break: the wording's last words join it.
    expect(texts).toContain("GRD.02 How many kinds of vegetables did you grow?");
    expect(texts).toContain("_ _ Number of kinds");
    expect(texts).toContain("7 Don't know / Not sure");
  });

  it("gives the questions their answers and the skip its target", async () => {
    const ir = await parsePdfPages([PAGE_ONE, PAGE_TWO]);
    const [first, second, third] = questionsOf(ir);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["GRD.01", "GRD.02", "GRD.03"]);
    expect(first.options.map((option) => option.code)).toEqual(["1", "2", "7", "9"]);
    expect(third.options.map((option) => option.label)).toContain("Don't know / Not sure");
    expect(first.options[1].route).toEqual({ kind: "question", ref: "GRD.03" });
    expect(second.type).toBe("numeric");
  });

  it("leaves a page of justified prose, whose words stand apart, as it is", async () => {
    const words = ["Thank", "you", "for", "taking", "part", "in", "this", "short", "study"];
    const texts: PdfText[] = [
      ...words.map((text, index) => ({ text, x: 50 + index * 55, y: 780 })),
      ...cell(50, 760, ["Q1. Which season do you like best?", "1. Spring", "2. Summer"]),
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "prose.pdf" });
    expect(doc.lines[0].text).toBe(words.join(" "));
  });
});
