import type { LogicalLine } from "./lines";

/**
 * Row-level display conditions printed in a column of their own (the logic pipeline's detect step for tables): an
 * answer or grid table with a side column of conditions, one per row —
 *
 *   |       | Poor | Good | SHOW IF |          | Alpha | 1 | SHOW IF S2r1 |
 *   | Alpha |  1   |  2   | S2r1    |    or    | Beta  | 2 | SHOW IF S2r2 |
 *   | Beta  |  1   |  2   | S2r2    |          | None  | 3 |              |
 *
 * The column is recognised by its heading ("SHOW IF", "Condition", "Filter", "Base") or by every filled cell being a
 * filter ("SHOW IF …", "ASK IF …"). Each condition moves onto its row's label as "[SHOW IF …]" — the form in which
 * the row readers already take a condition written on the row — and the column is dropped, so it is read neither as
 * an answer column nor as a label column.
 */

/** A column heading that announces conditions. */
const CONDITION_HEADING = /^(?:show if|ask if|display if|show only if|ask only if|conditions?|filters?|base|display logic|show logic|logic|routing condition)\s*:?$/i;
/** A cell that is itself a filter. */
const CONDITION_CELL = /^[[(]?\s*(?:show|ask|display)\s+(?:only\s+)?if\b/i;

/**
 * A cell that compares a question of the table with a value ("SH_03 != Z", "q4a = 1, 2", "AT LEAST ONE B_05=1"):
 * an id-like name (letters, digits, "_"), a comparison, a value. A column whose every filled cell is one, at least
 * one of them naming an id printed in the first column of this or another table of the document (the table itself
 * printing ids there too), is a condition column whatever its heading says
 * ("Relevance", "Enabled when", none at all).
 */
const COMPARISON_OPERATOR = /!=|<>|<=|>=|=|<|>/;
/** An id-like name: a letter, then letters, digits, "_" or "."; with a digit (checked apart, so each test is linear). */
const NAME_WORD = /^[A-Za-z][\w.]*$/;
function isIdLike(word: string): boolean {
  return NAME_WORD.test(word) && /\d/.test(word);
}

/** The name a comparison cell compares (the word before its first operator), or null when the cell is none. */
function comparedName(text: string): string | null {
  const operator = COMPARISON_OPERATOR.exec(text);
  if (!operator || !text.slice(operator.index + operator[0].length).trim()) return null;
  const name = text.slice(0, operator.index).trim().split(/\s+/).at(-1) ?? "";
  return isIdLike(name) ? name : null;
}

/** A question id in a condition cell. */
const NAMES_QUESTION = /\b[A-Za-z]{1,6}[-_.]?\d{1,3}/;

type CellLine = LogicalLine & { first: { cell: NonNullable<LogicalLine["first"]["cell"]> } };

function inCell(line: LogicalLine): line is CellLine {
  return line.first.cell !== undefined;
}

/** The condition columns of one table's lines, and whether a heading names them (cells are then bare conditions). */
function conditionColumns(lines: CellLine[], printedIds: Set<string>): Array<{ col: number; headed: boolean; headingRow?: number }> {
  const cols = new Map<number, CellLine[]>();
  for (const line of lines) {
    const list = cols.get(line.first.cell.col) ?? [];
    list.push(line);
    cols.set(line.first.cell.col, list);
  }
  const firstRow = Math.min(...lines.map((line) => line.first.cell.row));
  const found: Array<{ col: number; headed: boolean; headingRow?: number }> = [];
  for (const [col, cells] of [...cols.entries()].sort((a, b) => a[0] - b[0])) {
    if (col === 0) continue;
    const heading = cells.find((line) => line.first.cell.row === firstRow && CONDITION_HEADING.test(line.text.trim()));
    const body = cells.filter((line) => line !== heading && line.text.trim());
    if (!body.length || body.some((line) => line.text.length > 160)) continue;
    // Under a heading, the cells are bare conditions: each names a question ("S2r1", "Q3 = 1"), not a count ("n=200").
    if (heading && body.every((line) => NAMES_QUESTION.test(line.text.trim()) && !/^n\s*=/i.test(line.text.trim()))) return [{ col, headed: true, headingRow: firstRow }];
    if (body.every((line) => CONDITION_CELL.test(line.text.trim()))) return [{ col, headed: false }];
    // Comparisons naming the table's own ids: a condition column by its cells (its heading, if any, is dropped).
    const rowsBelow = body.filter((line) => line.first.cell.row !== firstRow);
    const comparisons = rowsBelow.map((line) => comparedName(line.text.trim()));
    const namesOwnId = comparisons.some((name) => name && [...printedIds].some((id) => name.toLowerCase().endsWith(id)));
    if (ownIds(lines).size >= 2 && rowsBelow.length && comparisons.every(Boolean) && namesOwnId && !rowsBelow.some((line) => /^n\s*=/i.test(line.text.trim()))) {
      found.push({ col, headed: true, headingRow: firstRow });
    }
  }
  return found;
}

/** The ids a table prints in its first column, one per row below its heading row. */
function ownIds(lines: CellLine[]): Set<string> {
  const firstRow = Math.min(...lines.map((line) => line.first.cell.row));
  return new Set(
    lines
      .filter((line) => line.first.cell.col === 0 && line.first.cell.row !== firstRow)
      .map((line) => line.text.trim().toLowerCase())
      .filter(isIdLike),
  );
}

/** The filter a condition cell states, as a bracketed "[SHOW IF …]". */
function asFilter(text: string, headed: boolean): string {
  const value = text.trim().replace(/^\[(.*)\]$/s, "$1").replace(/^\((.*)\)$/s, "$1").trim();
  return CONDITION_CELL.test(value) || !headed ? `[${value}]` : `[SHOW IF ${value}]`;
}

export function readConditionColumns(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<string, CellLine[]>();
  for (const line of lines) {
    if (!inCell(line)) continue;
    const key = `${line.first.cell.table}:${line.first.cell.nested ? 1 : 0}`;
    const list = tables.get(key) ?? [];
    list.push(line);
    tables.set(key, list);
  }
  const dropped = new Set<LogicalLine>();
  const replaced = new Map<LogicalLine, LogicalLine>();
  // A condition names a question of its own table or of another table of the document (an earlier block's).
  const printedIds = new Set([...tables.values()].flatMap((cells) => [...ownIds(cells)]));
  for (const cells of tables.values()) {
    const columns = conditionColumns(cells, printedIds);
    if (!columns.length) continue;
    const conditionCols = new Set(columns.map((column) => column.col));
    const headed = columns.every((column) => column.headed);
    const headingRow = columns.find((column) => column.headingRow !== undefined)?.headingRow;
    const rows = new Map<number, CellLine[]>();
    for (const line of cells) {
      const list = rows.get(line.first.cell.row) ?? [];
      list.push(line);
      rows.set(line.first.cell.row, list);
    }
    for (const [row, rowLines] of rows) {
      const conditions = rowLines.filter((line) => conditionCols.has(line.first.cell.col));
      conditions.forEach((line) => dropped.add(line));
      if (row === headingRow) continue;
      const text = conditions.map((line) => line.text.trim()).join(" ").trim();
      if (!text) continue;
      // The row's label: the last line of its first filled cell other than the condition.
      const labelCol = Math.min(...rowLines.filter((line) => !conditionCols.has(line.first.cell.col) && line.text.trim()).map((line) => line.first.cell.col));
      const label = rowLines.filter((line) => line.first.cell.col === labelCol).at(-1);
      if (!label) continue;
      replaced.set(label, { ...label, text: `${label.text} ${asFilter(text, headed)}` });
    }
  }
  if (!dropped.size) return lines;
  return lines.filter((line) => !dropped.has(line)).map((line) => replaced.get(line) ?? line);
}
