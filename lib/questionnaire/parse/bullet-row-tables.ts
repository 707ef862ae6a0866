import type { LogicalLine } from "./lines";

/**
 * A survey design table whose first column says what each row is (a baseline-survey form kept as a Markdown or Word
 * table: "No. | Question (English) | Question (translation) | Options (English) | Options (translation) | Notes"):
 * a row numbered "59" is a question, the rows marked "*" (or left blank) below it are its answers, one per row, and a
 * row marked "##" is a section heading. The answers sit in their own column, so the row a cell belongs to, not its
 * words, says what it is.
 * Each question row becomes one numbered line ("59. <wording>") followed by its answer column's cell (a unit or a
 * routing note, "(minutes/hours)", "(if not, go to qX)"); each answer row becomes one answer line from the answer
 * column. The other columns (a translation, a sub-label, a note) repeat or annotate these and are left out.
 * The wording column is the one filled most often on question rows, the answer column the one filled most often on
 * answer rows. Needs at least three numbered rows and three marked answer rows, and nothing else in the first column.
 */

const ROW_ID = /^\d{1,4}[a-z]?$/;
const ANSWER_MARK = /^[*•·-]$/;
const SECTION_MARK = /^#{1,3}$/;

type Cell = NonNullable<LogicalLine["first"]["cell"]>;
type CellLine = LogicalLine & { first: { cell: Cell } };

const plain = (line: LogicalLine, text = line.text): LogicalLine => ({ ...line, text, first: { ...line.first, cell: undefined } });

/** The column, among those after the first, filled on the most of the given rows (the leftmost on a tie). */
function busiestColumn(rows: CellLine[][][], cols: number): number {
  let best = -1;
  let bestCount = 0;
  for (let col = 1; col < cols; col++) {
    const count = rows.filter((row) => row[col]?.some((line) => line.text.trim())).length;
    if (count > bestCount) [best, bestCount] = [col, count];
  }
  return best;
}

function readTable(lines: CellLine[]): Map<LogicalLine, LogicalLine[]> | null {
  const rows = new Map<number, CellLine[][]>();
  for (const line of lines) {
    const cell = line.first.cell;
    const row = rows.get(cell.row) ?? [];
    (row[cell.col] ??= []).push(line);
    rows.set(cell.row, row);
  }
  const order = [...rows.keys()].sort((a, b) => a - b);
  const head = order[0];
  const body = order.slice(1);
  const mark = (row: number) => (rows.get(row)![0] ?? []).map((line) => line.text.trim()).join(" ").trim();
  const idRows = body.filter((row) => ROW_ID.test(mark(row)));
  const answerRows = body.filter((row) => ANSWER_MARK.test(mark(row)));
  const marked = body.filter((row) => mark(row));
  if (idRows.length < 3 || answerRows.length < 3) return null;
  if (marked.some((row) => !ROW_ID.test(mark(row)) && !ANSWER_MARK.test(mark(row)) && !SECTION_MARK.test(mark(row)))) return null;
  const cols = Math.max(...lines.map((line) => line.first.cell.col)) + 1;
  const wordingCol = busiestColumn(idRows.map((row) => rows.get(row)!), cols);
  const answerCol = busiestColumn(answerRows.map((row) => rows.get(row)!), cols);
  if (wordingCol < 1 || answerCol < 1) return null;

  const out = new Map<LogicalLine, LogicalLine[]>();
  for (const line of rows.get(head)!.flat()) out.set(line, []);
  let inQuestion = false;
  for (const row of body) {
    const cells = rows.get(row)!;
    const all = cells.flat().filter(Boolean);
    for (const line of all) out.set(line, []);
    const first = all[0];
    if (!first) continue;
    const text = (col: number) => (cells[col] ?? []).filter((line) => line.text.trim());
    const id = mark(row);
    if (SECTION_MARK.test(id)) {
      const title = cells.slice(1).flatMap((cell) => cell ?? []).find((line) => line.text.trim());
      if (title) out.set(first, [plain(title)]);
      inQuestion = false;
    } else if (ROW_ID.test(id)) {
      const [lead, ...more] = text(wordingCol);
      const wording = lead ? lead.text.trim() : "";
      const numbered: LogicalLine = { ...plain(lead ?? first, `${id}. ${wording}`), spine: { id, rest: wording, kind: "numeric", number: Number.parseInt(id, 10) } };
      out.set(first, [numbered, ...more.map((line) => plain(line)), ...(answerCol !== wordingCol ? text(answerCol).map((line) => plain(line)) : [])]);
      inQuestion = true;
    } else if (inQuestion) {
      const answers = text(answerCol).map((line): LogicalLine => ({ ...plain(line), script: { kind: "answer" } }));
      if (answers.length) out.set(first, answers);
    }
  }
  return out;
}

export function readBulletRowTables(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<number, CellLine[]>();
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || cell.nested) continue;
    const list = tables.get(cell.table) ?? [];
    list.push(line as CellLine);
    tables.set(cell.table, list);
  }
  const replaced = new Map<LogicalLine, LogicalLine[]>();
  for (const cells of tables.values()) {
    const table = readTable(cells);
    if (table) for (const [line, out] of table) replaced.set(line, out);
  }
  if (!replaced.size) return lines;
  return lines.flatMap((line) => replaced.get(line) ?? [line]);
}
