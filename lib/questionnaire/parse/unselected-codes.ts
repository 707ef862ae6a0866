/**
 * Screener rules written as the answers a respondent must give ("[MUST SELECT 4 TO CONTINUE]") or as the codes
 * whose absence ends the interview ("TERMINATE IF CODES 1 OR 2 NOT SELECTED", "[Red herring – TERMINATE IF CODE 3
 * NOT SELECTED]"). Both are about the question they are printed under, and both screen out whoever did not pick one
 * of the listed codes: a termination when the question's answer is none of them.
 */

/** "MUST SELECT 4 TO CONTINUE", "MUST CHOOSE 2 - Brand A OR 10 - Brand B TO QUALIFY", "MUST SELECT CODE 1 TO CONTINUE". */
export const MUST_SELECT = /^\[?\s*must\s+(?:select|choose|pick|answer|code)\s+(?:codes?\s+)?(\d{1,3}\b.*?)\s+to\s+(?:continue|qualify|proceed)\b[.\s\]]*$/i;

/** "CODES 1 OR 2 NOT SELECTED", "code 3 is not selected", "1 or 2 not chosen". */
const NOT_SELECTED = /^(?:(?:the\s+)?(?:codes?|answers?|options?)\s+)?(\d{1,3}(?:\s*(?:,|\/|&|\bor\b|\band\b)\s*\d{1,3})*)\s+(?:(?:is|are|was|were)\s+)?not\s+(?:selected|chosen|checked|ticked|coded|picked|mentioned)\s*$/i;

/** The codes a "must select" rule asks for: the first number and every number after "or", "," or "/" (labels may follow each). */
export function mustSelectCodes(text: string): string[] | null {
  const match = MUST_SELECT.exec(text.trim());
  if (!match) return null;
  const codes = [...match[1].matchAll(/(?:^|\bor\b|,|\/)\s*(?:code\s+)?(\d{1,3})\b/gi)].map((code) => code[1]);
  return codes.length ? codes : null;
}

/** The codes of a "codes … not selected" condition, or null. */
export function notSelectedCodes(condition: string): string[] | null {
  const match = NOT_SELECTED.exec(condition.trim());
  return match ? (match[1].match(/\d{1,3}/g) ?? null) : null;
}

/** The condition on a named question: its answer is none of the codes ("S2 ≠ 1,2"). */
export function noneOfCondition(question: string, codes: string[]): string {
  return `${question} ≠ ${codes.join(",")}`;
}
