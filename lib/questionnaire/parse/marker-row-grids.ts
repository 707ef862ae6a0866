import { type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";

/**
 * A grid printed by a web form tool (a Google Forms checkbox grid, a REDCap matrix): column headings over the right
 * part of the page, wrapped over up to three lines and carrying no codes ("Yes   No   Unknown   Prefer not to /
 * answer"), then one row per statement — its label, then a run of answer markers, one under each heading
 * ("As a child?  ○  ○"). A label wrapped under its row ("(COPD)") stays with it; a label printed twice (once over
 * its row, as some prints repeat it) is read once. The headings are matched to the markers by position.
 */

/** One answer marker standing alone as a word. */
const BARE_MARKER = /^[○◯☐▢□◻]$/u;
const MARKER_GLYPH = /[○◯☐▢□◻•●]/u;
/** Headings sit over the answer columns, right of this share of the text width. */
const HEADING_AREA = 0.2;
const HEADING_LINES = 3;

interface Piece {
  text: string;
  centre: number;
}

interface Row {
  label: string;
  lines: LogicalLine[];
}

function markerRow(line: LogicalLine): { label: string; count: number; centres: number[] | null } | null {
  // The label, then a run of two or more markers at the end of the line.
  const words = line.text.trim().split(/\s+/);
  let end = words.length;
  while (end > 0 && BARE_MARKER.test(words[end - 1])) end--;
  const count = words.length - end;
  const label = words.slice(0, end).join(" ");
  if (count < 2 || !label || MARKER_GLYPH.test(label)) return null;
  const markers = (line.segments ?? []).filter((segment) => MARKER_GLYPH.test(segment.text) && segment.text.replace(/\s+/g, "").length === 1);
  return { label, count, centres: markers.length === count ? markers.map((segment) => (segment.x + segment.x1) / 2) : null };
}

/** The pieces of a heading line over the columns, or null when the line is not one. */
function headingPieces(line: LogicalLine): Piece[] | null {
  if (MARKER_GLYPH.test(line.text) || /[?？]/.test(line.text)) return null;
  const pieces: Piece[] = [];
  for (const printed of line.lines) {
    if (printed.segments?.length) {
      if (printed.segments.some((segment) => segment.x < HEADING_AREA)) return null;
      pieces.push(...printed.segments.map((segment) => ({ text: segment.text.trim(), centre: (segment.x + segment.x1) / 2 })));
      continue;
    }
    const indent = printed.indent ?? 0;
    if (indent < HEADING_AREA || printed.text.trim().length > 30) return null;
    pieces.push({ text: printed.text.trim(), centre: (indent + (printed.right ?? indent)) / 2 });
  }
  return pieces.length ? pieces : null;
}

function readGrid(units: Unit[], index: number): { heading: LogicalLine[]; columns: string[]; rows: Row[]; end: number } | null {
  const heading: LogicalLine[] = [];
  const pieces: Piece[] = [];
  let at = index;
  while (at < units.length && heading.length < HEADING_LINES) {
    const unit = units[at];
    if (unit.kind !== "line") return null;
    if (markerRow(unit.line)) break;
    const found = headingPieces(unit.line);
    if (!found) return null;
    heading.push(unit.line);
    pieces.push(...found);
    at++;
  }
  if (!heading.length) return null;
  const rows: Row[] = [];
  let count = 0;
  let centres: number[] | null = null;
  while (at < units.length) {
    const unit = units[at];
    if (unit.kind !== "line") break;
    const text = unit.line.text.trim();
    const row = markerRow(unit.line);
    if (row) {
      if (count && row.count !== count) break;
      count = row.count;
      centres ??= row.centres;
      rows.push({ label: row.label, lines: [unit.line] });
      at++;
      continue;
    }
    const next = at + 1 < units.length && units[at + 1].kind === "line" ? markerRow((units[at + 1] as { line: LogicalLine }).line) : null;
    const previous = rows.at(-1);
    // The label printed again over its row, or a wrapped label line printed twice.
    if ((next && next.label === text) || (previous && previous.lines.at(-1)!.text.trim() === text && previous.lines.length > 1)) {
      at++;
      continue;
    }
    // A label wrapped under its row: short, in parentheses or lower case.
    if (previous && text.length <= 60 && /^[(\p{Ll}]/u.test(text) && !MARKER_GLYPH.test(text)) {
      previous.label = `${previous.label} ${text}`;
      previous.lines.push(unit.line);
      at++;
      continue;
    }
    break;
  }
  if (rows.length < 2 || count < 2) return null;
  let columns: string[];
  if (centres) {
    const texts: string[][] = centres.map(() => []);
    for (const piece of pieces) {
      let best = 0;
      for (let column = 1; column < centres.length; column++) if (Math.abs(centres[column] - piece.centre) < Math.abs(centres[best] - piece.centre)) best = column;
      texts[best].push(piece.text);
    }
    columns = texts.map((words) => words.join(" ").trim());
  } else if (pieces.length === count) columns = pieces.map((piece) => piece.text);
  else return null;
  if (columns.some((column) => !column)) return null;
  return { heading, columns, rows, end: at };
}

function readTable(units: Unit[], index: number, tableId: number): TableReading | null {
  const grid = readGrid(units, index);
  if (!grid) return null;
  const { heading, columns, rows } = grid;
  const headingCell = (label: string): TableCell => ({ text: label, start: heading[0].start, end: heading.at(-1)!.end, lines: heading });
  const lines = [...heading, ...rows.flatMap((row) => row.lines)];
  const table: TableBlock = {
    id: tableId,
    rows: [[undefined, ...columns.map(headingCell)], ...rows.map((row) => [{ text: row.label, start: row.lines[0].start, end: row.lines.at(-1)!.end, lines: row.lines }])],
    cols: columns.length + 1,
    start: heading[0].start,
    end: lines.at(-1)!.end,
    lines,
  };
  return { table, length: grid.end - index };
}

/** Replaces each grid of marker rows under uncoded column headings by the table it stands for. */
export function readMarkerRowGrids(units: Unit[]): Unit[] {
  return replaceWithTables(units, 5_000_000, readTable);
}
