import type { LogicalLine, TableBlock, TableCell } from "./lines";

/**
 * Tick-column tables: a battery printed as a table whose header row names the answers over their own columns
 * ("Statement | Yes | No", "Pernyataan | SS | S | N | TS | STS") and whose body rows hold an item in the first cell
 * and nothing under the answers but room to tick. Printed without a question over it, often one table per section
 * under the section's heading: each such table is one grid, titled by that heading — not a layout of lines and not
 * more answers of the question before it.
 */

/** A cell to mark: empty, or only boxes or a printed tick. */
const MARK_CELL = /^[\s☐□▢◻❑○◯⚪●■✓✔xX]*$/;
const MAX_LABEL = 40;

const text = (cell: TableCell | undefined) => cell?.text.trim() ?? "";

/** The answer labels of a tick-column table (its header's cells after the first), or null. */
export function tickColumnLabels(table: TableBlock): string[] | null {
  const rows = table.rows.filter((row) => row && row.some((cell) => text(cell)));
  if (rows.length < 3) return null;
  const [header, ...body] = rows;
  const labelCols = header.flatMap((cell, col) => (col > 0 && text(cell) ? [col] : []));
  const labels = labelCols.map((col) => text(header[col]));
  if (labels.length < 2 || labels.some((label) => label.length > MAX_LABEL || /[?？]/.test(label))) return null;
  const items = body.filter((row) => text(row[0]).length >= 8 && /\p{L}/u.test(text(row[0])));
  if (items.length !== body.length) return null;
  return items.every((row) => row.slice(1).every((cell) => MARK_CELL.test(text(cell)))) ? labels : null;
}

/**
 * The line printed right over such a table that titles it: a heading, a bold line, or a short label that neither
 * asks nor introduces (no question mark, no colon at its end) and is no bracketed instruction ("[RANDOMIZE]").
 */
export function tableTitleLine(line: LogicalLine | undefined): boolean {
  if (!line) return false;
  const value = line.text.trim();
  if (!value || value.length > 80 || /^[[(（]/.test(value)) return false;
  return Boolean(line.first.heading || line.first.bold) || !/[?？:：.]$/.test(value);
}
