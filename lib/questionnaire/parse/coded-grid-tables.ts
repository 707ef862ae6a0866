import type { TableBlock, TableCell } from "./lines";

/**
 * Coded grid tables: a table whose first row names the scale over its columns with the corner cell empty
 * ("" | "Never" | "Sometimes" | "Often"), and whose further rows each hold a statement in the first cell and only
 * the codes to circle, boxes or nothing in the others ("I tidy my desk" | 1 | 2 | 3). The geometry makes it one
 * grid question, whatever the line above it says: an instruction ("Circle one number for each statement.")
 * words it as well as a question would.
 */

/** A cell a respondent marks: a short code, a box, or nothing. */
const MARK_CELL = /^(?:\d{1,2}|[☐□▢◻❑○◯⚪])?$/u;

const text = (cell: TableCell | undefined) => cell?.text.trim() ?? "";

export function codedGridTable(table: TableBlock): boolean {
  const [header, ...body] = table.rows;
  if (!header || body.length < 2 || text(header[0])) return false;
  const scale = header.slice(1).filter((cell) => text(cell));
  if (scale.length < 2 || scale.some((cell) => MARK_CELL.test(text(cell)))) return false;
  return body.every((row) => text(row[0]) && !MARK_CELL.test(text(row[0])) && row.slice(1).every((cell) => MARK_CELL.test(text(cell))) && row.slice(1).some((cell) => text(cell)));
}
