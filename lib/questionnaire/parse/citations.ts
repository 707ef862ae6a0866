/**
 * Sources cited in a numbered list. A questionnaire's introduction or a codebook names the published scales it uses as a
 * numbered reference list ("1. The Garden Attitude Scale. Miller, A.; & Stone, B. (2004). \"Measuring …\". Journal of
 * Outdoor Studies, 12, 40-51."). Read line by line, each entry is a numbered statement: a question with nothing to
 * answer. It is a reference: it names authors by surname and initials and a year in brackets, and asks nothing.
 */

/** A year of publication in brackets: "(2004)", "(2010a)". */
const YEAR = /\((?:19|20)\d{2}[a-z]?\)/;
/** An author as surname and initials: "Miller, A.", "Stone, B. J.". */
const AUTHOR = /\b\p{Lu}[\p{L}'’-]+,\s\p{Lu}\./u;

export function isCitation(text: string): boolean {
  const value = text.trim();
  return value.length <= 600 && !/[?？]/.test(value) && YEAR.test(value) && AUTHOR.test(value);
}
