/**
 * Split-sample form bases. Telephone and omnibus questionnaires field two (or more) versions at once and print the
 * base of a block as a line of its own: "ASK FORM 1:", "ASK FORM 2 ONLY:", "ASK FORM 1a ONLY", "FORM B ONLY",
 * "ASK VERSION A", "ASK SPLIT 2". Which form a respondent gets is assigned outside the questionnaire, so the block
 * is conditioned on the group variable ("FORM 1"), never on a question.
 */

/** "ASK FORM 1", "FORM 2 ONLY", "ASK VERSION A ONLY:", "[ASK SPLIT B]": the word, the form's name, an optional "only". */
export const SPLIT_FORM_BASE = /^\[?\s*(?:ask(?:ed)?\s+(?:(?:of|to)\s+)?)?(form|version|split(?:\s+sample)?|ballot)\s+(\d{1,2}[a-z]?|[A-Z])(?:\s+only)?\s*\]?\s*[:.]?$/i;

/** The group a split-form base names ("FORM 1", "VERSION A"), or null. */
export function splitFormOf(text: string): string | null {
  const match = SPLIT_FORM_BASE.exec(text.trim());
  if (!match) return null;
  // A bare "Form 1" / "Version A" heading without "ASK" or "ONLY" is a title, not a base.
  if (!/^\[?\s*ask|\bonly\b/i.test(text.trim())) return null;
  return `${match[1].replace(/\s+/g, " ").toUpperCase()} ${match[2]}`;
}
