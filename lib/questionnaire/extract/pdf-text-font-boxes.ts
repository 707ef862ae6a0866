/**
 * Answer boxes set as a text font's glyph that has no character. A word processor that prints a box from a symbol
 * font into a text font's subset (a "Times New Roman" CID font, a "Myriad Pro" with a custom encoding) gives the
 * glyph a private-use code ("\uf0f0") or a control code ("\u001f"); no symbol font is named, so no code table says
 * what the glyph shows (read through Wingdings, 0xF0 would be an arrow). Where it stands says it: the same such
 * glyph opening runs again and again, alone or before a label, is the box of an answer list, whatever its code.
 * A private-use ligature ("fi" of some Mac fonts) opens words too, but runs on into letters: it is left alone.
 */

const NO_CHARACTER = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f\ue000-\uf8ff]/;

/** Boxes of an answer list come at least in pairs. */
const MIN_MARKERS = 2;

interface Run {
  str?: string;
  fontName?: string;
}

/** The glyph without a character that opens a run as a marker does: alone, or before a space or a sign (not a letter). */
function openingGlyph(text: string): string | null {
  const start = text.length - text.trimStart().length;
  const glyph = text.charAt(start);
  if (!glyph || !NO_CHARACTER.test(glyph)) return null;
  const next = text.charAt(start + 1);
  return next && /\p{L}/u.test(next) ? null : glyph;
}

const key = (font: string, glyph: string) => `${font}\u0000${glyph}`;

/**
 * The glyphs (by font) of a page's text fonts that are answer boxes: those opening at least two runs. `isTextFont`
 * says which fonts are known text fonts; symbol fonts keep their code tables, fonts of unknown name their old reading.
 */
export function textFontBoxes(runs: unknown[], isTextFont: (font: string) => boolean): Set<string> {
  const counts = new Map<string, number>();
  for (const run of runs as Run[]) {
    if (typeof run.str !== "string" || !run.fontName || !isTextFont(run.fontName)) continue;
    const glyph = openingGlyph(run.str);
    if (glyph) counts.set(key(run.fontName, glyph), (counts.get(key(run.fontName, glyph)) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= MIN_MARKERS).map(([found]) => found));
}

/** A run's text with its opening glyph read as an empty box ("☐") when that glyph is one of the page's boxes. */
export function withTextFontBox(text: string, font: string | undefined, boxes: Set<string>): string {
  if (!font || !boxes.size) return text;
  const glyph = openingGlyph(text);
  if (!glyph || !boxes.has(key(font, glyph))) return text;
  const start = text.length - text.trimStart().length;
  return `${text.slice(0, start)}☐${text.slice(start + 1)}`;
}
