import { COUNT_WORDS, NIL_WORDS } from "./cue-lexicon";
import { normalizeForMatch } from "./patterns";

/**
 * A routing clause that says "never" or "none" under a question that counts: "How many times have you changed
 * department? … If you have never changed department, go to question 30"; "Wie viele Kinder haben Sie? … Wenn Sie
 * keine Kinder haben, weiter mit Frage 9". The clause names no answer (a count has none printed) and no number, yet it
 * states one: the count is zero. Convention: under a question whose wording asks for a count (COUNT_WORDS), a short
 * clause without digits that holds a nil word (NIL_WORDS: never, none, jamais, aucun, nunca, kein, …) is the condition
 * "answer = 0". Words are compared whole, after accents are removed.
 */

const NIL = new Set(Object.values(NIL_WORDS).flat());
const COUNTS = Object.values(COUNT_WORDS).flat();
/** A clause longer than this says more than "never": it is not read as a count of zero. */
const CLAUSE_WORDS = 12;

function wordsOf(text: string): string[] {
  return normalizeForMatch(text.slice(0, 400)).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Whether the wording asks for a count. */
export function asksForCount(wording: string): boolean {
  const text = ` ${wordsOf(wording).join(" ")} `;
  return COUNTS.some((phrase) => text.includes(` ${phrase} `));
}

/** Whether a routing clause says the amount is nil ("vous n'avez jamais changé de département"). */
export function saysNil(clause: string): boolean {
  if (/\d/.test(clause)) return false;
  const words = wordsOf(clause);
  return words.length > 0 && words.length <= CLAUSE_WORDS && words.some((word) => NIL.has(word));
}
