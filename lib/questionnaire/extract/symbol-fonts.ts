/**
 * Symbol and dingbat fonts: questionnaires print their answer boxes, radio circles and bullets from fonts whose
 * codes are not the characters they show (Wingdings "¨" is an empty box, ZapfDingbats "o" a shadowed box, the TeX
 * math font msam's code 3 is \square). Word files name the font of a symbol run (docx), PDFs name the font of
 * each text run (pdf); either way the code is translated here, and only for these fonts: text fonts are never
 * touched.
 *
 * Sources of the table (only the codes that questionnaires use as markers, bullets and arrows are listed):
 * - Wingdings, Wingdings 2, Wingdings 3, Webdings: Microsoft's code charts as published with their Unicode 7.0
 *   mappings (Unicode proposal L2/12-368; the charts on the fonts' Wikipedia pages);
 * - Symbol and ZapfDingbats: their built-in encodings in ISO 32000-1 (PDF 1.7) Annex D.5 and D.6
 *   (ZapfDingbats a71 "l" ●, a72 "m" ❍, a73 "n" ■, a74 "o" ❏, a203 "p" ❐, a75 "q" ❑, a204 "r" ❒, a20 "3" ✓, …);
 * - TeX math fonts: amssymb.sty (\boxtimes, \square, \blacksquare are msam "02, "03, "04), latexsym.sty (\Box is
 *   lasy "32) and cmsy10 (\bigcirc is "0D, whose glyph is named "circlecopyrt", so PDF readers give it as "©").
 */
const SYMBOL_GLYPHS: Record<string, Record<number, string>> = {
  wingdings: {
    0x6c: "●", 0x6d: "❍", 0x6e: "■", 0x6f: "☐", 0x70: "☐", 0x71: "❑", 0x72: "❒", 0x73: "◆", 0x74: "◆", 0x75: "◆",
    0x76: "❖", 0x77: "◆", 0x9f: "•", 0xa1: "○", 0xa2: "◉", 0xa7: "▪", 0xa8: "☐", 0xd8: "➢", 0xe0: "→", 0xe8: "➔",
    0xf0: "⇨", 0xfb: "☒", 0xfc: "✓", 0xfd: "☒", 0xfe: "☑", 0xa4: "◉", 0x4f: "☐", 0xa6: "○",
  },
  "wingdings 2": { 0xa3: "☐", 0x2a: "☐", 0x50: "✓", 0x51: "☒", 0x52: "☑", 0x53: "☒", 0x54: "☒", 0x97: "●", 0x98: "○", 0x99: "○", 0x9a: "○" },
  "wingdings 3": { 0x7d: "▶", 0xc6: "→", 0xd8: "▶" },
  symbol: {
    0xb7: "•", 0xa7: "♣", 0xae: "→", 0xde: "⇒", 0xd6: "√", 0xb0: "°", 0x6f: "ο", 0xf0: "□",
    // Comparison and arithmetic signs, as printed in filters ("age ³ 18" is "age ≥ 18").
    0xa3: "≤", 0xb3: "≥", 0xb9: "≠", 0xb1: "±", 0xb4: "×", 0xb8: "÷", 0xbb: "≈", 0xac: "←", 0xdc: "⇐", 0xdb: "⇔", 0xd8: "¬", 0xd9: "∧", 0xda: "∨",
  },
  webdings: { 0x63: "☐", 0x3d: "•" },
  zapfdingbats: {
    0x6c: "●", 0x6d: "❍", 0x6e: "■", 0x6f: "❏", 0x70: "❐", 0x71: "❑", 0x72: "❒", 0x75: "◆", 0x33: "✓", 0x34: "✔", 0x37: "✗", 0x38: "✘",
    // The pointing hands (a11, a12) printed before an instruction ("☞ Please mark only one!").
    0x2a: "☛", 0x2b: "☞",
  },
  msam: { 0x02: "☒", 0x03: "☐", 0x04: "■" },
  lasy: { 0x32: "☐" },
  cmsy: { 0x0d: "○", 0xa9: "○" },
};

/** The character a symbol font's code shows; characters of other fonts (or codes not listed) are returned as they are. */
export function mapSymbolChar(char: string, font: string | undefined): string {
  const code = char.codePointAt(0) ?? 0;
  const table = font ? SYMBOL_GLYPHS[font.toLowerCase()] : undefined;
  const low = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  if (table && table[low]) return table[low];
  if (code >= 0xf000 && code <= 0xf0ff) {
    for (const fallback of Object.values(SYMBOL_GLYPHS)) if (fallback[low] && /wingdings|symbol/i.test(font ?? "")) return fallback[low];
    return "•";
  }
  return char;
}

const STYLE_SUFFIXES = ["regular", "normal", "medium", "bold", "italic", "oblique", "roman", "book", "mt", "ps"];

/**
 * The symbol font a PDF font belongs to (a key of the table), from the font's PostScript or family name as the PDF
 * gives it: "ABCDEF+Wingdings-Regular", "Wingdings2", "ZapfDingbats", "SymbolMT", "MSAM10", "CMSY10". Null for
 * every text font, including Unicode fonts that merely have "symbol" in their name ("SegoeUISymbol").
 */
export function symbolFontKey(fontName: string | undefined): string | null {
  if (!fontName) return null;
  let name = fontName
    .replace(/^[A-Z]{6}\+/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  // Style and foundry suffixes: "Wingdings-Regular", "SymbolMT", "StandardSymbolsPS".
  for (let stripped = true; stripped; ) {
    stripped = false;
    for (const suffix of STYLE_SUFFIXES) {
      if (name.length > suffix.length && name.endsWith(suffix)) {
        name = name.slice(0, -suffix.length);
        stripped = true;
      }
    }
  }
  if (/^wingdings3$/.test(name)) return "wingdings 3";
  if (/^wingdings2$/.test(name)) return "wingdings 2";
  if (/^wingdings1?$/.test(name)) return "wingdings";
  // Bitstream's clone is named "ZapfDingbatsITCbyBT".
  if (/^(?:itc)?(?:zapf)?dingbats(?:itc)?(?:bybt)?$/.test(name)) return "zapfdingbats";
  if (/^symbol$|^standardsymbols$|^standardsyml$/.test(name)) return "symbol";
  if (/^webdings$/.test(name)) return "webdings";
  if (/^msam\d{1,2}$/.test(name)) return "msam";
  if (/^lasy\d{1,2}$/.test(name)) return "lasy";
  if (/^(?:cmsy|lmsy)\d{1,2}$/.test(name)) return "cmsy";
  return null;
}
