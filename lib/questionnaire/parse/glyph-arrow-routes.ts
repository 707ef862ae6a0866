/**
 * Routes printed as a dingbat arrow and a question number after an answer's box ("Yes ..... ☐ ➔ Question 9!",
 * "Nein ..... ☐ ► Frage 12"): paper questionnaires set the arrow in a symbol font (Wingdings, ZapfDingbats, a form
 * tool's own marker font) whose glyph reaches the text as a dingbat — an arrowhead, a triangle, or a diamond when the
 * font is not known — or as nothing at all, when it is drawn; a drawn outline arrow may even read as a box. The target
 * is still printed as a word for "question", its number and, in the German panel surveys' style, an exclamation mark.
 * Read as "→ Question 9".
 */
const ARROWS = "◆♦➔➜➡➨➢►▶⇨⇒";
/** Box-like glyphs: a drawn arrow read as a marker; only with the exclamation mark of an imperative target. */
const BOXES = "☐□▢◻❑○";
const GLYPH_ROUTE = new RegExp(String.raw`(?<!\S)([${ARROWS}${BOXES}]\s*)?((?:question|frage|q\.?|pregunta)\s*\d{1,3}[a-z]?)\s*(!?)$`, "iu");

function glyphRoute(text: string): { index: number; target: string; glyph: string } | null {
  // Trimmed first: spaces before and after the "!" would be read twice from every start.
  const match = GLYPH_ROUTE.exec(text.trimEnd());
  if (!match) return null;
  const glyph = (match[1] ?? "").trim();
  const exclaimed = match[3] === "!";
  // Without an arrow, the exclamation mark tells a route from a label that ends in a question's name ("Same as
  // question 3").
  if (!exclaimed && !(glyph && ARROWS.includes(glyph))) return null;
  return { index: match.index, target: match[2], glyph };
}

/** The route at the end of an answer's label, written with an arrow, and where it starts; null when there is none. */
export function glyphArrowRoute(label: string): { index: number; route: string } | null {
  const found = glyphRoute(label);
  if (!found || !/\p{L}/u.test(label.slice(0, found.index))) return null;
  return { index: found.index, route: `→ ${found.target}` };
}

/** A piece of a line that is only such a route ("◆ Question 9!"): the end of the answer before it, not an answer. */
export function isGlyphArrowRoute(text: string): boolean {
  const found = glyphRoute(text.trim());
  return found !== null && found.index === 0 && found.glyph !== "";
}

/**
 * Answers split from one line ("☐ Yes .....  ☐ No .....  ☐ Question 98!"): a piece that is only a route belongs to the
 * answer before it.
 */
export function withGlyphRoutesJoined(parts: string[]): string[] {
  const joined: string[] = [];
  for (const part of parts) {
    const found = joined.length > 0 && isGlyphArrowRoute(part) ? glyphRoute(part.trim()) : null;
    if (found) joined[joined.length - 1] = `${joined[joined.length - 1]} → ${found.target}`;
    else joined.push(part);
  }
  return joined;
}
