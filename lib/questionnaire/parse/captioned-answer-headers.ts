import type { LogicalLine } from "./lines";

/**
 * A rating table whose answer columns carry a caption over their labels (a Word table with a merged header cell):
 * the first row reads "Question | Answer" — the caption spanning the answer columns — and the second row, its first
 * cell left empty, names the columns ("| Yes | No", "| Agree | Neutral | Disagree"). The body rows hold one item each
 * with the answer cells left empty to tick. The caption names no answer; the labels under it are the table's
 * header row. The two rows are read as one: the first row's first cell and the second row's labels, and the body
 * rows move up a row.
 */

const MAX_LABEL = 40;

type Cell = NonNullable<LogicalLine["first"]["cell"]>;

const filled = (lines: LogicalLine[]) => lines.filter((line) => line.text.trim());

function captionedTable(lines: LogicalLine[]): boolean {
  const rows = new Map<number, LogicalLine[]>();
  for (const line of lines) {
    const row = line.first.cell!.row;
    rows.set(row, [...(rows.get(row) ?? []), line]);
  }
  const order = [...rows.keys()].sort((a, b) => a - b);
  if (order.length < 4 || order[0] !== 0 || order[1] !== 1) return false;
  const at = (row: number, test: (col: number) => boolean) => filled(rows.get(row)!).filter((line) => test(line.first.cell!.col));
  const caption = at(0, (col) => col > 0);
  const labels = at(1, (col) => col > 0);
  if (caption.length !== 1 || at(1, (col) => col === 0).length) return false;
  const labelCols = new Set(labels.map((line) => line.first.cell!.col));
  if (labelCols.size < 2 || labelCols.size !== labels.length || labels.some((line) => line.text.trim().length > MAX_LABEL)) return false;
  if (caption[0].first.cell!.col > Math.min(...labelCols)) return false;
  // Every body row: an item in the first column, nothing under the labels.
  return order.slice(2).every((row) => at(row, (col) => col === 0).length > 0 && at(row, (col) => labelCols.has(col)).length === 0);
}

export function readCaptionedAnswerHeaders(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<number, LogicalLine[]>();
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || cell.nested) continue;
    tables.set(cell.table, [...(tables.get(cell.table) ?? []), line]);
  }
  const captioned = new Set([...tables].filter(([, cells]) => captionedTable(cells)).map(([table]) => table));
  if (!captioned.size) return lines;
  const moved = (line: LogicalLine, cell: Cell): LogicalLine => {
    const row = Math.max(0, cell.row - 1);
    const rows = cell.rows ? cell.rows - 1 : cell.rows;
    return { ...line, first: { ...line.first, cell: { ...cell, row, rows } }, lines: line.lines.map((part) => (part.cell ? { ...part, cell: { ...part.cell, row: Math.max(0, part.cell.row - 1), rows } } : part)) };
  };
  return lines.flatMap((line) => {
    const cell = line.first.cell;
    if (!cell || cell.nested || !captioned.has(cell.table)) return [line];
    // The caption over the answer columns goes; the first row keeps its first cell.
    if (cell.row === 0) return cell.col === 0 ? [line] : [];
    return [moved(line, cell)];
  });
}
