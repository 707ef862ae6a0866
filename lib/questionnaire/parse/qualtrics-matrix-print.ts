import { classifyLine, lineAt, linesRead, type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";

/**
 * A matrix in a typeset print of a Qualtrics survey (PDF): under the question's wording, the column headings over
 * the right part of the page, wrapped over two or three lines and numbered "(1) (2) … (7)" (on a line of their
 * own or after each heading); then one row per statement, its label ending in its number ("Spinning (1)", a long
 * label wrapped before its "(5)"), with a row of answer circles ("• • • • • • •") printed beside it, often in the
 * middle of the label or of a condition. A row shown only to some respondents is preceded by its display logic —
 * "Display This Question:" (the print's words for a choice's display logic too) and the condition, wrapped —
 * which becomes the row's condition ([Display This Choice: …] on the row, read by the logic pipeline as the row's
 * showIf). A display block followed by a question rather than a row belongs to that question and ends the matrix.
 *
 * A matrix of two rows or more is a table (a grid); a matrix of one row is the question's own scale: its columns
 * are the answers (the row's label stays with the wording).
 */

const CODE_AT_END = /\((\d{1,2})\)\s*$/;
const DISPLAY_LEAD = /^display this (?:question|choice)\s*:?$/i;
const COMPARISON_AT_END = /(?:!=|<>|>=|<=|=|>|<)\s*[\w.-]{1,20}\s*$/;
const BLOCK_MARK = /^(?:start|end) of (?:block|loop)\b/i;
const HEADING_AREA = 0.2;
/** How many lines a row's label or its condition may wrap over. */
const WRAP_LIMIT = 6;

/** The line without its answer circles (drawn glyphs anywhere; letter circles "o o o" as a run at its end). */
function withoutCircles(text: string): string {
  const words = text.split(/\s+/).filter((word) => !/^[•○◯●]$/.test(word));
  let end = words.length;
  while (end > 0 && /^[oO]$/.test(words[end - 1])) end--;
  return (words.length - end >= 2 ? words.slice(0, end) : words).join(" ").trim();
}

interface Piece {
  text: string;
  x: number;
}

/** The pieces of a heading line over the columns (each printed line of it), or null when the line is not one. */
function headingPieces(line: LogicalLine): Piece[] | null {
  if (/[•○◯●]/.test(line.text)) return null;
  const pieces: Piece[] = [];
  for (const printed of line.lines) {
    if (printed.segments?.length) {
      if (printed.segments.some((segment) => segment.x < HEADING_AREA)) return null;
      pieces.push(...printed.segments.map((segment) => ({ text: segment.text.trim(), x: segment.x })));
      continue;
    }
    const indent = printed.indent ?? 0;
    if (indent < HEADING_AREA || printed.text.trim().length > 30) return null;
    pieces.push({ text: printed.text.trim(), x: indent });
  }
  return pieces.length ? pieces : null;
}

interface Column {
  code: string;
  x: number;
  label: string;
}

/** The columns of a heading: numbered pieces give each column its place; the words go to the nearest column. */
function columnsOf(pieces: Piece[]): Column[] | null {
  const columns: Column[] = [];
  for (const piece of pieces) {
    const code = CODE_AT_END.exec(piece.text);
    if (code) columns.push({ code: code[1], x: piece.x, label: "" });
  }
  if (columns.length < 2) return null;
  columns.sort((a, b) => Number(a.code) - Number(b.code));
  if (columns.some((column, index) => Number(column.code) !== Number(columns[0].code) + index) || Number(columns[0].code) > 1) return null;
  for (const piece of pieces) {
    const words = piece.text.replace(CODE_AT_END, "").trim();
    if (!words) continue;
    let nearest = columns[0];
    for (const column of columns) if (Math.abs(column.x - piece.x) < Math.abs(nearest.x - piece.x)) nearest = column;
    nearest.label = nearest.label ? `${nearest.label} ${words}` : words;
  }
  for (const column of columns) column.label ||= column.code;
  return columns;
}

interface Row {
  label: string;
  code: string;
  condition?: string;
  lines: LogicalLine[];
}

/**
 * The wrapped lines from `from` (at most WRAP_LIMIT), circles removed, up to the first that `closes`: their texts and
 * the index after it. Null where a display lead, a block mark or a question id comes first.
 */
function wrappedUntil(units: Unit[], from: number, closes: (text: string) => boolean): { parts: string[]; end: number } | null {
  const parts: string[] = [];
  for (let at = from; at < units.length && at < from + WRAP_LIMIT; at++) {
    const line = lineAt(units, at);
    if (!line) return null;
    const text = withoutCircles(line.text);
    if (!text) continue;
    if (DISPLAY_LEAD.test(text) || BLOCK_MARK.test(text) || classifyLine(line).kind === "qid") return null;
    parts.push(text);
    if (closes(text)) return { parts, end: at + 1 };
  }
  return null;
}

/** A row's label from `index` on: its wrapped lines up to the one ending in its number. */
function rowAt(units: Unit[], index: number): { label: string; code: string; end: number } | null {
  const wrapped = wrappedUntil(units, index, (text) => CODE_AT_END.test(text));
  if (!wrapped) return null;
  const code = CODE_AT_END.exec(wrapped.parts[wrapped.parts.length - 1]);
  const label = wrapped.parts.join(" ").replace(CODE_AT_END, "").trim();
  return code && label ? { label, code: code[1], end: wrapped.end } : null;
}

/** A display block from `index` (its lead line): the condition and the index after it. */
function displayAt(units: Unit[], index: number): { condition: string; end: number } | null {
  const wrapped = wrappedUntil(units, index + 1, (text) => COMPARISON_AT_END.test(text));
  return wrapped ? { condition: wrapped.parts.join(" "), end: wrapped.end } : null;
}

/** The matrix whose heading starts at units[index], if any. */
function readMatrix(units: Unit[], index: number): { columns: Column[]; rows: Row[]; heading: LogicalLine[]; end: number } | null {
  const first = lineAt(units, index);
  if (!first || first.first.page === undefined) return null;
  // Right under a question's wording.
  const previous = [1, 2, 3].map((back) => lineAt(units, index - back));
  if (!previous.some((line) => line && classifyLine(line).kind === "qid")) return null;
  const before = lineAt(units, index - 1);
  if (before && headingPieces(before) !== null) return null;
  const { lines: heading, read, end } = linesRead(units, index, headingPieces, 4);
  let at = end;
  const columns = heading.length ? columnsOf(read.flat()) : null;
  if (!columns) return null;
  const rows: Row[] = [];
  while (at < units.length) {
    const line = lineAt(units, at);
    if (!line) break;
    const text = withoutCircles(line.text);
    if (!text) {
      at++;
      continue;
    }
    let condition: string | undefined;
    let from = at;
    if (DISPLAY_LEAD.test(text)) {
      const display = displayAt(units, at);
      if (!display) break;
      condition = display.condition;
      from = display.end;
    }
    const row = rowAt(units, from);
    // A display block not followed by a row is the next question's.
    if (!row) break;
    rows.push({ label: row.label, code: row.code, ...(condition ? { condition } : {}), lines: units.slice(at, row.end).flatMap((unit) => (unit.kind === "line" ? [unit.line] : [])) });
    at = row.end;
  }
  if (!rows.length) return null;
  // Rows with letter circles and no display logic of their own are a printed grid the column reader knows; this
  // reader takes the drawn circles of a typeset print and rows that carry display logic.
  const drawn = rows.some((row) => row.lines.some((line) => /[•○◯●]/.test(line.text)));
  if (!drawn && !rows.some((row) => row.condition)) return null;
  return { columns, rows, heading, end: at };
}

/** The row's label with its condition as a bracketed display instruction (brackets inside it dropped). */
function rowText(row: Row): string {
  // The condition first: a label's own end ("Car (1)", its printed code) stays where the readers look for it.
  return row.condition ? `[Display This Choice: ${row.condition.replace(/[[\]]/g, "")}] ${row.label}` : row.label;
}

function readTable(units: Unit[], index: number, tableId: number): TableReading | null {
  const matrix = readMatrix(units, index);
  if (!matrix || matrix.rows.length < 2) return null;
  const { heading, rows, columns } = matrix;
  const headingCell = (label: string): TableCell => ({ text: label, start: heading[0].start, end: heading.at(-1)!.end, lines: heading });
  const lines = [...heading, ...rows.flatMap((row) => row.lines)];
  const table: TableBlock = {
    id: tableId,
    rows: [[undefined, ...columns.map((column) => headingCell(column.label))], ...rows.map((row) => [{ text: rowText(row), start: row.lines[0].start, end: row.lines.at(-1)!.end, lines: row.lines }])],
    cols: columns.length + 1,
    start: heading[0].start,
    end: lines.at(-1)!.end,
    lines,
  };
  return { table, length: matrix.end - index };
}

/**
 * A table cell that opens with a choice's display logic (a Qualtrics Word export prints it in the row's label cell:
 * "Display This Choice:" / "If … = Car" / "Car (1)"): the label with its condition as a bracketed display
 * instruction, the way a row carries its condition in any other rendering.
 */
function cellWithDisplayLogic(cell: TableCell): TableCell {
  const texts = cell.lines.map((line) => line.text.trim()).filter(Boolean);
  if (texts.length < 3 || !DISPLAY_LEAD.test(texts[0])) return cell;
  const end = texts.findIndex((text, index) => index > 0 && COMPARISON_AT_END.test(text));
  if (end < 1 || end === texts.length - 1) return cell;
  const condition = texts.slice(1, end + 1).join(" ");
  const label = texts.slice(end + 1).join(" ");
  return { ...cell, text: rowText({ label, code: "", condition, lines: [] }) };
}

function withCellDisplayLogic(unit: Unit): Unit {
  if (unit.kind !== "table") return unit;
  let changed = false;
  const rows = unit.table.rows.map((row) =>
    row.map((cell) => {
      if (!cell) return cell;
      const next = cellWithDisplayLogic(cell);
      if (next !== cell) changed = true;
      return next;
    }),
  );
  return changed ? { kind: "table", table: { ...unit.table, rows } } : unit;
}

/**
 * Replaces the matrices of a typeset Qualtrics print: grids by tables, one-row matrices by their answers; and
 * reads a choice's display logic printed in a table's cell.
 */
export function readQualtricsMatrices(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let index = 0; index < units.length; index++) {
    const matrix = readMatrix(units, index);
    if (matrix && matrix.rows.length === 1) {
      // One row: the row's label joins the wording; the columns are the answers ("• At least 75% worse (1)").
      const row = matrix.rows[0];
      const base = row.lines[0];
      out.push({ kind: "line", line: { ...base, text: row.label, segments: undefined } });
      for (const column of matrix.columns) {
        const source = matrix.heading[0];
        out.push({ kind: "line", line: { ...source, text: `• ${column.label} (${column.code})`, segments: undefined } });
      }
      index = matrix.end - 1;
      continue;
    }
    out.push(withCellDisplayLogic(units[index]));
  }
  return replaceWithTables(out, 2_000_000, readTable);
}
