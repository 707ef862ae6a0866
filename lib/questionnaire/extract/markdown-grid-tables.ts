/**
 * Pandoc grid tables ("+----+----+" borders, "|" cell walls, "+====+" under the header row), the form pandoc writes
 * for a Word table whose cells hold more than one line. A row spans several physical lines; each cell's lines are
 * its text wrapped to the column's width, with blank lines between the cell's paragraphs (list items, notes).
 *
 * Reading a row: the border above it gives the column walls; each cell's lines are cut at those walls and
 * rejoined into paragraphs. Pandoc wraps at spaces, but in a column narrower than a word (an id column, a
 * condition column) it breaks the word itself, leaving fragments that fill the column: "sh" / "_01". So a line
 * that is one token filling the whole width of a narrow column continues the word above it, and a paragraph made
 * wholly of single tokens with at least one filling the column is one word broken into pieces ("A" / "T" / "L" …
 * in a one-character column). Raw blocks pandoc adds between lists ("```{=html}" / "<!-- -->" / "```") are
 * dropped, and block-quote markers ("> ") inside a cell are read as text indentation.
 */

/** A grid table border: "+---+:---+" (row rule) or "+===+" (below the header). */
const BORDER = /^\s*\+(?:[-=:]+\+)+\s*$/;
/** A column at most this wide (between its padding spaces) breaks words into fragments that fill it. */
const NARROW_COLUMN = 8;

export interface GridRow {
  /** Each cell as its paragraphs, in column order. */
  cells: string[][];
  header: boolean;
}

export interface GridTable {
  rows: GridRow[];
  cols: number;
  /** The index of the line after the table. */
  end: number;
}

export function isGridBorder(line: string): boolean {
  return BORDER.test(line);
}

/** The grid table whose top border is line `at`, or null when no "|" row follows the border. */
export function readGridTable(lines: string[], at: number): GridTable | null {
  if (!BORDER.test(lines[at] ?? "") || !isRowLine(lines[at + 1] ?? "")) return null;
  const rows: GridRow[] = [];
  let border = lines[at];
  let i = at + 1;
  let cols = 0;
  while (i < lines.length && isRowLine(lines[i])) {
    const walls = wallsOf(border);
    const physical: string[] = [];
    while (i < lines.length && isRowLine(lines[i])) physical.push(lines[i++]);
    const cells = cutRow(physical, walls);
    cols = Math.max(cols, cells.length);
    const closing = lines[i] ?? "";
    if (!BORDER.test(closing)) {
      rows.push({ cells, header: false });
      break;
    }
    rows.push({ cells, header: closing.includes("=") });
    border = closing;
    i++;
  }
  // Rows above a "+===+" rule are the header; a table without one has no header.
  return { rows, cols, end: i };
}

function isRowLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith("|") && trimmed.endsWith("|") && trimmed.length > 1;
}

/** Character positions of the column walls ("+") of a border line. */
function wallsOf(border: string): number[] {
  const walls: number[] = [];
  for (let k = 0; k < border.length; k++) if (border[k] === "+") walls.push(k);
  return walls;
}

/**
 * The row's cells. A cell spanning columns has no wall where the border has one; where a line does not show the
 * walls where the border puts them (characters of a width other than one), its "|" separators are used instead.
 */
function cutRow(physical: string[], walls: number[]): string[][] {
  const first = physical[0];
  const open = walls.filter((wall, index) => index === 0 || index === walls.length - 1 || first[wall] === "|");
  const columns: { lines: string[]; width: number }[] = [];
  for (let c = 0; c + 1 < open.length; c++) columns.push({ lines: [], width: open[c + 1] - open[c] - 3 });
  for (const line of physical) {
    const aligned = open.every((wall) => line[wall] === "|");
    const pieces = aligned ? open.slice(0, -1).map((wall, c) => line.slice(wall + 1, open[c + 1])) : line.trim().slice(1, -1).split("|");
    columns.forEach((column, c) => column.lines.push((pieces[c] ?? "").replace(/^ /, "").trimEnd()));
  }
  return columns.map((column) => cellParagraphs(column.lines, column.width));
}

/** A list item's first line; "x\\. Other" is one pandoc kept from being read as a list, still an item to a reader. */
const LIST_ITEM = /^(?:[A-Za-z]|-?\d{1,3})\\?[.)]\s+\S|^-\d{1,3}\s+\S|^[-*+•]\s+\S/;

interface CellParagraph {
  lines: { text: string; indent: number; full: boolean }[];
}

function cellParagraphs(lines: string[], width: number): string[] {
  const paragraphs: CellParagraph[] = [];
  let current = null as CellParagraph | null;
  // The paragraph a blank line closed: a list item's wrapped words continue after it (pandoc sets a word too long
  // for the item's indented width apart with blank lines, outdented) — indented under the item, or plainly
  // continuing it (the item stops at a comma, the line starts in lower case).
  let closed = null as CellParagraph | null;
  let rawBlock = false;
  for (const line of lines) {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence) {
      rawBlock = !rawBlock;
      current = null;
      continue;
    }
    if (rawBlock) continue;
    // Block-quote markers are indentation here; a line that is only a marker is a blank line of the quote.
    const unquoted = line.replace(/^(\s*)(?:>\s?)+/, (_match, lead: string) => lead);
    const text = unquoted.trim();
    if (!text) {
      if (current) closed = current;
      current = null;
      continue;
    }
    const indent = unquoted.length - unquoted.trimStart().length;
    const entry = { text, indent, full: !/\s/.test(text) && line.trimEnd().length >= width };
    const item = LIST_ITEM.test(text);
    if (!current && closed && !item && LIST_ITEM.test(closed.lines[0].text)) {
      const last = closed.lines[closed.lines.length - 1].text;
      if (indent > closed.lines[0].indent || /[,;(/-]$/.test(last) || /^\p{Ll}/u.test(text)) current = closed;
    }
    const startsItem = item && current !== null && indent <= current.lines[0].indent;
    if (!current || startsItem) {
      current = { lines: [] };
      paragraphs.push(current);
    }
    current.lines.push(entry);
  }
  return paragraphs.map(({ lines: parts }) => {
    const narrow = width <= NARROW_COLUMN;
    const oneBrokenWord = narrow && parts.length > 1 && parts.every((part) => !/\s/.test(part.text)) && parts.some((part) => part.full);
    if (oneBrokenWord) return parts.map((part) => part.text).join("");
    let out = "";
    for (const part of parts) {
      if (!out) out = part.text;
      else out += narrow && part.full ? part.text : ` ${part.text}`;
    }
    return out.replace(/\s+/g, " ");
  });
}
