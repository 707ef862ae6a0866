/**
 * Household-survey paper forms (the LSMS family and the forms modelled on them) print the skip beside an answer's
 * code as a double angle or a pointer, often touching the code and sometimes in brackets: "No ....... 2>>8",
 * "NO 3 >>2", "Yes ...... 1 >>2A", "NO ..2 (►Q7)", "NO....2(► NEXT SECTION)", "1 ▶ 12". Read as printed, the arrow
 * glues to the code ("2>>8" is no code) or is no route word, and the skip is lost. Spelled as the go-to the rest of the
 * parser reads ("No ....... 2 (GO TO 8)"), the code and its route are both kept.
 */

/** The arrows these forms print: a double angle (typed as two characters) or a pointer glyph. */
const POINTERS = new Set(["►", "▶", "⇨", "➤", "➔", "➜"]);
/** The longest target after the arrow: a question id, "NEXT SECTION", "END OF MODULE" — a few words, never wording. */
const TARGET_CHARS = 24;

/** Where the arrow starts and how long it is, or null: the first ">>" or pointer glyph in the text. */
function arrowAt(text: string): { index: number; length: number } | null {
  for (let i = 0; i < text.length; i++) {
    if (POINTERS.has(text[i])) return { index: i, length: 1 };
    if (text[i] === ">" && text[i + 1] === ">") return { index: i, length: text[i + 2] === ">" ? 3 : 2 };
  }
  return null;
}

/**
 * The answer line with its printed arrow spelled as a go-to: a code of one to three digits, then (after spaces or an
 * opening bracket, or touching it) the arrow and a short target closing the line. Anything else is returned as is —
 * an arrow opening the line, or one after a word, is a bullet or a note, not this answer's route.
 */
export function withPrintedSkipArrow(text: string): string {
  const arrow = arrowAt(text);
  if (!arrow) return text;
  let before = arrow.index;
  while (before > 0 && text[before - 1] === " ") before--;
  const bracketed = before > 0 && text[before - 1] === "(";
  if (bracketed) before--;
  while (before > 0 && text[before - 1] === " ") before--;
  let digits = 0;
  while (digits < 4 && before - digits > 0 && /\d/.test(text[before - digits - 1])) digits++;
  // The code is one to three digits set apart from the label (by a space or a dot leader), never part of a word.
  if (digits < 1 || digits > 3) return text;
  const codeStart = before - digits;
  if (codeStart === 0 || !/[\s.…]/.test(text[codeStart - 1])) return text;
  let target = text.slice(arrow.index + arrow.length).trim();
  if (bracketed) {
    if (!target.endsWith(")")) return text;
    target = target.slice(0, -1).trim();
  }
  if (!target || target.length > TARGET_CHARS || !/^[\p{L}\p{N}]/u.test(target) || /[()?:]/.test(target)) return text;
  return `${text.slice(0, before)} (GO TO ${target})`;
}
