import type { IROption } from "../ir";
import { classifyLine, type LogicalLine, type TableBlock, type TableCell, type Unit } from "./lines";
import { scaleFromText } from "./interpret";
import { statedScale } from "./stated-scales";

/**
 * Statement blocks under headings, numbered like questions, after a scale stated once. A survey part opens with
 * its instruction and legend ("Rate each statement below …" / "1 = Never, 2 = Rarely, … 5 = Always"), then
 * prints its statements in blocks under short headings ("A. Home" / "4.1 I …" "4.2 I …" / "B. Work" / "4.3 …"),
 * each statement numbered as if it were a question but with no answers of its own. The author's unit is the
 * block: each block is one grid whose rows are its statements (the printed numbers are the rows' codes) and whose
 * columns are the stated scale. Read only where two blocks or more follow the legend; a single numbered run under
 * a legend stays a list of questions sharing the scale (shared-scales.ts).
 */

/** A statement to rate: a sentence that asks nothing. */
function isStatement(text: string): boolean {
  const value = text.trim();
  return value.length >= 15 && value.length <= 400 && /\s/.test(value) && /\p{L}{3,}/u.test(value) && !/[?？]/.test(value) && !/_{3,}/.test(value);
}

/** A numbered statement line: its printed number and its statement. */
function numberedStatement(unit: Unit | undefined): { code: string; line: LogicalLine } | null {
  if (!unit || unit.kind !== "line" || unit.line.first.cell) return null;
  const cls = classifyLine(unit.line);
  if (cls.kind !== "qid" || !isStatement(cls.id.rest) || statedScale(cls.id.rest)) return null;
  return { code: cls.id.id, line: { ...unit.line, text: cls.id.rest.trim() } };
}

/** A block heading: a short line of its own that ends no sentence and asks nothing. */
function headingLine(unit: Unit | undefined): LogicalLine | null {
  if (!unit || unit.kind !== "line" || unit.line.first.cell) return null;
  const text = unit.line.text.trim();
  if (text.length < 2 || text.length > 60 || /[.!?？:：_]$/.test(text) || !/\p{L}{2,}/u.test(text) || statedScale(text)) return null;
  return numberedStatement(unit) ? null : unit.line;
}

/** The legend: a line that states the scale with its points named ("1 = Never, 2 = Rarely, … 5 = Always"). */
function legendAt(units: Unit[], index: number): IROption[] | null {
  const unit = units[index];
  if (!unit || unit.kind !== "line" || unit.line.first.cell) return null;
  const text = unit.line.text.trim();
  // A legend of its own, opening with its first point; a scale named in a title ("Team questions (1 = …)") words
  // a list of questions instead (shared-scales.ts).
  if (!/^\(?\d{1,2}\)?\s*[=:–-]\s*\p{L}/u.test(text) || /[?？]/.test(text) || text.length > 300) return null;
  const stated = statedScale(text);
  if (stated) return stated;
  const scale = scaleFromText(text);
  if (!scale || scale.columns.length < 3) return null;
  const ends = [scale.columns[0], scale.columns[scale.columns.length - 1]];
  return ends.every((column) => /\p{L}{3,}/u.test(column.label)) ? scale.columns : null;
}

/** "Please rate the statements below …": the instruction over the legend that speaks of the items. */
const NAMES_ITEMS = /\b(?:items?|statements?|each|following|below)\b/i;

interface Block {
  heading: LogicalLine;
  rows: { code: string; line: LogicalLine }[];
  from: number;
  to: number;
}

function gridTable(id: number, rows: Block["rows"], columns: IROption[], legend: LogicalLine): TableBlock {
  const header: (TableCell | undefined)[] = [undefined, ...columns.map((column) => ({ text: column.label, start: legend.start, end: legend.end, lines: [legend] }))];
  const body = rows.map(({ code, line }) => [{ text: line.text, start: line.start, end: line.end, lines: [line], code } as TableCell, ...columns.map(() => undefined)]);
  return { id, rows: [header, ...body], cols: columns.length + 1, start: rows[0].line.start, end: rows[rows.length - 1].line.end, lines: rows.map(({ line }) => line) };
}

export function readHeadedStatementBlocks(units: Unit[]): Unit[] {
  const read = new Map<number, Unit[]>();
  const dropped = new Set<number>();
  let tableId = 61000;
  for (let index = 0; index < units.length; index++) {
    const columns = legendAt(units, index);
    if (!columns) continue;
    const blocks: Block[] = [];
    let at = index + 1;
    for (;;) {
      const heading = headingLine(units[at]);
      if (!heading) break;
      const rows: Block["rows"] = [];
      while (numberedStatement(units[at + 1 + rows.length])) rows.push(numberedStatement(units[at + 1 + rows.length])!);
      if (rows.length < 2) break;
      blocks.push({ heading, rows, from: at, to: at + 1 + rows.length });
      at += 1 + rows.length;
    }
    if (blocks.length < 2) continue;
    const legend = (units[index] as { line: LogicalLine }).line;
    dropped.add(index);
    const before = units[index - 1];
    if (before?.kind === "line" && NAMES_ITEMS.test(before.line.text) && !/[?？]/.test(before.line.text) && classifyLine(before.line).kind !== "qid") dropped.add(index - 1);
    for (const block of blocks) {
      const wording = block.heading.text.trim();
      read.set(block.from, [{ kind: "table", table: { ...gridTable(tableId++, block.rows, columns, legend), battery: { wording, wordingLine: block.heading } } }]);
      for (let k = block.from + 1; k < block.to; k++) dropped.add(k);
    }
    index = at - 1;
  }
  if (read.size === 0) return units;
  return units.flatMap((unit, index) => read.get(index) ?? (dropped.has(index) ? [] : [unit]));
}
