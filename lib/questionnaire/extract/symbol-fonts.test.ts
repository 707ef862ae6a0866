import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";
import { mapSymbolChar, symbolFontKey } from "./symbol-fonts";

/** A question line, then one row per answer: the marker glyph in `font` at the margin, the answer in Helvetica. */
function markedRows(question: string, answers: string[], marker: string, font: string, top = 700): PdfText[] {
  const texts: PdfText[] = [{ text: question, x: 72, y: top }];
  answers.forEach((answer, index) => {
    const y = top - 18 * (index + 1);
    texts.push({ text: marker, x: 90, y, font }, { text: answer, x: 108, y });
  });
  return texts;
}

describe("symbol-font answer markers", () => {
  it("knows the symbol fonts by their PDF names, and no text font", () => {
    expect(symbolFontKey("HMNZJP+Wingdings2")).toBe("wingdings 2");
    expect(symbolFontKey("ABCDEF+Wingdings-Regular")).toBe("wingdings");
    expect(symbolFontKey("Wingdings3")).toBe("wingdings 3");
    expect(symbolFontKey("ZapfDingbats")).toBe("zapfdingbats");
    expect(symbolFontKey("SymbolMT")).toBe("symbol");
    expect(symbolFontKey("TMHVPV+MSAM10")).toBe("msam");
    expect(symbolFontKey("WCJTWI+CMSY10")).toBe("cmsy");
    for (const text of ["ArialMT", "ABCDEF+Arial-BoldMT", "SegoeUISymbol", "Symbola", "CMR10", "MSGothic", undefined]) expect(symbolFontKey(text)).toBeNull();
  });

  it("translates a symbol font's codes to the marker they show and leaves other codes alone", () => {
    expect(mapSymbolChar("£", "wingdings 2")).toBe("☐");
    expect(mapSymbolChar("¨", "wingdings")).toBe("☐");
    expect(mapSymbolChar("o", "zapfdingbats")).toBe("❏");
    expect(mapSymbolChar("\u0003", "msam")).toBe("☐");
    expect(mapSymbolChar("©", "cmsy")).toBe("○");
    expect(mapSymbolChar("x", "cmsy")).toBe("x");
    // The Symbol font's comparison signs, by code or by its private-use code (Word).
    expect(mapSymbolChar("³", "symbol")).toBe("≥");
    expect(mapSymbolChar("\uf0a3", "Symbol")).toBe("≤");
  });

  it("reads boxes and circles printed in symbol fonts as markers, and a text font's characters as they are", async () => {
    const texts: PdfText[] = [
      ...markedRows("Which of these pets have you owned?", ["Dogs", "Cats"], "£", "Wingdings2", 700),
      ...markedRows("Which one do you prefer?", ["Mornings", "Evenings"], "¡", "ABCDEF+Wingdings-Regular", 600),
      ...markedRows("How often do you travel?", ["Rarely", "Often"], "©", "CMSY10", 500),
      { text: "£ 5 a month is the fee", x: 72, y: 400 },
      { text: "Ask if age", x: 72, y: 380 },
      { text: "³", x: 126, y: 380, font: "SymbolMT" },
      { text: "18", x: 136, y: 380 },
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "markers.pdf" });
    const lines = doc.lines.map((line) => line.text);
    expect(lines).toEqual(expect.arrayContaining(["☐ Dogs", "☐ Cats", "○ Mornings", "○ Evenings", "○ Rarely", "○ Often", "£ 5 a month is the fee", "Ask if age ≥ 18"]));
  });

  it("types questions by their symbol-font markers: boxes multiple choice, circles single choice", async () => {
    const texts = [
      ...markedRows("Q1. Which of these pets have you owned?", ["Dogs (1)", "Cats (2)", "Birds (3)"], "£", "Wingdings2", 700),
      ...markedRows("Q2. Which pet do you have now?", ["Dog (1)", "Cat (2)", "None (3)"], "¡", "Wingdings", 600),
    ];
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts }]), { filename: "pets.pdf" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "multi", 3],
      ["Q2", "single", 3],
    ]);
  });
});

describe("ZapfDingbats clones and the pointing hands before instructions", () => {
  it("knows Bitstream's ZapfDingbats by its name and reads its hands as hands, not as boxes", () => {
    expect(symbolFontKey("ABCDEF+ZapfDingbatsITCbyBT-Regular")).toBe("zapfdingbats");
    expect(mapSymbolChar("\uf02b", "zapfdingbats")).toBe("☞");
    expect(mapSymbolChar("*", "zapfdingbats")).toBe("☛");
  });
});
