/**
 * Questionnaires printed as a table without rules: a header row names the columns (id | question text | variable |
 * responses | skip | interviewer note), and each question is a row whose cells wrap over many lines in narrow
 * columns, its answers one per line with the skip beside the answers it applies to, the row running on over a page
 * break. Read line by line, every baseline mixes pieces of four cells.
 *
 * Here a page whose top lines hold such a header row (see `isHeaderRow`) is
 * read as that table, and so are the following pages whose text stands in the same columns, until a page has text
 * elsewhere. A row starts at a line with text in the first column and in the second. Each row is given back in the
 * order a reader takes it: the notes beside it, then its id and its whole wording on one line, then its answers (a
 * wrapped answer joined to the line it continues) each with the skip cell printed beside it, then the columns
 * between the wording and the answers, except a cell holding one name (the data's variable, not read out). A skip cell beside no answer is an instruction of its own,
 * read where it stands: before the row's id when above its answers, after them when below.
 */

export interface TableItem {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface TableLine {
  items: TableItem[];
  y: number;
  size: number;
  x0: number;
  x1: number;
}

/** An answer line: a code and a label ("2 No", "88 None"), or an entry field ("_ _ _ Age", "__/____"). */
const ANSWER_START = /^(?:\d{1,3}\s+\S|_)/;
/** Headings a header row needs. */
const MIN_HEADINGS = 5;

/** The column a piece starting at x stands in; -1 left of the table (a page's date or number in the margin). */
function columnOf(x: number, starts: number[]): number {
  if (x < starts[0] - 4) return -1;
  let column = 0;
  for (let i = 0; i < starts.length; i++) if (x >= starts[i] - 6) column = i;
  return column;
}

/** A column heading: words only ("Question text", "SKIP INFO/", "Column(s)"); no code, blank or field label ("DEPT:"). */
const HEADING = /^\p{L}[\p{L}\s/()'’.-]*$/u;

/** How far (points) a cell's text may start from its column heading's left edge. */
const ALIGNED = 4;

/**
 * A table's header row: five or more headings across the page, two or more on each side of its middle, and all but one
 * of them over text that starts where they start (the cells of the rows below). Rows of answers printed across
 * ("1. North  2. South …"), a form's field labels ("Region:", "Date: __") and the words of a justified line are none.
 */
export function isHeaderRow(items: TableItem[], below: TableItem[], middle: number): boolean {
  if (items.length < MIN_HEADINGS || !items.every((item) => HEADING.test(item.text.trim()) && !/[.:]$/.test(item.text.trim()))) return false;
  if (items.filter((item) => item.x1 <= middle).length < 2 || items.filter((item) => item.x0 >= middle).length < 2) return false;
  const heads = items.filter((item) => below.some((cell) => cell.y < item.y && Math.abs(cell.x0 - item.x0) <= ALIGNED));
  return heads.length >= items.length - 1;
}

/** The column starts of a header row among the page's top lines; null when there is none. */
function headerColumns(lines: TableLine[]): { at: number; starts: number[] } | null {
  if (!lines.length) return null;
  const middle = (Math.min(...lines.map((line) => line.x0)) + Math.max(...lines.map((line) => line.x1))) / 2;
  const below = lines.flatMap((line) => line.items);
  for (let at = 0; at < Math.min(3, lines.length); at++) {
    if (isHeaderRow(lines[at].items, below, middle)) return { at, starts: lines[at].items.map((item) => item.x0).sort((a, b) => a - b) };
  }
  return null;
}

/** Whether a page's text stands in the columns (most pieces start at a column's left edge). */
function alignedWith(lines: TableLine[], starts: number[]): boolean {
  const items = lines.flatMap((line) => line.items);
  if (!items.length) return false;
  const aligned = items.filter((item) => starts.some((start) => Math.abs(item.x0 - start) <= 8)).length;
  return aligned >= items.length * 0.8;
}

/** Lines of one cell (or one column's stretch) as one line: their pieces joined, at the first line's place. */
function joined(lines: TableLine[]): TableLine {
  const items = lines.flatMap((line) => line.items);
  const text = items.map((item) => item.text.trim()).filter(Boolean).join(" ");
  const first = lines[0];
  const item = { text, x0: Math.min(...items.map((entry) => entry.x0)), x1: Math.max(...items.map((entry) => entry.x1)), y: first.y, size: first.size };
  return { items: [item], y: first.y, size: first.size, x0: item.x0, x1: item.x1 };
}

/** Lines of one column split into blocks where the gap between lines is wider than a line and a half. */
function blocks(lines: TableLine[]): TableLine[][] {
  const out: TableLine[][] = [];
  for (const line of lines) {
    const last = out.at(-1)?.at(-1);
    if (last && last.y - line.y <= Math.max(last.size, line.size) * 1.6) out.at(-1)!.push(line);
    else out.push([line]);
  }
  return out;
}

interface Row {
  /** Page index the row starts on (where it is given back). */
  page: number;
  /** Items by column, on a y scale running down across pages. */
  cells: TableItem[][];
}

/**
 * The pages' lines with every headed table read row by row, or null when there is none: `pages` holds each page's
 * lines top to bottom (running headers and footers already dropped); `build` groups items into lines as the reader does.
 */
export function readHeadedTables(pages: TableLine[][], build: (items: TableItem[]) => TableLine[]): TableLine[][] | null {
  const out = pages.map((lines) => [...lines]);
  let found = false;
  let starts: number[] | null = null;
  let rows: Row[] = [];
  let answerColumn = -1;
  const flush = () => {
    if (!starts || !rows.length) return;
    for (const row of rows) out[row.page].push(...rowLines(row, answerColumn, build));
    rows = [];
  };
  pages.forEach((lines, page) => {
    const header = headerColumns(lines);
    let from = 0;
    if (header) {
      flush();
      found = true;
      starts = header.starts;
      from = header.at + 1;
    } else if (!starts || !alignedWith(lines, starts)) {
      flush();
      starts = null;
      return;
    }
    const columns = starts;
    // The page's lines again, top to bottom: a page without the header may have been read column by column.
    const body = build(lines.slice(from).flatMap((line) => line.items));
    const firstRow = body.findIndex((line) => line.items.some((item) => columnOf(item.x0, columns) === 0) && line.items.some((item) => columnOf(item.x0, columns) === 1));
    // Above the first row of a headed page: the header's wrapped headings, then perhaps a note for the rows below
    // (a filter in the skip column), each a block of its own.
    const above = header ? body.slice(0, firstRow < 0 ? body.length : firstRow) : [];
    out[page] = [...(header ? lines.slice(0, from) : []), ...blocks(above).map(joined)];
    // Running down across pages: a later page's lines sit below an earlier page's.
    const shift = -page * 100_000;
    body.forEach((line, index) => {
      const starting = index === firstRow || (index > firstRow && firstRow >= 0 && line.items.some((item) => columnOf(item.x0, columns) === 0) && line.items.some((item) => columnOf(item.x0, columns) === 1));
      if (header && (firstRow < 0 || index < firstRow)) return;
      const outside = line.items.filter((item) => columnOf(item.x0, columns) < 0);
      if (outside.length) out[page].push(...build(outside));
      if (outside.length === line.items.length) return;
      if (starting || !rows.length) rows.push({ page, cells: columns.map(() => []) });
      const row = rows[rows.length - 1];
      for (const item of line.items) if (columnOf(item.x0, columns) >= 0) row.cells[columnOf(item.x0, columns)].push({ ...item, y: item.y + shift });
    });
    // The answers column: the one where most lines open with a code or an entry field.
    const counts = columns.map((_, column) => rows.reduce((sum, row) => sum + build(row.cells[column]).filter((line) => ANSWER_START.test(line.items[0]?.text.trim() ?? "")).length, 0));
    answerColumn = counts.indexOf(Math.max(...counts));
  });
  flush();
  return found ? out : null;
}

/** One row in reading order (see the module comment). */
function rowLines(row: Row, answerColumn: number, build: (items: TableItem[]) => TableLine[]): TableLine[] {
  const [ids, wording] = [row.cells[0] ?? [], row.cells[1] ?? []];
  const before: TableLine[] = [];
  const after: TableLine[] = [];
  const answers: TableLine[] = [];
  if (answerColumn > 1) {
    for (const line of build(row.cells[answerColumn])) {
      const text = line.items.map((item) => item.text).join(" ").trim();
      const previous = answers.at(-1);
      // A wrapped answer continues the line above; a caption ("Do not read:") stands alone.
      if (previous && !ANSWER_START.test(text) && !/:\s*$/.test(previous.items.map((item) => item.text).join(" ").trim())) {
        const merged = joined([previous, line]);
        answers[answers.length - 1] = { ...merged, y: previous.y };
      } else answers.push(joined([line]));
    }
    const skips = row.cells[answerColumn + 1] ? blocks(build(row.cells[answerColumn + 1])) : [];
    for (const block of skips) {
      const top = block[0];
      const beside = answers.find((answer) => Math.abs(answer.y - top.y) <= Math.max(answer.size, top.size) * 0.6);
      const cell = joined(block);
      if (beside) {
        beside.items.push(...cell.items.map((item) => ({ ...item, x0: Math.max(item.x0, beside.x1 + 20) })));
        beside.x1 = Math.max(beside.x1, cell.x1);
      } else if (!answers.length || top.y > answers[0].y) before.push(cell);
      else after.push(cell);
    }
    for (let column = answerColumn + 2; column < row.cells.length; column++) before.push(...blocks(build(row.cells[column])).map(joined));
  }
  const lines: TableLine[] = [...before];
  if (ids.length || wording.length) {
    const idLines = ids.length ? [joined(build(ids))] : [];
    const wordingLines = wording.length ? [joined(build(wording))] : [];
    const items = [...idLines, ...wordingLines].flatMap((line) => line.items);
    const top = Math.max(...items.map((item) => item.y));
    lines.push({ items, y: top, size: items[0].size, x0: Math.min(...items.map((item) => item.x0)), x1: Math.max(...items.map((item) => item.x1)) });
  }
  lines.push(...answers);
  // Columns between the wording and the answers: a cell of one name (the data's variable) is not read out.
  const between = answerColumn > 1 ? row.cells.slice(2, answerColumn) : row.cells.slice(2);
  for (const cell of between) {
    const text = cell.map((item) => item.text.trim()).join(" ");
    if (cell.length && !/^[A-Z][A-Z0-9_]{1,24}$/.test(text)) lines.push(joined(build(cell)));
  }
  lines.push(...after);
  return lines;
}
