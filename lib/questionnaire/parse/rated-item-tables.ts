import type { TableBlock, TableCell } from "./lines";

/**
 * Rated-item tables: a table whose rows are the items to judge — a name, often a definition or description in
 * the next cells — and whose last cell in every row prints the same boxed answers ("☐ Essential ☐ Useful
 * ☐ Not needed"). However long the descriptions, it is one grid: the rows are the items (their first cell),
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
  const header = rows[0] && !boxedLabels(lastCell(rows[0])?.text ?? "") ? 1 : 0;
  const body = rows.slice(header);
  if (body.length < 2) return null;
  let columns: string[] | null = null;
  const items: TableCell[] = [];
  for (const row of body) {
    const first = row.find((cell) => cell && cell.text.trim());
    const last = lastCell(row);
    const labels = last && last !== first ? boxedLabels(last.text) : null;
    if (!first || !labels || first.text.trim().length > 160) return null;
    if (columns && (columns.length !== labels.length || columns.some((label, index) => label.toLowerCase() !== labels[index].toLowerCase()))) return null;
    columns = labels;
    items.push(first);
  }
  return columns ? { items, columns } : null;
}
