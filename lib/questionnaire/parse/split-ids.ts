import type { LogicalLine } from "./lines";

/**
 * Split ids: a question id whose letters and number the print broke over a line end ("Q" / "12 How many children …",
 * "F" / "4. Wie oft …"). The letters alone on a line, followed by a line that opens with a number, make one id —
 * when the document prints other ids with the same letters, so a lone letter elsewhere (a column, a grade) is left.
 */

/** A line that opens with an id: its letters, an optional dot or space, its number. */
const LETTERED_ID = /^([A-Z]{1,3})\.?\s?\d{1,3}[A-Za-z]?(?:[.):]|\s)/;
/** The letters of an id, alone on their line. */
const LONE_LETTERS = /^([A-Z]{1,3})\.?$/;
/** A line that opens with a bare number and goes on with words ("12 How many …", "4. Wie oft …"). */
const NUMBER_LEAD = /^\d{1,3}[A-Za-z]?(?:[.):]\s*|\s+)\S/;

export function joinSplitIds(lines: LogicalLine[]): LogicalLine[] {
  const printed = new Set<string>();
  for (const line of lines) {
    const letters = LETTERED_ID.exec(line.text.trim().slice(0, 20))?.[1];
    if (letters) printed.add(letters);
  }
  if (!printed.size) return lines;
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const next = lines[index + 1];
    const letters = LONE_LETTERS.exec(line.text.trim())?.[1];
    if (letters && next && printed.has(letters) && NUMBER_LEAD.test(next.text.trim().slice(0, 20))) {
      out.push({ ...next, text: `${letters}${next.text.trim()}`, start: line.start, first: line.first, lines: [...line.lines, ...next.lines], segments: undefined });
      index++;
      continue;
    }
    out.push(line);
  }
  return out;
}
