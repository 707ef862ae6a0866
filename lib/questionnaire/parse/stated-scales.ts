import type { IROption } from "../ir";
import { scaleFromText } from "./interpret";
import { classifyLine, type LogicalLine, type TableBlock, type TableCell, type Unit } from "./lines";

/**
 * Batteries whose answer scale is stated once, apart from the items. Academic instruments (theses, papers'
 * appendices) often print only the statements — in a table of construct | item, or as plain paragraphs under
 * construct headings — and say once, in a sentence before or after them, how every item was answered ("All
 * items were rated on a 5-point scale from 1 = strongly disagree to 5 = strongly agree", "Note: Respondents
 * indicated their agreement … on a scale from 1 (strongly disagree) to 5 (strongly agree)"). Read line by
 * line, nothing in such a document is a question: no line asks, no line offers answers. Read as the author
 * meant it, each construct is a grid whose rows are its statements and whose columns are the stated scale.
 *
 * This reader finds that sentence and the statement blocks it governs, and rewrites each construct as a grid
 * table (the scale as its header row) that names the question it stands for; segmentation then treats it like
 * any printed grid. A statement table is only read so when a scale is stated next to it, so item lists in
 * documentation (codebooks, reference guides) that state no scale are left alone.
 */

/** A point named in words after its number: "1 labelled as \"Disagree\"", "5 labeled 'Agree'". */
const LABELLED_POINT = /\b(\d{1,2})\s+(?:is\s+|was\s+)?label(?:l)?ed\s+(?:as\s+)?["“'‘]([^"”'’]{1,40})["”'’]/gi;
/** A data-entry code for a missing answer stated with the scale ("0 = missed", "(-1 = not answered)"): no point of it. */
const MISSING_CODE = /\(\s*-?\d{1,2}\s*=\s*(?:missed|missing|not answered|skipped|blank)\s*\)|[;,]\s*-?\d{1,2}\s*=\s*(?:missed|missing|not answered|skipped|blank)\b/gi;

/** A sentence that declares how items are answered: it names a scale with labelled end points, and asks nothing. */
export function statedScale(text: string): IROption[] | null {
  const value = text.trim().replace(LABELLED_POINT, "$1 = $2").replace(MISSING_CODE, "");
  if (value.length < 20 || value.length > 400 || /[?？]/.test(value)) return null;
  if (!/\b(?:scale|rated?|rating|answered|responded|indicated|rang(?:e|ed|ing)|likert|agree(?:ment)?|points?)\b/i.test(value)) return null;
  const scale = scaleFromText(value);
  if (!scale || scale.columns.length < 3) return null;
  // Both ends named in words ("1 = strongly disagree", "5 (strongly agree)"): a scale, not a range of numbers.
  const ends = [scale.columns[0], scale.columns[scale.columns.length - 1]];
  if (!ends.every((column) => /\p{L}{3,}/u.test(column.label))) return null;
  return scale.columns;
}

/** A statement to rate: a sentence, not a question, not a label. */
function isStatement(text: string): boolean {
  const value = text.trim();
  return value.length >= 15 && /\s/.test(value) && /\p{L}{3,}/u.test(value) && !/[?？]/.test(value) && value.length <= 400;
}

/** A construct label in the first column ("EA", "Perceived usefulness"): short, not a sentence, not an answer box. */
function isGroupLabel(text: string): boolean {
  const value = text.trim();
  return value.length >= 1 && value.length <= 40 && /\p{L}/u.test(value) && !/[.!?？。]$/.test(value) && !/^[☐□▢◻❑○◯⚪●■oO]$/.test(value);
}

interface Group {
  label?: string;
  cells: TableCell[];
}

/**
 * The construct groups of a table that holds only statements (and construct labels beside them), or null when
 * the table holds anything else — answer cells, codes, several statements per row.
 */
function statementGroups(table: TableBlock): Group[] | null {
  if (table.cols > 3) return null;
  const groups: Group[] = [];
  let current: Group | null = null;
  let statements = 0;
  for (const [index, row] of table.rows.entries()) {
    const cells = row.map((cell, col) => ({ cell, col })).filter((entry): entry is { cell: TableCell; col: number } => Boolean(entry.cell && entry.cell.text.trim()));
    if (cells.length === 0) continue;
    const last = cells[cells.length - 1];
    const others = cells.slice(0, -1);
    if (!isStatement(last.cell.text)) {
      // A header row ("Construct | Item") before the first statement.
      if (index === 0 && cells.every(({ cell }) => isGroupLabel(cell.text))) continue;
      return null;
    }
    if (others.length > 1 || others.some(({ cell, col }) => col !== 0 || !isGroupLabel(cell.text))) return null;
    if (others.length === 1 || !current) {
      current = { label: others[0]?.cell.text.trim(), cells: [] };
      groups.push(current);
    }
    current.cells.push(last.cell);
    statements++;
  }
  if (statements < 2) return null;
  // Labels that only number the rows ("1", "EA1") are item codes, not constructs: one group.
  if (groups.length === statements) return [{ cells: groups.flatMap((group) => group.cells) }];
  return groups;
}

/** The stated scale governing the unit at `index`: the nearest declaration a few lines before or after it. */
function scaleNear(units: Unit[], index: number, reach = 4): { columns: IROption[]; line: LogicalLine } | null {
  for (let step = 1; step <= reach; step++) {
    for (const at of [index + step, index - step]) {
      const unit = units[at];
      if (!unit || unit.kind !== "line") continue;
      const columns = statedScale(unit.line.text);
      if (columns) return { columns, line: unit.line };
    }
  }
  return null;
}

/** A grid table for one construct: the scale as the header row, one statement per row. */
function gridTable(id: number, group: Group, columns: IROption[], scaleLine: LogicalLine): TableBlock {
  const header: (TableCell | undefined)[] = [undefined, ...columns.map((column) => ({ text: column.label, start: scaleLine.start, end: scaleLine.end, lines: [scaleLine] }))];
  const rows = [header, ...group.cells.map((cell) => [cell, ...columns.map(() => undefined)])];
  const lines = group.cells.flatMap((cell) => cell.lines);
  return { id, rows, cols: columns.length + 1, start: group.cells[0].start, end: group.cells[group.cells.length - 1].end, lines };
}

/** The declaration speaks of the items it governs ("All items were rated …", "Please rate each statement …"). */
const NAMES_ITEMS = /\b(?:items?|statements?|each|all|following|below|above|respondents?|participants?)\b/i;

/** Words of an introduction or an instruction, not of a statement to rate. */
const NOT_A_STATEMENT = /\b(?:please|thank|survey|questionnaire|confidential|anonymous|minutes|respondents?|participants?)\b|\byour (?:answers?|responses?)\b/i;

/** A paragraph or unordered bullet that reads as a statement to rate. */
function statementLine(unit: Unit | undefined): LogicalLine | null {
  if (!unit || unit.kind !== "line") return null;
  const line = unit.line;
  const first = line.first;
  if (first.heading || first.bold || first.cell || first.list?.ordered) return null;
  const text = line.text.trim().replace(/^(?:[-*•▪◦–]\s+)/, "");
  if (!isStatement(text) || NOT_A_STATEMENT.test(text) || statedScale(text)) return null;
  // A labelled field ("Scale: …", "Items: …", "Note: …") describes the question; it is not an item to rate.
  if (/^[\p{L}][\p{L} ]{0,30}[:：]\s/u.test(text)) return null;
  const cls = classifyLine(line);
  if (cls.kind !== "text" && !(cls.kind === "option" && first.list && !first.list.ordered) && !(cls.kind === "option" && /^[-*•▪◦–]\s/.test(line.text.trim()))) return null;
  return { ...line, text };
}

/** A construct label above statements: a heading or a short line that does not end a sentence. */
function labelLine(unit: Unit | undefined): LogicalLine | null {
  if (!unit || unit.kind !== "line") return null;
  const line = unit.line;
  const text = line.text.trim().replace(/^\*\*(.+)\*\*$/, "$1").replace(/[:：]$/, "");
  if (line.first.cell || line.first.list?.ordered || !isGroupLabel(text) || statedScale(text)) return null;
  return classifyLine(line).kind === "qid" ? null : line;
}

interface Block {
  /** Index of the first statement unit and one past the last. */
  from: number;
  to: number;
  label?: LogicalLine;
  statements: LogicalLine[];
}

/**
 * Runs of statement paragraphs, each under its construct label when one is printed, that sit right next to
 * a stated scale (directly before it, or directly after it with at most a heading between).
 */
function statementBlocks(units: Unit[]): { blocks: Block[]; scale: { columns: IROption[]; line: LogicalLine } }[] {
  const found: { blocks: Block[]; scale: { columns: IROption[]; line: LogicalLine } }[] = [];
  let index = 0;
  while (index < units.length) {
    const blocks: Block[] = [];
    const regionStart = index;
    let at = index;
    for (;;) {
      const label = labelLine(units[at]) && statementLine(units[at + 1]) ? (units[at] as { line: LogicalLine }).line : undefined;
      const from = label ? at + 1 : at;
      const statements: LogicalLine[] = [];
      while (statementLine(units[from + statements.length])) statements.push(statementLine(units[from + statements.length])!);
      if (statements.length < 2) break;
      blocks.push({ from, to: from + statements.length, label, statements });
      at = from + statements.length;
    }
    if (blocks.length === 0) {
      index++;
      continue;
    }
    const end = blocks[blocks.length - 1].to;
    const declaration = (unit: Unit | undefined) => (unit && unit.kind === "line" && NAMES_ITEMS.test(unit.line.text) ? statedScale(unit.line.text) : null);
    const candidates = [regionStart - 1, regionStart - 2, end].filter((k) => k >= 0 && k < units.length);
    for (const k of candidates) {
      // Two lines before: only across a heading or label ("Please rate …" / "## Staff" / statements).
      if (k === regionStart - 2 && !labelLine(units[regionStart - 1])) continue;
      const columns = declaration(units[k]);
      if (columns) {
        found.push({ blocks, scale: { columns, line: (units[k] as { line: LogicalLine }).line } });
        break;
      }
    }
    index = end;
  }
  return found;
}

/** A lead-in that asks for something ("Which of the following …:"): its list is a question's answers, not a legend. */
const ASKING = /\b(?:which|what|who|how|why|when|where|select|choose|tick|check|mark)\b/i;

/**
 * A legend that lists the scale's labels one per line under a lead-in naming the statements it codes ("For the
 * following statements the coding is as follows:" / "Strongly agree" / "Agree" / … / "Strongly disagree"). The
 * labels are short, carry no numbers and end no sentence; the points are numbered in the order printed.
 */
function listedLegend(units: Unit[], index: number): { columns: IROption[]; line: LogicalLine; labels: number } | null {
  const unit = units[index];
  if (!unit || unit.kind !== "line") return null;
  const lead = unit.line.text.trim();
  if (lead.length > 200 || !/[:：]$/.test(lead) || /[?？]/.test(lead) || ASKING.test(lead) || !NAMES_ITEMS.test(lead)) return null;
  const labels: string[] = [];
  const first = units[index + 1];
  // The labels are printed alike (one list, one type style); the construct title after them is not.
  const form = (line: LogicalLine) => `${line.first.list?.listId ?? "-"}|${line.first.bold ? "b" : ""}`;
  for (let at = index + 1; at < units.length && labels.length < 11; at++) {
    const next = units[at];
    if (next.kind !== "line" || next.line.first.list?.ordered || first?.kind !== "line" || form(next.line) !== form(first.line)) break;
    const text = next.line.text.trim().replace(/^[-*•▪◦–]\s+/, "");
    if (!isGroupLabel(text) || text.split(/\s+/).length > 4 || /\d/.test(text)) break;
    labels.push(text);
  }
  if (labels.length < 3) return null;
  const span = { start: 0, end: 0 };
  return { columns: labels.map((label, point) => ({ code: String(point + 1), label, codePrinted: false, span })), line: unit.line, labels: labels.length };
}

/** "3) The staff are courteous.": a typed number, then a statement. */
const NUMBERED_STATEMENT = /^(\d{1,2})\s*[.)]\s*(\S.*)$/;

/**
 * Sections of statements numbered again from 1 under each construct label, after a legend that states their
 * scale once (a SERVQUAL-style instrument: "Reliability" / "1) …" "2) …" / "Responsiveness" / "1) …"). The
 * numbers only count the statements of a section, so they are rows, not question ids: each section is one grid.
 * Read only where at least two sections follow the legend (one numbered run is a list of questions sharing the
 * scale, see shared-scales.ts).
 */
function numberedStatementSections(units: Unit[]): { blocks: Block[]; scale: { columns: IROption[]; line: LogicalLine }; legend: number[] }[] {
  const found: { blocks: Block[]; scale: { columns: IROption[]; line: LogicalLine }; legend: number[] }[] = [];
  for (let index = 0; index < units.length; index++) {
    const legend = listedLegend(units, index);
    if (!legend) continue;
    const blocks: Block[] = [];
    let at = index + 1 + legend.labels;
    for (;;) {
      const label = labelLine(units[at]);
      const statements: LogicalLine[] = [];
      for (let k = at + 1; k < units.length; k++) {
        const unit = units[k];
        const numbered = unit.kind === "line" ? NUMBERED_STATEMENT.exec(unit.line.text.trim()) : null;
        if (!numbered || Number(numbered[1]) !== statements.length + 1 || !isStatement(numbered[2])) break;
        statements.push({ ...(unit as { line: LogicalLine }).line, text: numbered[2] });
      }
      if (!label || statements.length < 2) break;
      blocks.push({ from: at + 1, to: at + 1 + statements.length, label, statements });
      at += 1 + statements.length;
    }
    if (blocks.length < 2) continue;
    const legendUnits = Array.from({ length: legend.labels + 1 }, (_, offset) => index + offset);
    found.push({ blocks, scale: { columns: legend.columns, line: legend.line }, legend: legendUnits });
    index = at - 1;
  }
  return found;
}

/** A construct label printed with a leading arrow or bullet ("=> Reliability", "» Tangibles"): the label without it. */
function labelText(line: LogicalLine): string {
  return line.text.trim().replace(/^[^\p{L}\p{N}]+/u, "").replace(/[:：]$/, "").trim();
}

/** A construct label short enough to be the grid's id ("EA", "PBC", "SN2"); longer labels stay headings. */
const ID_LIKE = /^[A-Za-z][A-Za-z0-9_-]{0,7}$/;

/** The declaration as the grid's wording, without the label it was printed under ("Note:", "Scale:"). */
function wordingOf(line: LogicalLine): string {
  return line.text.trim().replace(/^(?:\*\*)?(?:note|nb|scale|response scale|rating scale|legend|key)\s*[:：.]\s*(?:\*\*)?\s*/i, "");
}

export function readStatedScales(units: Unit[]): Unit[] {
  const sections = numberedStatementSections(units);
  if (sections.length === 0 && !units.some((unit) => unit.kind === "line" && statedScale(unit.line.text))) return units;
  const read = new Map<number, Unit[]>();
  const declarations = new Set<LogicalLine>();
  // Table ids of their own, apart from the document's tables and the other readers' (column grids, differentials).
  let tableId = 60000;
  units.forEach((unit, index) => {
    const groups = unit.kind === "table" ? statementGroups(unit.table) : null;
    const scale = groups ? scaleNear(units, index) : null;
    if (!groups || !scale) return;
    declarations.add(scale.line);
    read.set(
      index,
      groups.map((group) => ({
        kind: "table",
        table: { ...gridTable(tableId++, group, scale.columns, scale.line), battery: { label: group.label, wording: wordingOf(scale.line), wordingLine: scale.line } },
      })),
    );
  });
  const dropped = new Set<number>();
  for (const { blocks, scale } of statementBlocks(units)) {
    declarations.add(scale.line);
    for (const block of blocks) {
      const cells: TableCell[] = block.statements.map((line) => ({ text: line.text, start: line.start, end: line.end, lines: [line] }));
      const idLabel = block.label && ID_LIKE.test(block.label.text.trim()) ? block.label.text.trim() : undefined;
      // An id-like label names the grid; a longer one stays in place as the heading it is.
      if (idLabel) dropped.add(block.from - 1);
      read.set(block.from, [
        { kind: "table", table: { ...gridTable(tableId++, { label: idLabel, cells }, scale.columns, scale.line), battery: { label: idLabel, wording: wordingOf(scale.line), wordingLine: scale.line } } },
      ]);
      for (let k = block.from + 1; k < block.to; k++) dropped.add(k);
    }
  }
  for (const { blocks, scale, legend } of sections) {
    for (const k of legend) dropped.add(k);
    for (const block of blocks) {
      const cells: TableCell[] = block.statements.map((line) => ({ text: line.text, start: line.start, end: line.end, lines: [line] }));
      const title = block.label ? labelText(block.label) : "";
      // A one-word construct names its section's grid ("Responsiveness"); a longer title stays as its heading.
      const idLabel = ID_LIKE.test(title) || /^\p{L}[\p{L}\p{N}_-]{0,23}$/u.test(title) ? title : undefined;
      if (idLabel) dropped.add(block.from - 1);
      read.set(block.from, [
        { kind: "table", table: { ...gridTable(tableId++, { label: idLabel, cells }, scale.columns, scale.line), battery: { label: idLabel, wording: wordingOf(scale.line), wordingLine: scale.line } } },
      ]);
      for (let k = block.from + 1; k < block.to; k++) dropped.add(k);
    }
  }
  if (read.size === 0) return units;
  // The declaration now words the grids it governs; left in place it would be a screen of its own (or the end screen).
  return units.flatMap((unit, index) => read.get(index) ?? (dropped.has(index) || (unit.kind === "line" && declarations.has(unit.line)) ? [] : [unit]));
}
