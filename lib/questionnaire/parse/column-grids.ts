import type { LineSegment } from "../extract/model";
import { classifyLine, type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";

/**
 * Column grids in a paged layout (PDF): the answer columns of a grid are headed by labels printed over the
 * right part of the page — side by side, stacked over two lines, or printed upwards — and the statements to
 * rate run down the left column underneath. The answer circles are often drawn rather than written, so a
 * row is only its statement; or each row repeats the column codes ("1  2  3  4  5  90") on its line or just
 * below it. Read line by line, the headings look like one answer and the statements like more answers (or
 * more questions); read as columns, they are one table — column headings over labelled rows — which the
 * question above it programs as a grid.
 */

/** Where the answer columns may begin: headings start right of the statements' column. */
const COLUMN_AREA = 0.3;
/** Where headings of a line of their own begin when they are not capitalised (see headingSegments). */
const OWN_LINE_AREA = 0.55;
const CODE = /^\d{1,2}$/;
const MARKERS = /^(?:[oO○◯●◉⚪☐□▢◻❑]|\(\s*\)|\[\s*\])(?:\s+(?:[oO○◯●◉⚪☐□▢◻❑]|\(\s*\)|\[\s*\]))*$/;

interface Column {
  x: number;
  x1: number;
  label: string;
}

function segmentsOf(line: LogicalLine): LineSegment[] {
  return line.segments ?? [];
}

function center(piece: { x: number; x1: number }): number {
  return (piece.x + piece.x1) / 2;
}

/** Codes printed in the answer columns (the whole line, or its part right of the label). */
function codeSegments(line: LogicalLine): LineSegment[] | null {
  const letters = letterSegments(line);
  if (letters) return letters;
  const codes = segmentsOf(line).filter((segment) => segment.x >= COLUMN_AREA - 0.05);
  if (codes.length < 3 || !codes.every((segment) => CODE.test(segment.text.trim()))) return null;
  return codes;
}

/**
 * An optical-mark form's bubbles: the letters of the answer sheet, one under each column, counting from A
 * ("A   B   C   D"), at the end of the row's line (or on a line of their own under it).
 */
export function letterSegments(line: LogicalLine): LineSegment[] | null {
  const segments = segmentsOf(line);
  let start = segments.length;
  while (start > 0 && SHEET_LETTER.test(segments[start - 1].text.trim())) start--;
  const letters = segments.slice(start);
  if (letters.length < 2 || letters[0].x < LETTERS_FROM) return null;
  return letters.every((segment, index) => SHEET_LETTER.exec(segment.text.trim())?.[1] === String.fromCharCode(65 + index)) ? letters : null;
}

/** The sheet's letters stand right of the row's label: not at the left margin. */
const LETTERS_FROM = 0.15;
/** A letter of the answer sheet, bare or in brackets ("B", "(B)", "(B )"). */
const SHEET_LETTER = /^\(?\s*(\p{Lu})\s*\)?_?$/u;

/**
 * The heading over lettered rows that the heading rules miss — codes among its labels ("1   2   3 or more   None"), a
 * label left of the others, or all labels printed as one piece ("Yes No"): every piece stands over the letters.
 */
function letteredHeading(units: Unit[], index: number): LineSegment[] | null {
  const unit = units[index];
  const next = units[index + 1];
  if (unit?.kind !== "line" || next?.kind !== "line") return null;
  const letters = letterSegments(next.line);
  if (!letters || letterSegments(unit.line)) return null;
  const from = letters[0].x - 0.05;
  const to = letters.at(-1)!.x1 + 0.05;
  let pieces: LineSegment[] = segmentsOf(unit.line).length ? segmentsOf(unit.line) : [{ text: unit.line.text, x: unit.line.first.indent ?? 0, x1: unit.line.first.right ?? 1 } as LineSegment];
  if (pieces.some((piece) => piece.x < from || piece.x1 > to + 0.05 || piece.text.trim().length > 30 || /[?？:：]/.test(piece.text))) return null;
  // One piece holding one word per letter: the labels, in order.
  const words = unit.line.text.trim().split(/\s+/);
  if (pieces.length < letters.length && words.length === letters.length) pieces = letters.map((letter, at) => ({ ...letter, text: words[at] }));
  return pieces.length >= 2 ? pieces : null;
}

/**
 * The top line of a lettered grid's heading printed as one short piece over one column ("Would not have" over "liked
 * to take part.   No.   Yes."): the heading below it and the sheet's letters under that follow.
 */
function headingTop(units: Unit[], index: number): LineSegment[] | null {
  const unit = units[index];
  const below = units[index + 1];
  const letters = units[index + 2];
  if (unit?.kind !== "line" || below?.kind !== "line" || letters?.kind !== "line" || unit.line.segments || !letterSegments(letters.line)) return null;
  const text = unit.line.text.trim();
  const x = unit.line.first.indent;
  const x1 = unit.line.first.right;
  if (x === undefined || x1 === undefined || x < COLUMN_AREA || text.length > 30 || /[?？:：]/.test(text)) return null;
  const heading = headingSegments(below.line) ?? letteredHeading(units, index + 1);
  const piece = { text, start: unit.line.start, end: unit.line.end, x, x1 };
  return heading?.some((segment) => Math.abs(center(segment) - center(piece)) < 0.03) ? [piece] : null;
}

/** A heading's lower line in lower case ("more than" / "half"): every piece stands under a piece of the line above. */
function headingContinuation(line: LogicalLine, above: { x: number; x1: number }[]): LineSegment[] | null {
  const segments = segmentsOf(line);
  if (segments.length === 0 || segments.some((segment) => segment.text.trim().split(/\s+/).length > 3 || /[?？]/.test(segment.text))) return null;
  const under = (segment: LineSegment) => above.some((piece) => Math.abs(center(piece) - center(segment)) < 0.03);
  return segments.every(under) ? segments : null;
}

/** A heading over answer columns: two or more short labels, all right of the statements' column. */
function headingSegments(line: LogicalLine): LineSegment[] | null {
  const segments = segmentsOf(line);
  const columns = segments.filter((segment) => segment.x >= COLUMN_AREA);
  // Labels, each a heading of its own: capitalised words, not numbers ("0%  100%" ends a slider), not the
  // words of one justified sentence ("the   DZHK   research").
  // A line that holds nothing but the headings, all in the right half of the page, is no sentence however its
  // labels begin: web survey prints (SoSci Survey) head their columns in lower case or with the scale's numbers
  // ("ja  nein", "0  1  2  3  4  beurteilen"); a slider's two end values ("0%  100%") are no columns.
  const left = segments.filter((segment) => segment.x < COLUMN_AREA);
  const short = (segment: LineSegment) => segment.text.trim().split(/\s+/).length <= 3;
  const headingsOnly = left.length === 0 && !/\.{2}|…/.test(line.text) && columns.every((segment) => short(segment) && segment.x >= OWN_LINE_AREA) && !(columns.length < 3 && columns.every((segment) => /^\d/.test(segment.text.trim())));
  // Numbers among such headings are a scale's points, counting up one by one ("0 1 2 3 4"), not codes repeated per
  // column ("2  2  2").
  const points = columns.filter((segment) => /^\d/.test(segment.text.trim())).map((segment) => Number(segment.text.trim()));
  const counting = points.every((point, index) => Number.isInteger(point) && (index === 0 || point === points[index - 1] + 1));
  const labelStart = (segment: LineSegment) => /^[\p{Lu}\p{Lo}]/u.test(segment.text.trim()) || (headingsOnly && counting && /^[\p{Ll}\d]/u.test(segment.text.trim()));
  if (columns.length < 2 || columns.some((segment) => segment.text.trim().length > 40 || /[?？]/.test(segment.text) || !labelStart(segment) || /-$/.test(segment.text.trim()))) return null;
  // Left of the columns only the heading of the statements' column ("S. NO.", "PARAMETER") may stand.
  if (left.length > 2 || left.some((segment) => segment.text.trim().split(/\s+/).length > 3)) return null;
  if (left.length && columns.length < 3) return null;
  return columns;
}

/** A line of the statements' column: it ends before the answer columns begin. */
function inLabelColumn(line: LogicalLine, columnsStart: number): boolean {
  const right = line.first.right;
  return right !== undefined && right <= columnsStart + 0.01 && !classifyLine(line).kind.startsWith("section");
}

interface Row {
  label: string;
  lines: LogicalLine[];
}

/** Reads the grid that starts with a heading at units[index]; returns it and the number of units it covers. */
function readGrid(units: Unit[], index: number, tableId: number): TableReading | null {
  const first = units[index];
  if (first.kind !== "line" || first.line.first.page === undefined) return null;
  const heading = headingSegments(first.line) ?? letteredHeading(units, index) ?? headingTop(units, index);
  if (!heading) return null;
  const headingLines = [first.line];
  const headingPieces: { text: string; x: number; x1: number }[] = heading.map((segment) => ({ text: segment.text.trim(), x: segment.x, x1: segment.x1 }));
  let k = index + 1;
  // A heading printed over two or three lines ("VERY / DISSATISFIED", "NOT APPLICABLE / / NOT USED").
  while (k < units.length && k < index + 4) {
    const unit = units[k];
    // A row's answer-sheet letters are no heading.
    if (unit.kind !== "line" || letterSegments(unit.line)) break;
    const more = headingSegments(unit.line) ?? headingContinuation(unit.line, headingPieces);
    const lone = !unit.line.segments && (unit.line.first.indent ?? 0) >= COLUMN_AREA && unit.line.text.trim().length <= 30;
    if (!more && !lone) break;
    headingLines.push(unit.line);
    if (more) headingPieces.push(...more.map((segment) => ({ text: segment.text.trim(), x: segment.x, x1: segment.x1 })));
    else headingPieces.push({ text: unit.line.text.trim(), x: unit.line.first.indent ?? 0, x1: unit.line.first.right ?? 1 });
    k++;
  }
  // The columns: the codes of the first row when rows carry codes, else the heading's own pieces.
  let columns: Column[] | null = null;
  let letteredFrom: number | undefined;
  for (let j = k; j < Math.min(units.length, k + 3); j++) {
    const unit = units[j];
    const codes = unit.kind === "line" ? codeSegments(unit.line) : null;
    if (codes && unit.kind === "line" && letterSegments(unit.line)) letteredFrom = j;
    if (codes) {
      columns = codes.map((segment) => ({ x: segment.x, x1: segment.x1, label: "" }));
      break;
    }
  }
  const coded = columns !== null;
  const lettered = letteredFrom !== undefined;
  // Over lettered rows, every heading piece over the letters is a column's heading, however far left the columns begin
  // (a heading set flush left over its column starts left of its letter, and reaches over it).
  if (columns && lettered) {
    const from = Math.min(...columns.map((column) => column.x));
    headingPieces.length = 0;
    for (const line of headingLines) {
      const pieces = line === first.line && heading.length > segmentsOf(line).length ? heading : segmentsOf(line).length ? segmentsOf(line) : [{ text: line.text, x: line.first.indent ?? 0, x1: line.first.right ?? 1 }];
      headingPieces.push(...pieces.filter((piece) => piece.x >= from - 0.03 || piece.x1 > from).map((piece) => ({ text: piece.text.trim(), x: piece.x, x1: piece.x1 })));
    }
  }
  // Else the heading line with the most pieces gives the columns: the scale's anchors ("gar nicht … absolut") may be
  // printed over it, fewer than the columns.
  let widest = heading;
  for (const line of headingLines.slice(1)) {
    const more = headingSegments(line);
    if (more && more.length > widest.length) widest = more;
  }
  columns ??= widest.map((segment) => ({ x: segment.x, x1: segment.x1, label: "" }));
  for (const piece of headingPieces) {
    let nearest = columns[0];
    for (const column of columns) if (Math.abs(center(column) - center(piece)) < Math.abs(center(nearest) - center(piece))) nearest = column;
    nearest.label = nearest.label ? `${nearest.label} ${piece.text}` : piece.text;
  }
  if (columns.some((column) => !column.label)) return null;
  const columnsStart = Math.min(...columns.map((column) => column.x));
  // Headings in the right half of the page over gap-spaced rows: a web survey's print (see below).
  const rightHalf = columnsStart >= OWN_LINE_AREA;
  // The rows: statements in the left column, with their codes (if any) on the same line or the next.
  const rows: Row[] = [];
  let end = k;
  for (; end < units.length; end++) {
    const unit = units[end];
    if (unit.kind !== "line") break;
    const line = unit.line;
    const text = line.text.trim();
    const codes = codeSegments(line);
    if (coded && codes && segmentsOf(line).length === codes.length) {
      if (rows.length === 0) break;
      continue;
    }
    if (coded && codes) {
      const label = segmentsOf(line).filter((segment) => segment.x < columnsStart - 0.02).map((segment) => segment.text.trim()).join(" ");
      if (!label) break;
      rows.push({ label, lines: [line] });
      continue;
    }
    if (!inLabelColumn(line, columnsStart) || classifyLine(line).kind === "qid" && !coded) break;
    const previous = rows.at(-1);
    // A statement wrapped onto the next line continues in lower case — unless the statements themselves begin in
    // lower case (items that complete the question's sentence): then every line is a statement of its own.
    if (previous && /^[\p{Ll}(]/u.test(text) && !/^\p{Ll}/u.test(rows[0].label)) {
      previous.label = `${previous.label.replace(/-$/, "")}${previous.label.endsWith("-") ? "" : " "}${text}`;
      previous.lines.push(line);
      continue;
    }
    // With codes on every row, a label whose codes do not follow on the next line is not a row.
    const next = units[end + 1];
    if (coded && !(next?.kind === "line" && codeSegments(next.line) && segmentsOf(next.line).length === codeSegments(next.line)!.length)) break;
    // A gap after the rows ends the grid (the next heading or section).
    // Rows set apart from each other by gaps (a web survey's print: each row as tall as its answer circles, the
    // columns in the right half of the page), from the first row on, end at a line of another kind, or at a line longer than a statement.
    const spacedRows = rightHalf && rows.length > 0 && rows.every((row) => row.lines[0].first.blankBefore);
    if (!coded && rows.length > 0 && line.first.blankBefore && (!spacedRows || text.length > 120)) break;
    rows.push({ label: text, lines: [line] });
  }
  if (rows.length === 0) return null;
  // Rows that each repeat one code under every column, a different code on each row ("Male  1 1 1 1" / "Female  2 2
  // 2 2"): one code list printed under person (or mention) columns — the answers of one question, not a grid.
  if (coded && !lettered && repeatsOneCodePerRow(rows.map((row) => row.lines.flatMap((line) => codeSegments(line) ?? []).map((segment) => segment.text.trim())))) return null;
  // Rows that carry their own answer circles under the headings are a printed grid read as such elsewhere.
  const after = units[end];
  if (after?.kind === "line" && segmentsOf(after.line).some((segment) => segment.x >= columnsStart - 0.05 && MARKERS.test(segment.text.trim()))) return null;
  const lines = [...headingLines, ...units.slice(k, end).flatMap((unit) => (unit.kind === "line" ? [unit.line] : []))];
  const headingCell = (label: string): TableCell => ({ text: label, start: first.line.start, end: headingLines.at(-1)!.end, lines: headingLines });
  const table: TableBlock = {
    ...(lettered ? { lettered: true } : {}),
    id: tableId,
    rows: [[undefined, ...columns.map((column) => headingCell(column.label))], ...rows.map((row) => [{ text: row.label, start: row.lines[0].start, end: row.lines.at(-1)!.end, lines: row.lines }])],
    cols: columns.length + 1,
    start: first.line.start,
    end: lines.at(-1)!.end,
    lines,
  };
  return { table, length: end - index };
}

/** Lines that may word a lettered grid: above its heading, on its page, up to the previous table or numbered row. */
const WORDING_LINES = 3;

/**
 * An optical-mark form's grids follow each other with only their headings between them: each lettered grid is a
 * question of its own, worded by the plain lines over its column headings — the last one that asks (ends in a colon
 * or a question mark) and what follows it, else all of them.
 */
function wordLetteredGrids(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const unit of units) {
    if (unit.kind !== "table" || !unit.table.lettered) {
      out.push(unit);
      continue;
    }
    const page = unit.table.lines[0].first.page;
    let from = out.length;
    while (from > 0 && out.length - from < WORDING_LINES) {
      const before = out[from - 1];
      // Numbered lines and coded answers ("(H) None.") belong to the question before.
      if (before.kind !== "line" || before.line.first.page !== page || classifyLine(before.line).kind === "qid" || /^\(?[\p{L}\d]{1,3}[.)]\s/u.test(before.line.text.trim())) break;
      from--;
    }
    let window = out.slice(from) as Extract<Unit, { kind: "line" }>[];
    const asking = window.findLastIndex((line) => /[:：?？]\s*$/.test(line.line.text.trim()));
    if (asking >= 0) window = window.slice(asking);
    const wordingLine = window[0]?.line ?? unit.table.lines[0];
    out.splice(out.length - window.length, window.length);
    // Right under the grid before it, with nothing over its headings, its rows are its questions: they word it.
    const rowLabels = unit.table.rows.slice(1).map((row) => row[0]?.text.replace(/^\d{1,3}[.)]\s*/, "").trim() ?? "");
    const wording = window.length ? window.map((line) => line.line.text.trim()).join(" ") : rowLabels.join(" / ");
    out.push({ kind: "table", table: { ...unit.table, battery: { wording, wordingLine } } });
  }
  return out;
}

/** Replaces column grids of a paged layout by tables. */
export function readColumnGrids(units: Unit[]): Unit[] {
  return wordLetteredGrids(replaceWithTables(units, 1_000_000, readGrid));
}

/** Each row's codes are one code repeated, and the rows' codes differ (see readGrid). */
export function repeatsOneCodePerRow(rowCodes: string[][]): boolean {
  if (rowCodes.length < 2 || rowCodes.some((codes) => codes.length < 2 || new Set(codes).size !== 1)) return false;
  return new Set(rowCodes.map((codes) => codes[0])).size === rowCodes.length;
}
