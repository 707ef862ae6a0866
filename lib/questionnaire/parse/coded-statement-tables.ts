import type { TableBlock, TableCell } from "./lines";

/**
 * Coded statement tables: a battery printed as a table whose rows carry item codes ("K1", "K2" … or "1", "2" …)
 * in the first column, a statement in the second, and only empty cells or boxes under the scale columns that
 * follow ("Code | Statement | 1 | 2 | 3 | 4 | 5"). The scale is printed in the header row or stated once in a
 * legend; the codes name the rows. However many rows, the table is one grid — not a table of questions (the
 * codes look like question ids) and not a layout of lines.
 */

/** An item code in a cell of its own: "K1", "K1.", "12", "Q7". */
export const ITEM_CODE = /^(?:Q\.?\s*)?\d{1,3}[a-z]?[.)]?$|^[A-Z]{1,3}\d{1,3}[a-z]?[.)]?$/;
/** A cell to mark: empty, or only boxes or a printed tick. */
const MARK_CELL = /^[\s☐□▢◻❑○◯⚪●■✓✔xX]*$/;

function codedRow(row: (TableCell | undefined)[]): boolean {
  const id = row[0]?.text.trim() ?? "";
  const text = row[1]?.text.trim() ?? "";
  return ITEM_CODE.test(id) && text.length >= 8 && /\p{L}/u.test(text);
}

/** The rows of a table that read as coded statements with only cells to mark after them, or null. */
export function codedStatementRows(table: TableBlock): (TableCell | undefined)[][] | null {
  const rows = table.rows.filter((row) => row && row.some(Boolean));
  const coded = rows.filter(codedRow);
  if (coded.length < 2 || coded.length < (rows.length - 1) * 0.6) return null;
  const statements = coded.filter((row) => !/[?？]/.test(row[1]!.text)).length >= coded.length * 0.8;
  const blank = coded.every((row) => row.slice(2).every((cell) => !cell || MARK_CELL.test(cell.text)));
  // The answer columns must be there: a two-column list of codes and statements is a codebook, not a battery.
  const width = Math.max(table.cols, ...table.lines.map((line) => line.first.cell?.cols ?? 0));
  return statements && blank && width >= 4 ? coded : null;
}
