import { classifyLine, type LogicalLine } from "./lines";
import { parseOption } from "./patterns";

/**
 * A questionnaire table's id column (a design table exported from a data-collection tool: "QID | Question | Response
 * | …"): the first column of every row below the heading holds one variable name in lower-case snake case
 * ("hh_01", "inc_src_2b", "q4_txt"), the rest of the row its wording and answers. Such names are printed ids although
 * the id rules expect capitals or a "Q"; each is marked as the start of its row's question (`spine`). A condition a
 * column pass put after the id ("[SHOW IF …]", condition-columns.ts) moves to the end of the row's wording, where a
 * question's own filter is printed. Needs at least three such rows.
 * Only the id column starts questions then: a line in another cell of such a row that reads as a numbered question
 * ("1. The change was made by the district") is one of the row's coded answers, and so is every coded line of its cell
 * (a missing-value code: "-99 Don't know" after it).
 */

const SNAKE_ID = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\s+(\[.*\]))?$/;

/** A line that is only a bracketed tag ("[integer 0-12]", "[single select]"). */
const BARE_TAG = /^\[[^\]]*\]$/;

/** A missing-value code printed before its answer ("-99 Don't know", "-96 Other (specify)"). */
const MISSING_CODE = /^[-−]\d{1,3}\s+\S/;

type CellLine = LogicalLine & { first: { cell: NonNullable<LogicalLine["first"]["cell"]> } };

export function readTableIdColumns(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<string, CellLine[]>();
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || cell.col !== 0 || cell.nested) continue;
    const list = tables.get(String(cell.table)) ?? [];
    list.push(line as CellLine);
    tables.set(String(cell.table), list);
  }
  const marked = new Map<LogicalLine, LogicalLine>();
  const idRows = new Set<string>();
  const conditions = new Map<string, string>();
  for (const cells of tables.values()) {
    const firstRow = Math.min(...cells.map((line) => line.first.cell.row));
    const body = cells.filter((line) => line.first.cell.row !== firstRow && line.text.trim());
    const rows = new Set(body.map((line) => line.first.cell.row));
    if (rows.size < 3 || rows.size !== body.length || !body.every((line) => SNAKE_ID.test(line.text.trim()))) continue;
    for (const line of body) {
      if (line.spine) continue;
      const [, id, rest = ""] = SNAKE_ID.exec(line.text.trim())!;
      marked.set(line, { ...line, text: id, spine: { id, rest: "", kind: "standalone" } });
      idRows.add(`${line.first.cell.table}:${line.first.cell.row}`);
      // The row's condition goes with its wording (the first line of the row's next cell), as a filter printed on
      // the question's own line.
      if (rest) conditions.set(`${line.first.cell.table}:${line.first.cell.row}`, rest);
    }
  }
  const cellKey = (cell: NonNullable<LogicalLine["first"]["cell"]>) => `${cell.table}:${cell.row}:${cell.col}`;
  const numberedCells = new Set<string>();
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || cell.col === 0 || cell.nested || line.script || line.spine || !idRows.has(`${cell.table}:${cell.row}`)) continue;
    if (classifyLine(line).kind === "qid") numberedCells.add(cellKey(cell));
  }
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || !numberedCells.has(cellKey(cell)) || line.script || line.spine) continue;
    const option = parseOption(line.text.trim());
    if ((option.code !== undefined && option.label) || MISSING_CODE.test(line.text.trim())) marked.set(line, { ...line, script: { kind: "answer" } });
  }
  // Where the row's question cell is empty (a second field of the question above: "[integer 0-12]" / "Months:"), its
  // first line is the answer's type tag, which is read as an instruction and would carry the filter away: the filter
  // goes with the row's first line that is not a bare tag.
  const targets = new Map<string, LogicalLine>();
  for (const line of lines) {
    const cell = line.first.cell;
    const key = cell && cell.col > 0 && !cell.nested ? `${cell.table}:${cell.row}` : "";
    if (!key || !conditions.has(key) || !line.text.trim()) continue;
    const chosen = targets.get(key);
    if (!chosen || (BARE_TAG.test(chosen.text.trim()) && !BARE_TAG.test(line.text.trim()))) targets.set(key, line);
  }
  for (const [key, line] of targets) {
    const current = marked.get(line) ?? line;
    marked.set(line, { ...current, text: `${current.text} ${conditions.get(key)}` });
  }
  if (!marked.size) return lines;
  return lines.map((line) => marked.get(line) ?? line);
}
