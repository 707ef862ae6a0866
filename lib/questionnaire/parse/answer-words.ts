import type { IROption } from "../ir";
import { normalizeForMatch } from "./patterns";

/**
 * An answer named by its words inside a longer clause (the logic pipeline's bind step for prose routes): "Si vous
 * avez répondu dans le secteur public, passez à …" under the answers "Privé / Public"; "If you were born in Canada,
 * skip to …" under "In Canada, in a province / In Canada, in a territory / Abroad"; "If you answered permanent or
 * military staff" under "Permanent staff (including trainees) or military". Words the clause shares with the
 * question's own wording only restate the question ("Where were you born?" → "you", "born") and are set aside, as are
 * words of one or two letters. What is left must be accounted for by the answers chosen: every answer whose label's
 * words all occur in the clause (at most two small words of the sentence left over, fewer than the answer's, and
 * none a word of another answer), or else every answer whose label holds all of the clause's words. A clause that
 * also names another answer's words ("no, or if you have a full exemption") is left unbound.
 */
const words = (text: string): string[] =>
  normalizeForMatch(text.replace(/\([^()]{0,120}\)/g, " ").replace(/\*/g, ""))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);

export function answersNamedByWords(clause: string, wording: string, choices: readonly IROption[]): string[] | null {
  if (choices.length < 2) return null;
  const restated = new Set(words(wording));
  const named = [...new Set(words(clause))].filter((word) => !restated.has(word));
  if (!named.length || named.length > 6) return null;
  const labels = choices.map((option) => ({ code: option.code, words: new Set(words(option.label)) })).filter((label) => label.words.size > 0);
  const repeated = labels.filter((label) => [...label.words].every((word) => named.includes(word)));
  if (repeated.length) {
    const covered = new Set(repeated.flatMap((label) => [...label.words]));
    const rest = named.filter((word) => !covered.has(word));
    const others = labels.filter((label) => !repeated.includes(label));
    // Left-over words may be small words of the sentence ("the", "dans"), never words of another answer.
    if (rest.some((word) => others.some((label) => label.words.has(word)))) return null;
    return rest.length <= Math.min(2, named.length - rest.length) ? repeated.map((label) => label.code) : null;
  }
  const holding = labels.filter((label) => named.every((word) => label.words.has(word)));
  return holding.length && holding.length < labels.length ? holding.map((label) => label.code) : null;
}
