/**
 * Routes printed as a dingbat arrow and a question number after an answer's box ("Yes ..... ☐ ➔ Question 9!",
 * "Nein ..... ☐ ► Frage 12"): paper questionnaires set the arrow in a symbol font (Wingdings, ZapfDingbats, a form
 * tool's own marker font) whose glyph reaches the text as a dingbat — an arrowhead, a triangle, or a diamond when the
 * font is not known — or as nothing at all, when it is drawn. The target is still printed as a word for "question",
 * its number and, in the German panel surveys' style, an exclamation mark. Read as "→ Question 9".
 */
const GLYPH_ROUTE = /(?<!\S)(?:[◆♦➔➜➡➨➢►▶⇨⇒]\s*)?((?:question|frage|q\.?|pregunta|question n[°o]\.?)\s*\d{1,3}[a-z]?)\s*!?\s*$/iu;

/** The route at the end of an answer's label, written with an arrow, and where it starts; null when there is none. */
export function glyphArrowRoute(label: string): { index: number; route: string } | null {
  const match = GLYPH_ROUTE.exec(label);
  if (!match) return null;
  const glyph = /^[◆♦➔➜➡➨➢►▶⇨⇒]/u.test(match[0]);
  // Without the glyph, the exclamation mark or the dot leader before it tells a route from a label that ends in a
  // question's name ("Same as question 3").
  if (!glyph && !/!\s*$/.test(match[0])) return null;
  const head = label.slice(0, match.index);
  if (!/\p{L}/u.test(head)) return null;
  return { index: match.index, route: `→ ${match[1]}` };
}

/** A piece of a line that is only such a route ("◆ Question 9!"): the end of the answer before it, not an answer. */
export function isGlyphArrowRoute(text: string): boolean {
  const match = GLYPH_ROUTE.exec(text.trim());
  return match !== null && match.index === 0 && /^[◆♦➔➜➡➨➢►▶⇨⇒]/u.test(match[0]);
}
