import type { LineSegment } from "../extract/model";
import { type LogicalLine, lineAt, linesRead, type TableBlock, type TableCell, type Unit } from "./lines";

/**
 * A matrix in a browser print of a web survey's print preview (Qualtrics "Print Survey"): the scale's headings over
 * the right part of the page, wrapped over two or three lines ("Neither" / "Strongly  Agree nor  Strongly" /
 * "Agree  Agree  Disagree  Disagree  Disagree"), no "(n)" codes; then the statements in a narrow column at the left,
 * each wrapped over several lines, with its row of answer circles printed level with the middle of its label. The
 * columns are the heading's pieces (the line with the most pieces gives their places); a row is the circles' line
 * with the label lines around it. Between two rows of circles, the label of the first ends where a sentence ends
 * and the next begins with a capital; where no such place is, the lines are shared so that each row's circles stay
 * at the middle of its label, the way the print centres them.
 */

const HEADING_AREA = 0.2;
const MARKER = /^[•○◯●☐□▢◻❑⚪]$/;
/** How far a label's lines may wrap, and how far the label column's left edge may waver. */
const WRAP_LIMIT = 6;
const INDENT_TOLERANCE = 0.004;
const SENTENCE_END = /[.?!:)]\s*$/;
const STARTS_CAPITAL = /^[\p{Lu}\d"“‘(]/u;

interface Piece {
  text: string;
  center: number;
}

const isMarker = (text: string) => MARKER.test(text.trim());

/** A heading line over the columns: words only, each printed piece right of the label column. */
function headingPieces(line: LogicalLine): Piece[] | null {
  if (line.lines.length !== 1) return null;
  const printed = line.lines[0];
  const segments: Pick<LineSegment, "text" | "x" | "x1">[] = printed.segments?.length ? printed.segments : [{ text: printed.text, x: printed.indent ?? 0, x1: printed.right ?? printed.indent ?? 0 }];
  const pieces: Piece[] = [];
  for (const segment of segments) {
    const text = segment.text.trim();
    if (segment.x < HEADING_AREA || !text || text.length > 30 || /[•○◯●☐□▢◻❑⚪]|\(\d{1,2}\)/.test(text)) return null;
    pieces.push({ text, center: (segment.x + Math.max(segment.x, segment.x1)) / 2 });
  }
  return pieces;
}

/** A label line: its words at the left; when it carries the row's circles, their centres. */
function labelLine(line: LogicalLine): { label: string; indent: number; circles: number[] } | null {
  if (line.lines.length !== 1) return null;
  const printed = line.lines[0];
  const indent = printed.indent ?? 0;
  if (indent >= HEADING_AREA) return null;
  if (!printed.segments?.length) return /[•○◯●☐□▢◻❑⚪]/.test(printed.text) ? null : { label: printed.text.trim(), indent, circles: [] };
  const words: string[] = [];
  const circles: number[] = [];
  for (const segment of printed.segments) {
    if (isMarker(segment.text) && segment.x >= HEADING_AREA) circles.push((segment.x + segment.x1) / 2);
    else if (segment.x < HEADING_AREA && !/[•○◯●☐□▢◻❑⚪]/.test(segment.text)) words.push(segment.text.trim());
    else return null;
  }
  return { label: words.join(" "), indent, circles };
}

interface Body {
  line: LogicalLine;
  label: string;
  circles: boolean;
}

/**
 * Where the lines between two rows of circles divide: after `before` lines of the first row's label (its circles
 * sit at the middle of its label), at the end of a sentence where there is one, never before a line that goes on
 * in lower case.
 */
function divide(between: Body[], next: Body, before: number): number {
  const startsAt = (at: number) => STARTS_CAPITAL.test((between[at] ?? next).label);
  const all = Array.from({ length: between.length + 1 }, (_, at) => at);
  const sentences = all.filter((at) => at > 0 && SENTENCE_END.test(between[at - 1].label) && startsAt(at));
  const capitals = all.filter(startsAt);
  const candidates = sentences.length ? sentences : capitals.length ? capitals : all;
  return candidates.reduce((best, at) => (Math.abs(at - before) < Math.abs(best - before) ? at : best), candidates[0]);
}

interface Matrix {
  heading: LogicalLine[];
  columns: string[];
  rows: Body[][];
  length: number;
}

/** The matrix whose heading starts at units[index], if any. */
function readMatrix(units: Unit[], index: number): Matrix | null {
  const first = lineAt(units, index);
  if (!first || first.first.page === undefined || !headingPieces(first)) return null;
  const before = lineAt(units, index - 1);
  if (before && headingPieces(before)) return null;
  const headingRun = linesRead(units, index, headingPieces, 4);
  const { lines: heading, read: pieces } = headingRun;
  let at = headingRun.end;
  const widest = pieces.reduce((best, found) => (found.length > best.length ? found : best), pieces[0]);
  if (widest.length < 3) return null;
  const centers = widest.map((piece) => piece.center);
  const spacing = Math.min(...centers.slice(1).map((center, k) => center - centers[k]));
  if (!(spacing > 0)) return null;
  const inColumn = (x: number) => Math.abs(centers[nearestColumn(centers, x)] - x) <= spacing / 2;
  // The statements under the heading, in the label column, up to the first line that leaves it.
  const body: Body[] = [];
  let indent: number | undefined;
  let sinceCircles = 0;
  for (; at < units.length; at++) {
    const line = lineAt(units, at);
    const read = line ? labelLine(line) : null;
    if (!line || !read) break;
    if (read.circles.length && (read.circles.length < 2 || !read.circles.every(inColumn))) break;
    indent ??= read.indent;
    if (Math.abs(read.indent - indent) > INDENT_TOLERANCE) break;
    sinceCircles = read.circles.length ? 0 : sinceCircles + 1;
    if (sinceCircles > WRAP_LIMIT) break;
    body.push({ line, label: read.label, circles: read.circles.length > 0 });
  }
  const circleRows = body.flatMap((entry, k) => (entry.circles ? [k] : []));
  let rows: Body[][];
  let end: number;
  if (circleRows.length) {
    // Each row: the lines from its start through its circles' line and on to the next row's start.
    const starts = [0];
    for (let r = 0; r + 1 < circleRows.length; r++) {
      const gap = body.slice(circleRows[r] + 1, circleRows[r + 1]);
      starts.push(circleRows[r] + 1 + divide(gap, body[circleRows[r + 1]], circleRows[r] - starts[r]));
    }
    // After the last circles: as many lines as its label had above them (and one more), going on in lower case,
    // to the end of a sentence.
    const last = circleRows.at(-1)!;
    end = last + 1;
    const room = last - starts.at(-1)! + 1;
    while (end < body.length && end - last <= room && !SENTENCE_END.test(body[end - 1].label) && !STARTS_CAPITAL.test(body[end].label)) end++;
    rows = starts.map((start, r) => body.slice(start, r + 1 < starts.length ? starts[r + 1] : end));
  } else {
    // A print that left out the circles of a one-row matrix: a wrapped heading over one statement — one sentence,
    // its wrapped lines going on in lower case (a bracket closed at a line's end, "(such as …)", ends none).
    end = body.findIndex((entry) => /[.?!]\s*$/.test(entry.label)) + 1;
    if (heading.length < 2 || !end || body.slice(1, end).some((entry) => !/^\p{Ll}/u.test(entry.label))) return null;
    rows = [body.slice(0, end)];
  }
  if (rows.some((row) => !row.length || !row.map((entry) => entry.label).join(""))) return null;
  const columns = centers.map((_, k) =>
    pieces
      .flat()
      .filter((piece) => nearestColumn(centers, piece.center) === k)
      .map((piece) => piece.text)
      .join(" "),
  );
  return { heading, columns, rows, length: heading.length + end };
}

const rowText = (row: Body[]) =>
  row
    .map((entry) => entry.label)
    .filter(Boolean)
    .join(" ");

function tableOf(matrix: Matrix, tableId: number): TableBlock {
  const { heading, columns, rows } = matrix;
  const headingCell = (label: string): TableCell => ({ text: label, start: heading[0].start, end: heading.at(-1)!.end, lines: heading });
  const rowCell = (row: Body[]): TableCell => ({ text: rowText(row), start: row[0].line.start, end: row.at(-1)!.line.end, lines: row.map((entry) => entry.line) });
  const lines = [...heading, ...rows.flat().map((entry) => entry.line)];
  return {
    id: tableId,
    rows: [[undefined, ...columns.map(headingCell)], ...rows.map((row) => [rowCell(row)])],
    cols: columns.length + 1,
    start: heading[0].start,
    end: lines.at(-1)!.end,
    lines,
    // A web survey's question over its matrix: a question of its own, worded by the lines over it.
    formGrid: true,
  };
}

function nearestColumn(centers: number[], x: number): number {
  let nearest = 0;
  for (let k = 1; k < centers.length; k++) if (Math.abs(centers[k] - x) < Math.abs(centers[nearest] - x)) nearest = k;
  return nearest;
}

/**
 * Replaces the matrices of a web survey's print preview by tables (grids). A matrix of one row printed right under
 * another matrix has no wording of its own (the survey left the question's text empty): its statement words it.
 */
export function readPrintPreviewMatrices(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  let tableId = 6_000_000;
  for (let index = 0; index < units.length; index++) {
    const matrix = readMatrix(units, index);
    if (!matrix) {
      out.push(units[index]);
      continue;
    }
    const table = tableOf(matrix, tableId++);
    const row = matrix.rows[0];
    if (matrix.rows.length === 1 && out.at(-1)?.kind === "table") table.battery = { wording: rowText(row), wordingLine: row[0].line };
    out.push({ kind: "table", table });
    index += matrix.length - 1;
  }
  return out;
}
