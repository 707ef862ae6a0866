import { type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";
import { matchQuestionId } from "./patterns";

/**
 * Layout model of a paper grid without a heading row: every row prints its label and then the same answer
 * words to circle or tick, set apart by wide gaps ("North Street    Agree    Remove    Change" /
 * "South Street    Agree    Remove    Change"). Read line by line, each row looks like a line of answers; read
 * as columns, the repeated words are the grid's scale and the labels its rows. Two or more consecutive lines
 * (PDF segments) whose label differs and whose answer pieces are the same words in the same order are one
 * grid: a table whose heading row is those words and whose rows are the labels.
 */

const MAX_PIECE = 30;

/** The answer pieces of a row: everything after its label, when there are two or more short ones. */
function rowPieces(line: LogicalLine): { label: string; answers: string[] } | null {
  const segments = line.segments;
  if (!segments || segments.length < 3 || line.first.page === undefined) return null;
  const pieces = segments.map((segment) => segment.text.trim());
  const answers = pieces.slice(1);
  if (!pieces[0] || answers.some((piece) => !piece || piece.length > MAX_PIECE || /[?？]/.test(piece))) return null;
  // A numbered question with its answers beside it ("5. Do you cycle to work?   YES   NO") is a question of its
  // own, however many of them in a row print the same answers.
  const id = matchQuestionId(pieces[0]);
  if (id && /[?？]$/.test(id.rest.trim())) return null;
  // The answers are words, not the codes of a scale ("1  2  3  4") or answer circles ("o  o  o"): rows like
  // those are read by the grid readers.
  if (answers.some((piece) => (piece.match(/\p{L}/gu) ?? []).length < 2)) return null;
  return { label: pieces[0], answers };
}

function sameAnswers(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((piece, index) => piece.toLowerCase() === b[index].toLowerCase());
}

function readRows(units: Unit[], index: number, tableId: number): TableReading | null {
  const first = units[index];
  if (first.kind !== "line") return null;
  const head = rowPieces(first.line);
  if (!head) return null;
  const rows: { label: string; line: LogicalLine }[] = [{ label: head.label, line: first.line }];
  for (let k = index + 1; k < units.length; k++) {
    const unit = units[k];
    if (unit.kind !== "line") break;
    const row = rowPieces(unit.line);
    if (!row || !sameAnswers(row.answers, head.answers) || rows.some((seen) => seen.label === row.label)) break;
    rows.push({ label: row.label, line: unit.line });
  }
  if (rows.length < 2) return null;
  const lines = rows.map((row) => row.line);
  const segments = first.line.segments!.slice(1);
  const headingCell = (text: string, at: number): TableCell => ({ text, start: first.line.start + at, end: first.line.start + at + text.length, lines: [first.line] });
  const table: TableBlock = {
    id: tableId,
    rows: [
      [undefined, ...head.answers.map((answer, column) => headingCell(answer, Math.max(0, segments[column].start - first.line.first.start)))],
      ...rows.map((row) => [{ text: row.label, start: row.line.start, end: row.line.end, lines: [row.line] }]),
    ],
    cols: head.answers.length + 1,
    start: first.line.start,
    end: lines.at(-1)!.end,
    lines,
  };
  return { table, length: rows.length };
}

/** Replaces grids whose rows repeat their answer words by tables. */
export function readRepeatedAnswerRows(units: Unit[]): Unit[] {
  return replaceWithTables(units, 3_000_000, readRows);
}
