import type { TableBlock, TableCell } from "./lines";

/**
 * Coded grid tables: a table whose first row names the scale over its columns with the corner cell empty or
 * naming the rows ("" | "Never" | "Sometimes" | "Often"; "Topic" | "A lot" | "A little"), and whose further rows each hold a statement in the first cell and only
 * the codes to circle, boxes or nothing in the others ("I tidy my desk" | 1 | 2 | 3). The geometry makes it one
 * grid question, whatever the line above it says: an instruction ("Circle one number for each statement.")
 * words it as well as a question would.
 */

/** A cell a respondent marks: a short code (non-substantive answers are often 97–99 or 997–999), a box, or nothing. */
const MARK_CELL = /^(?:\d{1,3}|[☐□▢◻❑○◯⚪])?$/u;

/** The corner cell names what the rows are ("Topic", "Q7 Item"), when it is not empty: a short label that asks nothing. */
const cornerLabel = (value: string) => !value || (value.length <= 30 && value.split(/\s+/).length <= 4 && !/[?？:：]/.test(value));

const text = (cell: TableCell | undefined) => cell?.text.trim() ?? "";

export function codedGridTable(table: TableBlock): boolean {
  const [header, ...body] = table.rows;
  if (!header || body.length < 2 || !cornerLabel(text(header[0]))) return false;
  const scale = header.slice(1).filter((cell) => text(cell));
  if (scale.length < 2 || scale.some((cell) => MARK_CELL.test(text(cell)))) return false;
  if (repeatedCodeList(body)) return false;
  return body.every((row) => text(row[0]) && !MARK_CELL.test(text(row[0])) && row.slice(1).every((cell) => MARK_CELL.test(text(cell))) && row.slice(1).some((cell) => text(cell)));
}

/**
 * One code list printed under several columns ("Unemployment | 1 | 1", "Poverty | 3 | 3": first and second mention,
 * one column per person): every row repeats a single code along the row, and the codes differ from row to row. The
 * rows are the answers of one question, not a grid's rows (a grid's codes differ along the row: "1 | 2 | 3").
 */
export function repeatedCodeList(body: (TableCell | undefined)[][]): boolean {
  const codes = body.map((row) => [...new Set(row.slice(1).map(text).filter((value) => /^\d{1,3}$/.test(value)))]);
  if (codes.some((row) => row.length !== 1)) return false;
  return new Set(codes.map((row) => row[0])).size >= Math.max(2, body.length * 0.8);
}
