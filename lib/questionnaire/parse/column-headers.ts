import { letterSegments } from "./column-grids";
import type { LogicalLine } from "./lines";

/**
 * Column headings printed over the answer columns of a list of items (layout model): after the wording, a line of
 * two to seven short labels set apart by wide gaps, printed in the right part of the page, then the items, each on
 * a line that starts at the left —
 *
 *   B1 Which of these tools do you use at least once a week?
 *                                                             Yes   No
 *   1. Specialised bookshop software ………………………………………… 1
 *   2. Social networks for publishing …………………………………… 2
 *
 * — the labels are the grid's columns and the items its rows; read line by line, the labels become two more answers
 * of the list. The heading line is rewritten as one "| Yes | No |" scale line, which the interpreter reads as a
 * grid's columns over the rows under it.
 */

/** The headings sit right of this (a fraction of the text width): over the answer columns, not over the items. */
const HEADINGS_FROM = 0.45;
/** Items start left of this. */
const ITEMS_BEFORE = 0.2;
/** At least this many items under the headings. */
const MIN_ITEMS = 3;

function headings(line: LogicalLine): string[] | null {
  const segments = line.segments ?? [];
  if (segments.length < 2 || segments.length > 7 || (line.first.indent ?? 0) < HEADINGS_FROM) return null;
  const labels = segments.map((segment) => segment.text.trim());
  if (!labels.every((label) => label && label.split(/\s+/).length <= 3 && label.length <= 30 && !/[?？:：]/.test(label) && !/^\d+[.)]?$/.test(label))) return null;
  return labels;
}

export function readColumnHeaders(lines: LogicalLine[]): LogicalLine[] {
  return lines.map((line, index) => {
    const labels = headings(line);
    if (!labels || index === 0) return line;
    const above = lines[index - 1].text.trim();
    if (!/[?？:：]\s*$/.test(above)) return line;
    const items = lines.slice(index + 1, index + 1 + MIN_ITEMS);
    if (items.length < MIN_ITEMS || !items.every((item) => (item.first.indent ?? 1) < ITEMS_BEFORE && /^\(?\d{1,2}[.)]\s+\S/.test(item.text.trim()))) return line;
    // Items that carry an answer sheet's letters under the labels are a lettered grid (column-grids.ts).
    if (items.some((item) => letterSegments(item))) return line;
    return { ...line, text: `| ${labels.join(" | ")} |`, segments: undefined };
  });
}
