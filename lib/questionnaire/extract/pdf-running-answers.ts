import { MARKER_START } from "./pdf-drawn-markers";

/**
 * Answers that repeat like page furniture. A form laid out one question to a page ends every page with the same
 * answers at the same place ("○ Yes" "○ No"); a rating form prints its scale ("1 2 3 4 5", "1 = Never  2 = Rarely …")
 * at the top or foot of every page. Such lines repeat word for word at one height, as running headers and footers
 * do, but they are answers: they read as answers (a marker, a code and its label, a scale of numbers, a legend of
 * codes) and they stand with the page's text (at line spacing from it), where a header or footer stands apart in the
 * margin.
 */

/** A code then its label ("1 Yes", "2. No", "(3) Often", "b) Never"). */
const CODED = /^(?:\(?\d{1,2}[.)]?|\(?[a-z]\))\s+\p{L}/u;
/** A legend of codes: "1 = Never", twice or more on the line. */
const LEGEND_ENTRY = /\d\s?=\s?\p{L}/gu;
/** A bullet or an answer marker. */
const BULLET = /^[•◦▪‣○◯●◉☐□▢◻❑❒❏❐■☑☒]/;

/** Whether a scale of numbers: three or more, each one more than the one before ("1 2 3 4 5", "0 1 2 3"). */
function isScale(text: string): boolean {
  const numbers = text.split(/\s+/);
  if (numbers.length < 3 || !numbers.every((token) => /^\d{1,2}$/.test(token))) return false;
  return numbers.every((token, index) => index === 0 || Number(token) === Number(numbers[index - 1]) + 1);
}

/**
 * Whether a line that repeats at the edge of the pages reads as an answer (see the module comment). Only a line that
 * repeats word for word is asked: a footer led by its page number ("3 Health survey") changes from page to page.
 */
export function readsAsAnswer(text: string): boolean {
  if (isScale(text) || (text.match(LEGEND_ENTRY) ?? []).length >= 2) return true;
  // A year, a form number or a version ("29 August 2023", "1 Form 4471-B") marks furniture, never an answer.
  if (/\d{3}/.test(text)) return false;
  return MARKER_START.test(text) || BULLET.test(text) || CODED.test(text);
}

/** Whether a line stands at line spacing from its neighbour on the page (not apart in the margin). */
export function withText(gap: number, size: number): boolean {
  return gap > 0 && gap <= size * 2.2;
}
