import type { LogicalLine } from "./lines";

/**
 * Numbered lists of statements after the questionnaire (data-cleaning rules, analysis steps, a methods appendix): a
 * document that numbers its questions with a prefix ("Q1.", "Q26.") closes with a section under its own heading
 * whose plain numbered items are sentences — "1. Remove respondents who did not consent." — with no question mark.
 * The plain numbers look like question numbers; in such a document they are not. Each item becomes a line of text.
 * Only items after the last prefixed question and under a heading printed after it are read so, and only when every
 * item of the run is a sentence that asks nothing.
 */

const PREFIXED_QUESTION = /^(?:#{1,6}\s*)?(?:\*\*)?Q\d{1,3}[a-z]?[.:)]\s+\S/;
const PLAIN_NUMBER = /^(\d{1,3})[.)]\s+(\S.*)$/;
/** A statement: three words or more, ending with a full stop, asking nothing. */
const STATEMENT = /^(?=(?:\S+\s+){2})[^?？¿]*[.。]$/;

function plain(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text, first: { ...line.first, list: undefined }, segments: undefined };
}

/** Rewrites trailing numbered statement lists into text lines (see above); other documents pass unchanged. */
export function readTrailingStatementLists(lines: LogicalLine[]): LogicalLine[] {
  const prefixed = lines.flatMap((line, index) => (PREFIXED_QUESTION.test(line.text.trim()) ? [index] : []));
  if (prefixed.length < 5) return lines;
  const last = prefixed.at(-1)!;
  const heading = lines.findIndex((line, index) => index > last && line.first.heading);
  if (heading < 0) return lines;
  const out = lines.slice();
  let index = heading + 1;
  while (index < lines.length) {
    if (!PLAIN_NUMBER.test(lines[index].text.trim())) {
      index++;
      continue;
    }
    let end = index;
    while (end < lines.length && PLAIN_NUMBER.test(lines[end].text.trim())) end++;
    const run = lines.slice(index, end);
    if (run.length >= 2 && run.every((line) => STATEMENT.test(PLAIN_NUMBER.exec(line.text.trim())![2].trim()))) {
      for (let at = index; at < end; at++) out[at] = plain(lines[at], PLAIN_NUMBER.exec(lines[at].text.trim())![2].trim());
    }
    index = end;
  }
  return out;
}
