import { asksWithoutQuestionMark } from "./cue-lexicon";

/**
 * A question written on one line with its blank after it and no question mark ("Which town do you work in
 * ____________"): the words before the blank ask (they open with a question word) and the blank is where the
 * answer is written. It is an open question of its own, not one more field of the question above it.
 */
const ASKED_BLANK = /^(\S.{8,200}?)\s*_{5,}\s*$/;
const ENGLISH_ASKS = /^(?:which|what|where|when|who|whom|whose|why|how|in which|in what|at which)\b/i;

/** The wording before the blank, when the line asks one question and ends with its blank; otherwise null. */
export function askedBeforeBlank(text: string): string | null {
  const match = ASKED_BLANK.exec(text.trim());
  if (!match) return null;
  const wording = match[1].trim();
  if (/[:：?？_]/.test(wording) || wording.split(/\s+/).length < 4) return null;
  return ENGLISH_ASKS.test(wording) || asksWithoutQuestionMark(wording) ? wording : null;
}
