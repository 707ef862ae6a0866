import type { TableItem, TableLine } from "./pdf-headed-tables";

/**
 * Questions printed as the columns of a roster table (a household survey's person sheet: one row per person, one
 * column per question). Each column holds a question's wording with its coded answers and routing notes, stacked in
 * a narrow cell; under the cells runs a row of the columns' printed ids ("(6.1)   (6.2)   (6.3)"), then the code
 * boxes. Read line by line, every baseline mixes the words of four questions. A left stub column may say whom the
 * rows are for ("Transfer all persons … having code 1 in Col. 5.2"), its own label ("P.S.N.") on the id row.
 *
 * Here the first row of three or more bracketed ids under stacked text marks such a table: the page's text above it
 * is cut into columns at the quietest x between neighbouring ids, and each column is given back in reading order:
 * the id in front of its first line, then its other lines, then the labels printed under it (sub-columns
 * "Cash / Kind / Total"). Text across several columns (a section heading, a note over a group of columns) is read
 * before the first column it covers; the stub before the first question.
 */

export interface ColumnLine extends TableLine {
  /** The extent of the column the line was read from (wrapped lines are judged against it). */
  within?: { x0: number; x1: number };
}

/**
 * A column's printed id at the start of a run: a bracketed number or dotted number ("(6.1)", "(12)", "(9.10)"; a
 * label may follow in the same run, "(9.2) Code"). The runs of a split id ("(9." "8" ")") are joined first.
 */
const COLUMN_ID = /^\(\s?(\d{1,3}(?:\.\s?\d{1,3}){0,3}[a-z]?)\s?\)/;

interface Anchor {
  id: string;
  x0: number;
  x1: number;
  items: TableItem[];
}

/** The run's text as the reader joins it: pieces set apart by more than a narrow space are parted by one. */
function runText(run: TableItem[]): string {
  return run.map((item, index) => (index && item.x0 - run[index - 1].x1 > item.size * 0.12 ? " " : "") + item.text).join("");
}

/** The ids printed on a line, left to right, each with the extent of its own characters. */
function idsOf(line: TableLine): Anchor[] {
  return runsOf(line.items).flatMap((run) => {
    const text = runText(run);
    const match = COLUMN_ID.exec(text);
    if (!match) return [];
    const x0 = run[0].x0;
    const x1 = run.at(-1)!.x1;
    return [{ id: match[1].replace(/\s/g, ""), x0, x1: x0 + ((x1 - x0) * match[0].length) / text.length, items: run }];
  });
}

/** Fewest ids on a row. */
const MIN_COLUMNS = 3;
/** Fewest lines and words a column needs above its id: a question's wording and answers, not a scale label. */
const MIN_COLUMN_LINES = 3;
const MIN_COLUMN_WORDS = 6;

/** Words of two letters or more: answer circles and box numbers printed in a grid's columns are none. */
function words(items: TableItem[]): number {
  return items.reduce((sum, item) => sum + item.text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word)).length, 0);
}

/** The x between two ids that the fewest items cross: the middle of the longest stretch of that count. */
export function quietestBetween(from: number, to: number, items: TableItem[]): number {
  let best = { count: Number.POSITIVE_INFINITY, start: from, end: from };
  let run: { count: number; start: number } | null = null;
  for (let x = Math.ceil(from); x <= Math.floor(to); x++) {
    const count = items.filter((item) => item.x0 < x && item.x1 > x).length;
    if (run && run.count === count) {
      if (count < best.count || (count === best.count && x - run.start > best.end - best.start)) best = { count, start: run.start, end: x };
      continue;
    }
    run = { count, start: x };
    if (count < best.count) best = { count, start: x, end: x };
  }
  return (best.start + best.end) / 2;
}

/**
 * A line's items in runs of text set close together: pieces of one word or phrase (a heading broken into runs
 * "SECTION-" "6: UNDERE" "MPLOYMENT") stay one run; the wider gap between two cells parts them.
 */
export function runsOf(items: TableItem[]): TableItem[][] {
  const runs: TableItem[][] = [];
  for (const item of [...items].sort((p, q) => p.x0 - q.x0)) {
    const last = runs.at(-1)?.at(-1);
    if (last && item.x0 - last.x1 <= Math.min(last.size, item.size) * 0.5) runs.at(-1)!.push(item);
    else runs.push([item]);
  }
  return runs;
}

/**
 * An answer's start in a cell: a code ("01. Illness", "2 No", "13.Other", "(3)") or a marker. Dashed lines are the
 * wording's own list ("Has … ever worked in -a job or business -a farm …"), read on with it.
 */
const ANSWER_START = /^(?:\(?\d{1,3}\s*[.)]|\d{1,3}\s+\p{L}|[•○◯●☐□■])/u;

/** Whether the lines leave a bracket open. */
function unclosed(lines: TableLine[]): boolean {
  let depth = 0;
  for (const line of lines) for (const item of line.items) for (const char of item.text) depth += char === "(" ? 1 : char === ")" ? -1 : 0;
  return depth > 0;
}

/**
 * A cell's lines as the paragraphs they wrap: the wording up to its first answer is one line, each answer one line
 * with its wrapped continuation (set in from the answer's code); a wide gap starts a paragraph of its own (a note
 * under the answers). Narrow cells wrap every few words, and a wrapped word at the answers' edge would read as a
 * question or an answer of its own.
 */
function paragraphs(lines: TableLine[]): TableLine[] {
  const out: { lines: TableLine[]; answer: boolean }[] = [];
  for (const line of lines) {
    const text = line.items.map((item) => item.text).join(" ").trim();
    const answer = ANSWER_START.test(text);
    const current = out.at(-1);
    const last = current?.lines.at(-1);
    const close = last !== undefined && last.y - line.y <= Math.max(last.size, line.size) * 1.6;
    // An answer runs on where its continuation is set in from its code, or where it left a bracket open ("2. No (Skip").
    const open = current ? unclosed(current.lines) : false;
    if (current && close && !answer && (!current.answer || open || line.x0 > current.lines[0].x0 + line.size * 0.5)) current.lines.push(line);
    else out.push({ lines: [line], answer });
  }
  return out.map(({ lines: group }) => {
    const items = group.flatMap((line) => line.items);
    const text = items.map((item) => item.text.trim()).filter(Boolean).join(" ");
    const item = { text, x0: group[0].x0, x1: Math.max(...group.map((line) => line.x1)), y: group[0].y, size: group[0].size };
    return { items: [item], y: item.y, size: item.size, x0: item.x0, x1: item.x1 };
  });
}

/**
 * The page's lines with its id-footed column table read column by column, or null when the page has none. `build`
 * groups items into lines as the reader does.
 */
export function readFootedColumns(items: TableItem[], build: (items: TableItem[]) => TableLine[]): ColumnLine[] | null {
  const lines = build(items);
  const rowIndex = lines.findIndex((line) => new Set(idsOf(line).map((anchor) => anchor.id)).size >= MIN_COLUMNS);
  if (rowIndex <= 0) return null;
  const row = lines[rowIndex];
  const ids = idsOf(row);
  const above = lines.slice(0, rowIndex).flatMap((line) => line.items);
  // A label on the id row left of the first id names the stub column (the rows' serial numbers).
  const label = row.items.filter((item) => item.x1 < ids[0].x0).at(0);
  const stub: Anchor | undefined = label && { id: "", x0: label.x0, x1: label.x1, items: [label] };
  const anchors = [...(stub ? [stub] : []), ...ids];
  const center = (anchor: Anchor) => (anchor.x0 + anchor.x1) / 2;
  const cuts = anchors.slice(1).map((anchor, index) => quietestBetween(center(anchors[index]), center(anchor), above));
  const columnOf = (x: number) => cuts.filter((cut) => x >= cut).length;
  const cells: TableItem[][] = anchors.map(() => []);
  const spanning: TableItem[][] = anchors.map(() => []);
  for (const line of lines.slice(0, rowIndex)) {
    for (const run of runsOf(line.items)) {
      const x0 = run[0].x0;
      const x1 = run[run.length - 1].x1;
      if (cuts.some((cut) => x0 < cut - 2 && x1 > cut + 2)) spanning[columnOf(x0)].push(...run);
      else for (const item of run) cells[columnOf((item.x0 + item.x1) / 2)].push(item);
    }
  }
  const first = stub ? 1 : 0;
  const filled = cells.slice(first).filter((cell) => build(cell).length >= MIN_COLUMN_LINES && words(cell) >= MIN_COLUMN_WORDS).length;
  if (filled < Math.max(MIN_COLUMNS, ids.length - 1)) return null;
  // Under the id row: the code boxes' labels, down to the first wide gap (the page's footer stands apart).
  const below = lines.slice(rowIndex + 1);
  let footEnd = 0;
  let previous = row;
  while (footEnd < below.length && previous.y - below[footEnd].y <= Math.max(previous.size, below[footEnd].size) * 4) previous = below[footEnd++];
  const foot: TableItem[][] = anchors.map(() => []);
  const named = new Set(anchors.flatMap((anchor) => anchor.items));
  for (const item of [...row.items.filter((item) => !named.has(item)), ...below.slice(0, footEnd).flatMap((line) => line.items)]) foot[columnOf((item.x0 + item.x1) / 2)].push(item);
  const bounds = anchors.map((_, index) => ({ x0: index ? cuts[index - 1] : Math.min(...above.map((item) => item.x0)), x1: cuts[index] ?? Math.max(...above.map((item) => item.x1)) }));
  // Each column runs down below the one before it, so that a paragraph gap parts the questions.
  const bottom = Math.min(row.y, ...below.slice(0, footEnd).map((line) => line.y));
  const height = Math.max(...above.map((item) => item.y)) - bottom + row.size * 4;
  const out: ColumnLine[] = [];
  anchors.forEach((anchor, index) => {
    const shift = (item: TableItem) => ({ ...item, y: item.y - index * height });
    const place = (line: TableLine): ColumnLine => ({ ...line, y: line.y - index * height, items: line.items.map(shift), within: bounds[index] });
    out.push(...build(spanning[index]).map(place));
    const body = paragraphs(build(cells[index])).map(place);
    if (anchor !== stub && body.length) {
      const top = body[0];
      const id = anchor.id;
      const x1 = top.x0 - top.size * 0.3;
      top.items.unshift({ text: id, x0: x1 - id.length * top.size * 0.5, x1, y: top.y, size: top.size });
      top.x0 = top.items[0].x0;
    }
    // Under the column: the entry boxes' labels ("Cash  Kind  Total"); the boxes' own numbers ("1 2 3 4 5 6", one box
    // per code) and "Code" add nothing the answers above do not say.
    const labels = build(anchor === stub ? [...anchor.items, ...foot[index]] : foot[index]).filter((line) => !line.items.every((item) => item.text.trim().split(/\s+/).every((word) => /^(?:\d{1,3}|code)$/i.test(word))));
    out.push(...body, ...labels.map(place));
  });
  return [...out, ...build(below.slice(footEnd).flatMap((line) => line.items))];
}
