import type { TableBlock, TableCell } from "./lines";

/**
 * Rated-item tables: a table whose rows are the items to judge — a name, often a definition or description in
 * the next cells — and whose last cell in every row prints the same boxed answers ("☐ Essential ☐ Useful
 * ☐ Not needed") or the same row of scale points to circle ("1  2  3  4  5  6  7"). However long the descriptions, it
 * is one grid: the rows are the items (their first cell),
 * the columns the boxed answers every row repeats. A heading row over the items ("Item | Definition |
 * Rating") is not an item.
 */

const BOXED = /[☐□▢◻❑○◯⚪]/;

/** "☐ Very ☐ Fairly ☐ Not at all" → the labels after the boxes, when every label has its box. */
function boxedLabels(text: string): string[] | null {
  const trimmed = text.trim();
  if (!BOXED.test(trimmed.charAt(0))) return null;
  const labels = trimmed.split(BOXED).slice(1).map((label) => label.trim());
  if (labels.length < 2 || labels.some((label) => !label || label.length > 40 || /[?？]/.test(label))) return null;
  return labels;
}

/** Fewest and most points of a scale printed as bare numbers. */
const MIN_POINTS = 3;
const MAX_POINTS = 11;

/**
 * "1     2     3     4     5     6     7" (points to circle, often drawn as text boxes) → the points, when they are
 * consecutive whole numbers set apart by spaces and nothing else.
 */
function scalePoints(text: string): string[] | null {
  const points = text.trim().split(/\s+/);
  if (points.length < MIN_POINTS || points.length > MAX_POINTS || !points.every((point) => /^\d{1,2}$/.test(point))) return null;
  const step = Number(points[1]) - Number(points[0]);
  if (Math.abs(step) !== 1 || points.some((point, index) => Number(point) !== Number(points[0]) + step * index)) return null;
  return points;
}

/** "Carrying … safe. 1 2 3 4 5 6 7" → the statement and its points (every number at the end of the text). */
function trailingPoints(text: string): { statement: string; points: string[] } | null {
  const words = text.trim().split(/\s+/);
  let at = words.length;
  while (at > 0 && /^\d{1,2}$/.test(words[at - 1])) at--;
  const points = scalePoints(words.slice(at).join(" "));
  return points && at > 0 ? { statement: words.slice(0, at).join(" "), points } : null;
}

function lastCell(row: (TableCell | undefined)[]): TableCell | undefined {
  return row.filter((cell) => cell && cell.text.trim()).at(-1);
}

export interface RatedItems {
  /** The body rows' first cells (the items). */
  items: TableCell[];
  columns: string[];
}

/** The items and the shared answers of a rated-item table, or null. */
export function ratedItemTable(table: TableBlock): RatedItems | null {
  const rows = table.rows.filter((row) => row && row.some((cell) => cell && cell.text.trim()));
  const answerCell = (row: (TableCell | undefined)[]) => boxedLabels(lastCell(row)?.text ?? "") ?? scalePoints(lastCell(row)?.text ?? "");
  const header = rows[0] && !answerCell(rows[0]) ? 1 : 0;
  const body = rows.slice(header);
  if (body.length < 2) return null;
  let columns: string[] | null = null;
  const items: TableCell[] = [];
  for (const row of body) {
    let first = row.find((cell) => cell && cell.text.trim());
    const last = lastCell(row);
    let labels = last && last !== first ? (boxedLabels(last.text) ?? scalePoints(last.text)) : null;
    // A row whose two cells were merged keeps its points at the end of the statement ("Carrying … safe. 1 2 … 7").
    const merged = first && last === first ? trailingPoints(first.text) : null;
    if (first && merged) {
      first = { ...first, text: merged.statement };
      labels = merged.points;
    }
    if (!first || !labels || first.text.trim().length > 160) return null;
    if (columns && (columns.length !== labels.length || columns.some((label, index) => label.toLowerCase() !== labels[index].toLowerCase()))) return null;
    columns = labels;
    items.push(first);
  }
  return columns ? { items, columns } : null;
}
