import { withoutTrailing } from "../text-scan";
/**
 * Numbering-gap notes. Telephone questionnaires that keep their question numbers across waves print a line where
 * numbers were dropped: "NO QUESTIONS 3-9", "NO QUESTION 59", "NO QUESTIONS6-8", "NO ITEM c", "NO ITEMS e-f".
 * Such a line is neither a heading nor an instruction: it is left out, so the base line after it ("ASK FORM 1:")
 * leads into the next question instead of closing a section of its own.
 */

/** An upper-case "NO QUESTION(S)/ITEM(S)" line naming numbers or item letters (a list or a range), nothing else. */
export const NUMBERING_GAP_NOTE = /^\(?NO\s+(?:QUESTIONS?|ITEMS?|QS?\.?)\s*[A-Z]{0,3}\.?\d{0,3}[a-z]?\.?(?:\s*(?:[-–,&]|AND|THROUGH|THRU|TO)\s*[A-Z]{0,3}\.?\d{0,3}[a-z]?\.?){0,8}\)?$/;

export function isNumberingGapNote(text: string): boolean {
  const trimmed = text.trim();
  if (!NUMBERING_GAP_NOTE.test(trimmed)) return false;
  // Something must be named after the words ("NO ITEMS" alone could be an answer).
  const core = withoutTrailing(trimmed, ".)");
  return /[\dA-Za-z]$/.test(core) && !/^\(?NO\s+(?:QUESTIONS?|ITEMS?|QS?)\.?$/.test(core);
}
