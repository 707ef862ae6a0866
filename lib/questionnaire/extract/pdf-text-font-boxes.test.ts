import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/** A question line, then one row per answer: the box glyph in a text font at the margin, the answer in Helvetica. */
function boxedRows(question: string, answers: string[], code: string, unicode: string, font: string, top: number): PdfText[] {
  const texts: PdfText[] = [{ text: question, x: 72, y: top }];
  answers.forEach((answer, index) => {
    const y = top - 18 * (index + 1);
    texts.push({ text: code, unicode, x: 90, y, font }, { text: answer, x: 108, y });
  });
  return texts;
}

describe("text-font box glyphs without a character", () => {
  it("reads a private-use or control glyph opening answer rows in a text font as a box, whatever its code", async () => {
    const texts: PdfText[] = [
      // 0xF0 read through Wingdings would be an arrow: the font is a text font, the glyph a box.
      ...boxedRows("Did you wear a mask?", ["Always", "Sometimes", "Never"], "a", "\uf0f0", "TimesNewRomanPSMT", 700),
      ...boxedRows("Any symptoms?", ["Fever", "Cough"], "b", "\u001f", "MyriadPro-Regular", 600),
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "boxes.pdf" });
    const lines = doc.lines.map((line) => line.text);
    expect(lines).toEqual(expect.arrayContaining(["☐ Always", "☐ Sometimes", "☐ Never", "☐ Fever", "☐ Cough"]));
  });

  it("keeps a symbol font's code table and leaves a private-use glyph that opens a word, or stands once, alone", async () => {
    const texts: PdfText[] = [
      ...boxedRows("Which way?", ["Left", "Right"], "\u00f0", "\uf0f0", "Wingdings", 700),
      // A private-use ligature ("fi") opening words runs on into letters; a lone private-use glyph is no list.
      { text: "Xnal", unicode: "\uf001nal", x: 72, y: 600, font: "TimesNewRomanPSMT" },
      { text: "Xrst", unicode: "\uf001rst", x: 72, y: 580, font: "TimesNewRomanPSMT" },
      { text: "Z", unicode: "\uf0f0", x: 72, y: 560, font: "TimesNewRomanPSMT" },
      { text: "Once", x: 90, y: 560 },
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "symbols.pdf" });
    const lines = doc.lines.map((line) => line.text);
    expect(lines).toEqual(expect.arrayContaining(["→ Left", "→ Right"]));
    expect(lines.some((line) => line.includes("☐"))).toBe(false);
  });
});
