import { joinWrapped, type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";

/**
 * A grid printed by a web form tool (a Google Forms checkbox grid, a REDCap matrix): column headings over the right
 * part of the page, wrapped over up to three lines and carrying no codes ("Yes   No   Unknown   Prefer not to /
 * answer"), then one row per statement — its label, then a run of answer markers, one under each heading
 * ("As a child?  ○  ○"). A label wrapped under its row ("(COPD)") stays with it; a label printed twice (once over
 * its row, as some prints repeat it) is read once. The headings are matched to the markers by position.
 */

/** One answer marker standing alone as a word ("⃝", U+20DD, is LaTeX's enclosing circle printed on its own). */
const BARE_MARKER = /^[○◯☐▢□◻\u20DD]$/u;
const MARKER_GLYPH = /[○◯☐▢□◻•●\u20DD]/u;
/** A sentence's start that each row label completes: it ends in an ellipsis. */
const ROW_STEM = /(?:…|\.\.\.)$/;
/**
 * A row's printed id standing alone before its markers ("Q18a  ☐ ☐ ☐"): its label, wrapped over two lines, is printed
 * right of it around the markers' line (a Word table's id column is centred vertically in its row).
 */
const ROW_ID_ONLY = /^[A-Za-z]{1,3}\d{1,3}[a-z]{1,2}$/;
/**
 * Headings sit over the answer columns, right of this share of the text width (the first heading, centred over its
 * column, may start just right of the row labels).
 */
const HEADING_AREA = 0.15;
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
  const [first, ...wrapped] = line.lines;
  // A label wrapped under its markers may have been joined to the row's line ("Ads help me to ○ ○ ○" / "get a
  // discount"): the row is its first printed line, the rest is the label's end.
  if (wrapped.length && !BARE_MARKER.test(line.text.trim().split(/\s+/).at(-1)!)) {
    const row = markerRowOf(first.text, first.segments);
    // (Only short plain lines are a label's end: a heading or a numbered line joined to the row is what follows.)
    const labelEnd = (printed: (typeof wrapped)[number]) => printed.text.trim().length <= 60 && !MARKER_GLYPH.test(printed.text) && !printed.heading && Boolean(printed.bold) === Boolean(first.bold) && !/^\S*\d[.)]/.test(printed.text.trim());
    return row && wrapped.every(labelEnd) ? { ...row, label: [row.label, ...wrapped.map((printed) => printed.text.trim())].reduce((left, right) => joinWrapped(left, right)) } : null;
  }
  return markerRowOf(line.text, line.segments);
}

function markerRowOf(text: string, segments: LogicalLine["segments"]): { label: string; count: number; centres: number[] | null } | null {
  // The label, then a run of two or more markers at the end of the line.
  const words = text.trim().split(/\s+/);
  let end = words.length;
  while (end > 0 && BARE_MARKER.test(words[end - 1])) end--;
  const count = words.length - end;
  const label = words.slice(0, end).join(" ");
  if (count < 2 || !label || MARKER_GLYPH.test(label)) return null;
  const markers = (segments ?? []).filter((segment) => MARKER_GLYPH.test(segment.text) && segment.text.replace(/\s+/g, "").length === 1);
  return { label, count, centres: markers.length === count ? markers.map((segment) => (segment.x + segment.x1) / 2) : null };
}

/** The pieces of a heading line over the columns, or null when the line is not one. */
function headingPieces(line: LogicalLine): Piece[] | null {
  if (MARKER_GLYPH.test(line.text) || /[?？]/.test(line.text)) return null;
  const pieces: Piece[] = [];
  for (const printed of line.lines) {
    if (printed.segments?.length) {
      // A stem the row labels complete ("ChatGPT can…" over "… hold a conversation."), printed in the label column of
      // the heading row, is no heading: the headings are the words right of it.
      const left = printed.segments.filter((segment) => segment.x < HEADING_AREA);
      const right = printed.segments.filter((segment) => segment.x >= HEADING_AREA);
      if (left.length && !(left.length === 1 && right.length && ROW_STEM.test(left[0].text.trim()))) return null;
      pieces.push(...right.map((segment) => ({ text: segment.text.trim(), centre: (segment.x + segment.x1) / 2 })));
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
    // (A label line under the headings — a row's label wrapped over its markers, or printed twice — starts the rows.)
    if (!found && heading.length) break;
    if (!found) return null;
    heading.push(unit.line);
    pieces.push(...found);
    at++;
  }
  if (!heading.length) return null;
  const rows: Row[] = [];
  let count = 0;
  let centres: number[] | null = null;
  const lineAt = (k: number): LogicalLine | null => (k < units.length && units[k].kind === "line" ? (units[k] as { line: LogicalLine }).line : null);
  // Whether the row at k has a label line under it: the next line (either copy of a line printed twice) is a short
  // label line that is neither a row nor the label of the row after it.
  const labelUnder = (k: number): boolean => {
    const below = lineAt(k + 1);
    if (!below || markerRow(below) || below.text.trim().length > 60 || MARKER_GLYPH.test(below.text)) return false;
    const text = below.text.trim();
    const following = lineAt(k + 2);
    const copy = following && following.text.trim() === text ? lineAt(k + 3) : following;
    const followingRow = copy ? markerRow(copy) : null;
    return !(followingRow && followingRow.label === text);
  };
  // Lines of a label wrapped over its row's markers (the markers sit on the label's middle line), waiting for the row;
  // and how many of the row's label lines are still to come under it.
  let over: LogicalLine[] = [];
  let under = 0;
  let end = at;
  let copied: string | null = null;
  // Whether the last row was printed as its id alone with its label wrapped around it (a line under it is the rest).
  let idRow = false;
  while (at < units.length) {
    const line = lineAt(at);
    if (!line) break;
    const text = line.text.trim();
    const row = markerRow(line);
    const next = lineAt(at + 1);
    // A label line the print sets twice, one copy right after the other (its label column over the rows): read once.
    if (!row && next && next.text.trim() === text) {
      copied = text;
      at++;
      continue;
    }
    // (Only a label line printed twice is taken for part of a label wrapped around its row's markers.)
    const twice = copied === text;
    copied = null;
    if (row) {
      if (count && row.count !== count) break;
      count = row.count;
      centres ??= row.centres;
      const wrapped = over.map((piece) => piece.text.trim());
      const label = (ROW_ID_ONLY.test(row.label) ? [row.label, ...wrapped] : [...wrapped, row.label]).reduce((left, right) => joinWrapped(left, right));
      rows.push({ label, lines: [...over, line] });
      idRow = ROW_ID_ONLY.test(row.label) && over.length > 0;
      under = over.length || 1;
      over = [];
      end = ++at;
      continue;
    }
    const nextRow = next ? markerRow(next) : null;
    const previous = rows.at(-1);
    // The label printed again over its row, or a wrapped label line printed twice.
    if ((nextRow && nextRow.label === text) || (previous && previous.lines.at(-1)!.text.trim() === text && previous.lines.length > 1)) {
      at++;
      continue;
    }
    const labelLine = text.length <= 60 && !MARKER_GLYPH.test(text);
    // A short line between two rows is the rest of the label above it (wrapped under its row's markers) or the start of
    // the one below it (wrapped over them). The markers sit on a label's middle line, so a row with lines over it
    // has lines under it too: the line starts the next label when the next row has a label line under it.
    // (Through label lines only: another grid's headings start another grid, and the line over them is its title.)
    let nextRowAt: number | undefined;
    for (let k = at + 1; k <= at + 3; k++) {
      const candidate = lineAt(k);
      if (!candidate || headingPieces(candidate)) break;
      if (markerRow(candidate)) {
        nextRowAt = k;
        break;
      }
    }
    const startsNext = nextRowAt !== undefined && labelUnder(nextRowAt);
    const idOnlyNext = nextRowAt !== undefined && ROW_ID_ONLY.test(markerRow(lineAt(nextRowAt)!)!.label);
    // The line right over a row printed as its id alone starts that row's label, in lower case too.
    const overIdRow = idOnlyNext && nextRowAt === at + 1 && text.length <= 90 && !MARKER_GLYPH.test(text);
    // A line set apart by space or printed on the next page is not the rest of a row's label, even in lower case: it
    // is what follows the grid (the next grid's title, "retryBatch - Scala"). A line printed once between two rows that
    // carry their own labels can only be the rest of the label above it (a table cell aligned at its top: "Text or
    // Image  ○ ○" / "Ads").
    const apart = line.first.blankBefore || line.first.page !== previous?.lines.at(-1)?.first.page;
    if (previous && labelLine && !overIdRow && !apart && over.length === 0 && (twice && under > 0 && !startsNext ? true : /^[(\p{Ll}]/u.test(text) || (under > 0 && (idRow || (!twice && nextRowAt === at + 1))))) {
      previous.label = joinWrapped(previous.label, text);
      previous.lines.push(line);
      under--;
      end = ++at;
      continue;
    }
    if (((twice && labelLine) || overIdRow) && over.length < 2 && nextRowAt !== undefined) {
      over.push(line);
      under = 0;
      at++;
      continue;
    }
    break;
  }
  at = end;
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
    formGrid: true,
  };
  return { table, length: grid.end - index };
}

/** Replaces each grid of marker rows under uncoded column headings by the table it stands for. */
export function readMarkerRowGrids(units: Unit[]): Unit[] {
  return replaceWithTables(units, 5_000_000, readTable);
}
