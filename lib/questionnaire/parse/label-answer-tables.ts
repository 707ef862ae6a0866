import type { LogicalLine, TableBlock, TableCell, Unit } from "./lines";

/**
 * A field form typed as a Word table of two columns: a LABEL CELL ("Gender", "Family history of asthma") and an
 * ANSWER CELL that is either empty (the answer is written in) or holds the answers behind drawn boxes ("☐ No ☐ Yes",
 * or one box per paragraph). Each row is a question, whatever its label's words — few labels ask or carry a
 * number; the table's geometry says which cell asks. The label column is the one whose cells are all filled and
 * hold no box; a right-to-left form puts it second. Recognised on three rows or more, two of them with boxed
 * answers, every answer cell empty or offering two boxed answers or more. Rows that all print the same boxed answers are one grid instead
 * (rated-item-tables.ts), read before this.
 */

const HAS_BOX = /[☐□▢◻❑○◯⚪]/u;
const BOXES = /[☐□▢◻❑○◯⚪]/gu;
/** A boxed answer cell: the box leads each answer, or (a right-to-left form typed word first) follows it. */
const BOXED = /^[☐□▢◻❑○◯⚪]|[☐□▢◻❑○◯⚪]$/u;
/** A label is a short caption, not a paragraph of wording. */
const LABEL_MAX = 120;

const filled = (cell: TableCell | undefined): cell is TableCell => Boolean(cell && cell.text.trim());

function choiceCount(cell: TableCell): number {
  return cell.lines.reduce((count, line) => count + boxedChoices(line.text).length, 0);
}

function labelColumn(table: TableBlock, rows: (TableCell | undefined)[][]): 0 | 1 | null {
  for (const col of [0, 1] as const) {
    const answer = 1 - col;
    const labels = rows.every((row) => filled(row[col]) && !HAS_BOX.test(row[col]!.text) && row[col]!.text.trim().length <= LABEL_MAX);
    if (!labels) continue;
    // Each filled answer cell offers a choice (two boxes or more): a single box beside each label ("Car | ☐ 1") makes
    // the labels the answers of the question above the table.
    const answers = rows.every((row) => !filled(row[answer]) || (BOXED.test(row[answer]!.text.trim()) && choiceCount(row[answer]!) >= 2));
    const boxed = rows.filter((row) => filled(row[answer])).length;
    if (answers && boxed >= 2) return col;
  }
  return null;
}

/** The answers of one line of an answer cell, each the words on the side of its box that the line starts with. */
function boxedChoices(text: string): string[] {
  const trimmed = text.trim();
  const pieces = trimmed.split(BOXES).map((piece) => piece.trim());
  const choices = /^[☐□▢◻❑○◯⚪]/u.test(trimmed) ? pieces.slice(1) : pieces.slice(0, -1);
  return choices.filter(Boolean);
}

/** The rows of a label | answer table as lines: each label a question start (`spine`), its boxed answers after it. */
export function labelAnswerTable(table: TableBlock): Unit[] | null {
  const width = Math.max(table.cols, ...table.lines.map((line) => line.first.cell?.cols ?? 0));
  const rows = table.rows.filter((row) => row && row.some(filled));
  if (width !== 2 || rows.length < 3) return null;
  const col = labelColumn(table, rows);
  if (col === null) return null;
  const plain = (line: LogicalLine): LogicalLine => ({ ...line, first: { ...line.first, cell: undefined } });
  const units: Unit[] = [];
  rows.forEach((row, index) => {
    const label = row[col]!;
    const text = label.text.replace(/\s+/g, " ").trim();
    const first = label.lines[0];
    units.push({ kind: "line", line: { ...plain(first), text, end: label.end, spine: { id: `T${table.id + 1}.${index + 1}`, rest: text, kind: "word" } } });
    const answer = row[1 - col];
    // One line per box: several answers typed on one line ("☐ No ☐ Yes, age:") are still one answer each.
    if (filled(answer)) for (const line of answer.lines) for (const choice of boxedChoices(line.text)) units.push({ kind: "line", line: { ...plain(line), text: `☐ ${choice}` } });
    const last = units.at(-1) as Extract<Unit, { kind: "line" }>;
    last.line = { ...last.line, endsRow: true };
  });
  return units;
}
