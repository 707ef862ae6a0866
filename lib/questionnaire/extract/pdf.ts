import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { answersBesideWording } from "./pdf-beside-answers";
import { codesBesideItems } from "./pdf-centred-codes";
import { sideBySideItems } from "./pdf-side-by-side-items";
import { readFootedColumns } from "./pdf-footed-columns";
import { readNumberedColumnBands } from "./pdf-numbered-column-bands";
import { readsAsAnswer, withText } from "./pdf-running-answers";
import { isHeaderRow, readHeadedTables } from "./pdf-headed-tables";
import { MARKER_START, pageShapes, type PathOps, withDrawnMarkers } from "./pdf-drawn-markers";
import { mapSymbolChar, symbolFontKey } from "./symbol-fonts";
import { textFontBoxes, withTextFontBox } from "./pdf-text-font-boxes";
import { isTurned, uprightBox, uprightText } from "./pdf-turned-pages";
import { DocumentBuilder, type ExtractedDocument, normalizeLineText } from "./model";
import { withoutCoveredNumbers } from "./pdf-stacked-numbers";

/**
 * Text-based PDF reader on pdf.js (through unpdf, which ships a serverless build with no native
 * dependencies). pdf.js gives positioned text runs; this module rebuilds lines from baselines, reads
 * two-column pages column by column, keeps wide horizontal gaps as segments (printed grids, answer
 * boxes), and drops running headers and footers (lines repeated at the top or bottom of most pages, page
 * numbers such as "Page 3 of 57").
 */

export interface PdfLimits {
  maxPages: number;
  maxChars: number;
  signal?: AbortSignal;
}

export class PdfReadError extends Error {
  constructor(
    message: string,
    readonly kind: "encrypted" | "corrupt" | "too_large" | "cancelled",
  ) {
    super(message);
  }
}

interface Item {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

interface RawLine {
  items: Item[];
  y: number;
  size: number;
  x0: number;
  x1: number;
  /** Which side of a page split at its gutter the line was read from (0 left, 1 right); unset on unsplit pages. */
  column?: number;
  /** The extent of the text column the line was read from, on pages read column by column. */
  within?: { x0: number; x1: number };
}

/** Marks lines read from one text column with that column's extent (wrapped lines are judged against it). */
function inColumn(lines: RawLine[]): RawLine[] {
  if (!lines.length) return lines;
  const within = { x0: Math.min(...lines.map((line) => line.x0)), x1: Math.max(...lines.map((line) => line.x1)) };
  for (const line of lines) line.within ??= within;
  return lines;
}

interface PageLines {
  page: number;
  width: number;
  height: number;
  lines: RawLine[];
}

/** Symbol-font glyphs without a Unicode mapping arrive as private-use characters: show them as bullets and boxes. */
export function mapPrivateUse(text: string): string {
  // Some fonts give their box glyph a C1 control code ("\u0085"), which no text ever holds: a bullet too.
  return text.replace(/[\u0080-\u009f]/g, "•").replace(/[\ue000-\uf8ff]/g, (char) => {
    const mapped = mapSymbolChar(char, "Wingdings");
    return mapped === char ? "•" : mapped;
  });
}

/**
 * The text of a run: a run set in a symbol font (Wingdings, ZapfDingbats, Symbol, the TeX math symbol fonts) has its
 * codes translated to the boxes and circles they show ("£" of Wingdings 2 is an empty box); text fonts keep theirs.
 */
function runText(text: string, symbolFont: string | null): string {
  const mapped = symbolFont ? [...text].map((char) => mapSymbolChar(char, symbolFont)).join("") : text;
  return mapPrivateUse(mapped);
}

/** The steepest lean of a synthetic italic read as level text (tan 25°; word processors slant by 12–20°). */
const MAX_ITALIC_SLANT = 0.47;

function toItems(content: { items: unknown[] }, symbolFonts: Map<string, string | null> = new Map()): Item[] {
  const items: Item[] = [];
  const vertical: Item[] = [];
  // Fonts looked up by name and found to be no symbol font (null) are text fonts.
  const boxes = textFontBoxes(content.items, (font) => symbolFonts.get(font) === null);
  for (const raw of content.items) {
    const item = raw as { str?: string; transform?: number[]; width?: number; height?: number; fontName?: string };
    if (typeof item.str !== "string" || !item.transform) continue;
    if (!item.str.trim()) continue;
    const symbolFont = item.fontName ? (symbolFonts.get(item.fontName) ?? null) : null;
    const text = runText(withTextFontBox(item.str, item.fontName, boxes), symbolFont);
    const [a, b, c, d, e, f] = item.transform;
    // A run slanted by a shear (a synthetic italic: the baseline stays level, only the verticals lean) is level text.
    const slanted = a > 0 && d > 0 && Math.abs(b) <= a * 0.05 && Math.abs(c) <= d * MAX_ITALIC_SLANT;
    if (!slanted && (Math.abs(b) > Math.abs(a) * 0.2 || Math.abs(c) > Math.abs(d) * 0.2)) {
      // Text printed upwards: its glyphs stand left of the origin, from the baseline point up.
      const size = Math.abs(b);
      if (b > 0 && c < 0 && Math.abs(a) < size * 0.2 && size > 0) vertical.push({ text, x0: e - size, x1: e, y: f, size });
      continue;
    }
    const size = Math.abs(d) || Math.abs(a) || item.height || 10;
    const width = item.width ?? item.str.length * size * 0.5;
    items.push({ text, x0: e, x1: e + width, y: f, size: Math.min(size, item.height || size) || size });
  }
  return [...withoutCoveredNumbers(items), ...columnHeadings(vertical)];
}

/**
 * Rotated text is mostly margin stamps and vertical labels, left out; but several labels printed upwards side
 * by side from one baseline are the column headings of a grid ("I fully agree", "I mostly agree", … over the
 * answer circles). Each becomes a heading item at the foot of its column, on one line above the grid's rows.
 */
function columnHeadings(vertical: Item[]): Item[] {
  const headings: Item[] = [];
  for (const item of vertical) {
    const row = vertical.filter((other) => Math.abs(other.y - item.y) <= 1 && Math.abs(other.size - item.size) <= 1);
    if (row.length >= 2) headings.push(item);
  }
  return headings;
}

/** Groups items on (nearly) the same baseline into lines, top to bottom. */
function buildLines(items: Item[]): RawLine[] {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x0 - q.x0);
  const lines: RawLine[] = [];
  for (const item of sorted) {
    let target: RawLine | undefined;
    // Look at the few most recent lines: glyph rows of one visual line can have slightly different baselines.
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
      const line = lines[i];
      const small = Math.min(line.size, item.size);
      const large = Math.max(line.size, item.size);
      // Oversized glyphs (answer circles and boxes) are centred on the row rather than on its baseline.
      const tolerance = large > small * 1.6 ? large * 0.4 : small * 0.5;
      if (Math.abs(line.y - item.y) <= tolerance) {
        const overlaps = line.items.some((other) => item.x0 < other.x1 - 1 && item.x1 > other.x0 + 1 && other.text.trim() && item.text.trim());
        if (!overlaps) {
          target = line;
          break;
        }
      }
    }
    if (target) {
      target.items.push(item);
      target.x0 = Math.min(target.x0, item.x0);
      target.x1 = Math.max(target.x1, item.x1);
      // Keep the baseline of the text, not of oversized glyphs (answer circles).
      if (item.size < target.size) {
        target.size = item.size;
        target.y = item.y;
      }
    } else {
      lines.push({ items: [item], y: item.y, size: item.size, x0: item.x0, x1: item.x1 });
    }
  }
  for (const line of lines) line.items.sort((p, q) => p.x0 - q.x0);
  return lines;
}

/**
 * A vertical gutter: between two text columns, or (`labels`) between question labels on the left and their answers
 * on the right.
 */
interface Gutter {
  x: number;
  labels: boolean;
}

/** Finds a vertical gutter that splits a page into two text columns; null when there is none. */
function findGutter(lines: RawLine[], pageWidth: number, pageHeight = 0): Gutter | null {
  // Running headers and footers (top and bottom margins) may span or straddle the gutter: leave them out.
  const textLines = lines.filter((line) => line.items.length > 0 && (!pageHeight || (line.y < pageHeight * 0.92 && line.y > pageHeight * 0.08)));
  // Enough text to judge: counted per column, since the lines of two columns that share a baseline are one line here.
  if (textLines.reduce((sum, line) => sum + Math.min(2, line.items.length), 0) < 10) return null;
  const left = Math.min(...textLines.map((line) => line.x0));
  const right = Math.max(...textLines.map((line) => line.x1));
  const span = right - left;
  if (span < pageWidth * 0.4) return null;
  const buckets = 60;
  const covered = new Array(buckets).fill(0);
  for (const line of textLines) {
    for (const item of line.items) {
      const from = Math.max(0, Math.floor(((item.x0 - left) / span) * buckets));
      const to = Math.min(buckets - 1, Math.floor(((item.x1 - left) / span) * buckets));
      for (let b = from; b <= to; b++) covered[b]++;
    }
  }
  // The gutter must sit in the middle third and be crossed by (almost) no text.
  let best: number | null = null;
  for (let b = Math.floor(buckets / 3); b <= Math.floor((2 * buckets) / 3); b++) {
    if (covered[b] === 0) {
      best = b;
      break;
    }
  }
  if (best === null) return null;
  const gutterX = left + ((best + 0.5) / buckets) * span;
  // Lines of the two columns that share a baseline were built as one line: judge each side's items.
  const prose = (items: Item[]) => items.map((item) => item.text).join(" ").trim().split(/\s+/).length >= 4;
  const leftSides = textLines.map((line) => line.items.filter((item) => item.x1 <= gutterX)).filter((items) => items.length);
  const rightSides = textLines.map((line) => line.items.filter((item) => item.x0 >= gutterX)).filter((items) => items.length);
  const crossing = textLines.filter((line) => line.items.some((item) => item.x0 < gutterX && item.x1 > gutterX)).length;
  // Both sides read as text (a grid's answer columns do not): a few sentences and a handful of lines each.
  if (leftSides.filter(prose).length < 3 || rightSides.filter(prose).length < 3 || leftSides.length < 5 || rightSides.length < 5) return null;
  if (crossing > textLines.length * 0.1) return null;
  // A table across the page: the page is read in stretches around it (splitBands).
  if (rowsAcross(textLines, gutterX).size) return null;
  // Question labels on the left, their answers on the right (a form tool's label | answer layout: the first answer
  // shares the label's first baseline): answer markers open lines on the right side only. Two text columns of a
  // questionnaire both hold answers.
  const marked = (items: Item[]) => MARKER_START.test(items[0].text.trim());
  return { x: gutterX, labels: rightSides.filter(marked).length >= 3 && !leftSides.some(marked) };
}

/**
 * A question number then wording ("3 Concernant vos notes …", "12. How often …"); after a full stop the wording
 * may open with a part letter or in lower case ("9. a) Does your …", "8. approximately how many …": small-capital
 * fonts whose capitals are stored as lower-case letters).
 */
const NUMBERED_START = /^\d{1,3}(?:[.)]?\s+\p{Lu}|\.\s+(?:[a-z]\)\s+\p{L}|\p{Ll}{2,}\s+\p{L}))/u;

/** The words of a side of a line: enough of them on several lines tells running text from a grid's answer columns. */
function isProse(items: Item[]): boolean {
  return items.map((item) => item.text).join(" ").trim().split(/\s+/).length >= 4;
}

/**
 * Pages that mix full-width blocks (a part heading, a wide grid, a long question) with two-column stretches
 * (a paper questionnaire with two questions side by side): no gutter runs down the whole page, but one runs through
 * every stretch between the full-width lines. Each stretch is read left column first, then right column; the
 * full-width lines stay where they are. Null when no stretch has running text on both sides.
 */
function splitBands(lines: RawLine[], pageWidth: number): RawLine[] | null {
  if (lines.length < 8) return null;
  const left = Math.min(...lines.map((line) => line.x0));
  const right = Math.max(...lines.map((line) => line.x1));
  const span = right - left;
  if (span < pageWidth * 0.6) return null;
  // The gutter is the x near the middle that the fewest lines cross; the leftmost such x, so that the numbers
  // printed in front of the right column's questions stay with them.
  const quietest = (among: RawLine[]) => {
    const crossedBy = (x: number) => among.filter((line) => line.items.some((item) => item.x0 < x && item.x1 > x)).length;
    let x = left + span * 0.4;
    let fewest = crossedBy(x);
    for (let step = 1; step <= 80; step++) {
      const candidate = left + span * (0.4 + (0.2 * step) / 80);
      const crossing = crossedBy(candidate);
      if (crossing < fewest) [x, fewest] = [candidate, crossing];
    }
    return { x, fewest };
  };
  const { x: gutter, fewest } = quietest(lines);
  if (fewest > lines.length * 0.4) return null;
  // Where the right column's lines start (the edge most of them share). A left line that runs past the gutter but
  // stops short of that edge ("4. WHAT IS THE HIGHEST LEVEL … COMPLETED?" beside right-aligned numbers "10.", "11.")
  // belongs to the left column; only a line that reaches into the right column spans the page.
  const rightStart = commonEdge(lines.flatMap((line) => line.items.filter((item) => item.x0 >= gutter).slice(0, 1).map((item) => item.x0)));
  const spans = (item: Item, x: number) => item.x0 < x && item.x1 > x && !(rightStart !== null && item.x1 < rightStart);
  const tableRows = rowsAcross(lines, gutter);
  const result: RawLine[] = [];
  let band: RawLine[] = [];
  let split = false;
  const flush = () => {
    // The page's gutter finds the stretches; each stretch is cut at its own (the page's gutter may run through
    // a stretch's right column when other stretches set their columns differently).
    const own = band.length ? quietest(band) : null;
    const cut = own && own.fewest === 0 ? own.x : gutter;
    const onLeft = (item: Item) => item.x1 <= cut || (item.x0 < cut && rightStart !== null && item.x1 < rightStart);
    const leftSides = band.map((line) => line.items.filter(onLeft)).filter((items) => items.length);
    const rightSides = band.map((line) => line.items.filter((item) => !onLeft(item))).filter((items) => items.length);
    // Numbered questions on both sides: a grid's label and answer columns are not split. The side's text is
    // joined as the line will read ("a" + "pproximately" of a small-capital font are one word).
    const numbered = (sides: Item[][]) => sides.some((items) => NUMBERED_START.test(lineText({ items, y: 0, size: 0, x0: 0, x1: 0 }).text.trim()));
    if (leftSides.filter(isProse).length >= 2 && rightSides.filter(isProse).length >= 2 && numbered(leftSides) && numbered(rightSides)) {
      result.push(...inColumn(buildLines(leftSides.flat())), ...inColumn(buildLines(rightSides.flat())));
      split = true;
    } else result.push(...band);
    band = [];
  };
  for (const line of lines) {
    if (line.items.some((item) => spans(item, gutter)) || tableRows.has(line)) {
      flush();
      result.push(line);
    } else band.push(line);
  }
  flush();
  return split ? result : null;
}

/** A table's answer cell: a code letter or number ("A", "2", "b)"). */
const ANSWER_CELL = /^(?:[A-Za-z]|\d{1,2})[.)]?$/;

/**
 * A table printed across a page of two columns: a numbered statement left of the gutter and only its answer cells
 * right of it ("22. The course was too dear.   A   B   C"), on two lines in a row or more. Those lines are the
 * table's rows across the page, not one line of each column.
 */
function rowsAcross(lines: RawLine[], gutter: number): Set<RawLine> {
  const row = (line: RawLine | undefined) => {
    if (!line) return false;
    const cells = line.items.filter((item) => item.x0 >= gutter);
    const label = line.items.filter((item) => item.x1 <= gutter);
    return cells.length >= 2 && cells.every((item) => ANSWER_CELL.test(item.text.trim())) && label.length > 0 && NUMBERED_START.test(lineText({ items: label, y: 0, size: 0, x0: 0, x1: 0 }).text.trim());
  };
  return new Set(lines.filter((line, index) => row(line) && (row(lines[index - 1]) || row(lines[index + 1]))));
}

/** Points this close share an edge. */
const EDGE_TOLERANCE = 3;

/** The x most of the given left edges share (within EDGE_TOLERANCE), when at least four do; else null. */
function commonEdge(edges: number[]): number | null {
  let best: number | null = null;
  let count = 0;
  for (const edge of edges) {
    const near = edges.filter((other) => Math.abs(other - edge) <= EDGE_TOLERANCE).length;
    if (near > count || (near === count && best !== null && edge < best)) [best, count] = [edge, near];
  }
  return count >= 4 ? best! - EDGE_TOLERANCE : null;
}

/**
 * A label | answer page (a form tool's print: the label on the left, its answers on the right, the first answer on
 * the label's first baseline) read label first: the lines of each label, then the lines of its answers. A label
 * starts where left-hand text opens with a capital or a digit; its wrapped lines ("language-learning history?",
 * "(physical, visual, …") share baselines with wrapped answers and would otherwise be read into them.
 */
function labelsBeforeAnswers(lines: RawLine[], gutterX: number): RawLine[] {
  const out: RawLine[] = [];
  let labels: Item[] = [];
  let answers: Item[] = [];
  const flush = () => {
    out.push(...buildLines(labels), ...buildLines(answers));
    labels = [];
    answers = [];
  };
  for (const line of lines) {
    const left = line.items.filter((item) => item.x0 < gutterX);
    if (left.length && /^[\p{Lu}\p{N}]/u.test(left[0].text.trim())) flush();
    labels.push(...left);
    answers.push(...line.items.filter((item) => item.x0 >= gutterX));
  }
  flush();
  return out;
}

/**
 * A table's header row at the top of the page (pdf-headed-tables.ts) makes the gaps down the page gaps between the table's columns, read row by row, not a gutter between two columns
 * of text or two questions side by side.
 */
function headedTable(lines: RawLine[], pageHeight: number): boolean {
  const text = lines.filter((line) => line.items.length > 0 && (!pageHeight || (line.y < pageHeight * 0.92 && line.y > pageHeight * 0.08)));
  if (!text.length) return false;
  const middle = (Math.min(...text.map((line) => line.x0)) + Math.max(...text.map((line) => line.x1))) / 2;
  const top = [...text].sort((a, b) => b.y - a.y).slice(0, 3);
  const below = text.flatMap((line) => line.items);
  return top.some((line) => isHeaderRow(line.items, below, middle));
}

function splitColumns(items: Item[], pageWidth: number, pageHeight = 0, nested = false): RawLine[] {
  const lines = buildLines(items);
  if (headedTable(lines, pageHeight)) return lines;
  const found = findGutter(lines, pageWidth, pageHeight);
  if (found === null) return splitBands(lines, pageWidth) ?? lines;
  if (found.labels) return labelsBeforeAnswers(lines, found.x);
  const gutter = found.x;
  const { above, rest } = spanningHeader(items, gutter);
  const leftItems = rest.filter((item) => item.x1 <= gutter);
  const rightItems = rest.filter((item) => item.x1 > gutter);
  const header = buildLines(above);
  if (nested) return [...header, ...inColumn(buildLines(leftItems)), ...inColumn(buildLines(rightItems))];
  // A landscape sheet of two printed pages side by side (a booklet's spread) is split at its middle first; each
  // half may itself be laid out in two columns, or in stretches of two questions side by side: read each half as
  // a page of its own. The lines keep the side they came from, so that the numbering spine (parse/numbering-spine)
  // can put the halves of an imposed booklet (pages 8|1, 2|7, …) back in the order of their question numbers.
  const side = (sideItems: Item[], column: number) => {
    const x0 = Math.min(...sideItems.map((item) => item.x0));
    const x1 = Math.max(...sideItems.map((item) => item.x1));
    const sideLines = sideItems.length ? inColumn(splitColumns(sideItems, x1 - x0, pageHeight, true)) : [];
    for (const line of sideLines) line.column = column;
    return sideLines;
  };
  return [...header, ...side(leftItems, 0), ...side(rightItems, 1)];
}

/**
 * A heading printed across both columns above them ("SECTION 2: ECONOMY AND INFRASTRUCTURE" over a page of two
 * question columns) is read first: split with the right column, it would land between the columns and the left
 * column's questions would run on from the previous section. Items that cross the gutter and sit above the first
 * words of both columns (page numbers and other short marks do not count as words) are that heading.
 */
function spanningHeader(items: Item[], gutter: number): { above: Item[]; rest: Item[] } {
  const crosses = (item: Item) => item.x0 < gutter && item.x1 > gutter;
  const worded = items.filter((item) => !crosses(item) && item.text.trim().length > 3);
  const leftTop = Math.max(...worded.filter((item) => item.x1 <= gutter).map((item) => item.y));
  const rightTop = Math.max(...worded.filter((item) => item.x1 > gutter).map((item) => item.y));
  if (!Number.isFinite(leftTop) || !Number.isFinite(rightTop)) return { above: [], rest: items };
  const top = Math.max(leftTop, rightTop);
  const above = items.filter((item) => crosses(item) && item.y > top && item.text.trim());
  if (!above.length) return { above: [], rest: items };
  return { above, rest: items.filter((item) => !above.includes(item)) };
}

interface LineText {
  text: string;
  segments: { text: string; x0: number; x1: number }[];
}

function lineText(line: RawLine): LineText {
  let text = "";
  const segments: { text: string; x0: number; x1: number }[] = [];
  let current: { text: string; x0: number; x1: number } | null = null;
  let previous: Item | null = null;
  for (const item of line.items) {
    const piece = item.text;
    if (previous) {
      const gap = item.x0 - previous.x1;
      const size = Math.min(item.size, previous.size) || 10;
      if (gap > size * 0.6) {
        if (current) segments.push(current);
        current = null;
      }
      const needsSpace = gap > size * 0.12 && !/\s$/.test(text) && !/^\s/.test(piece);
      if (needsSpace || current === null) text += " ";
    }
    text += piece;
    if (!current) current = { text: piece, x0: item.x0, x1: item.x1 };
    else {
      const gap = previous ? item.x0 - previous.x1 : 0;
      current.text += (gap > (item.size || 10) * 0.12 && !/\s$/.test(current.text) && !/^\s/.test(piece) ? " " : "") + piece;
      current.x1 = item.x1;
    }
    previous = item;
  }
  if (current) segments.push(current);
  return { text, segments };
}

const PAGE_NUMBER = /^(?:page\s*(?:[-–(]\s*)?|[-–(]?\s*)\d{1,4}\s*(?:[-–)](?:\s*(?:of|\/|de|von)\s*\d{1,4})?|(?:(?:of|\/|de|von)\s*\d{1,4})?)$/i;

/** Running headers repeat except for the page number (and the page count). */
function headerKey(text: string, page: number, pages: number): string {
  return normalizeLineText(text)
    .toLowerCase()
    .replace(/\d+/g, (digits) => (Number(digits) === page || Number(digits) === pages ? "#" : digits));
}

/**
 * The page number keyed as a word of its own: a browser's print footer ("2 of 19   9/2/25, 11:47 AM", "https://…
 * SurveyID=SV_0dE…&ContextLibraryID=UR_1WYm2… Page 1 of 9") also prints a date, a time or an address whose digits
 * equal the page's on a few pages ("9/2/25" on page 9 or 2, "11:47" on page 11, "UR_1WYm2" on pages 1 and 2); the
 * page-number key masks those too and the footer would stay on exactly those pages. Here only a number standing as a
 * word by itself (or as "page/pages") is masked.
 */
function pageNumberKey(text: string, page: number, pages: number): string {
  const words = normalizeLineText(text).toLowerCase().split(" ");
  const mask = (digits: string) => (Number(digits) === page || Number(digits) === pages ? "#" : digits);
  // ("1/6": the page and the page count as one word.)
  return `#${words.map((word) => (/^\d{1,4}(?:\/\d{1,4})?$/.test(word) ? word.replace(/\d+/g, mask) : word)).join(" ")}`;
}

/**
 * The line word for word: a header that repeats unchanged is running even on the page whose number happens to be in
 * it ("7/7/2020  Title" on page 7, where the page-number key reads "#/#/2020").
 */
function verbatimKey(text: string): string {
  return `=${normalizeLineText(text).toLowerCase()}`;
}

/**
 * A footer whose printed page number runs ahead of the PDF's pages ("Survey 9 | version 1 | © Agency 12" on the
 * fifth page, when the questionnaire is an extract of a longer report): the number at the end of the line is
 * keyed by its distance from the page, which stays the same on every page.
 */
function offsetKey(text: string, page: number): string | null {
  const match = /^(.*\D)(\d{1,4})$/.exec(normalizeLineText(text).toLowerCase());
  return match && match[1].trim().length >= 8 ? `${match[1]}#${Number(match[2]) - page}` : null;
}

/** Removes running headers/footers and page numbers from the top and bottom of each page. */
function dropRunningLines(pages: PageLines[]): void {
  if (pages.length === 0) return;
  const edgeCount = 2;
  // Where on its page each repeated text stands (as a fraction of the page height, from the bottom).
  const heights = new Map<string, number[]>();
  for (const page of pages) {
    const seen = new Set<string>();
    const edges = [...page.lines.slice(0, edgeCount), ...page.lines.slice(-edgeCount)];
    for (const line of edges) {
      const text = lineText(line).text;
      for (const key of [headerKey(text, page.page, pages.length), offsetKey(text, page.page), verbatimKey(text), pageNumberKey(text, page.page, pages.length)]) {
        if (key && !seen.has(key)) {
          seen.add(key);
          heights.set(key, [...(heights.get(key) ?? []), line.y / page.height]);
        }
      }
    }
  }
  // A running header or footer repeats at the same height on most pages; a last answer that happens to be the
  // same on many pages ("● Other", "● None") ends each page at a different height and stays.
  const samePlace = 0.02;
  const counts = (key: string | null, height: number) => (key ? (heights.get(key) ?? []).filter((other) => Math.abs(other - height) <= samePlace).length : 0);
  const threshold = Math.max(3, Math.ceil(pages.length * 0.5));
  for (const page of pages) {
    const isRunning = (line: RawLine, atTop: boolean, inner: RawLine | undefined) => {
      const text = normalizeLineText(lineText(line).text);
      if (PAGE_NUMBER.test(text)) {
        const inMargin = atTop ? line.y > page.height * 0.85 : line.y < page.height * 0.15;
        if (inMargin) return true;
      }
      const height = line.y / page.height;
      const verbatim = counts(verbatimKey(text), height);
      const repeated = pages.length >= 3 && Math.max(counts(headerKey(text, page.page, pages.length), height), counts(offsetKey(text, page.page), height), verbatim, counts(pageNumberKey(text, page.page, pages.length), height)) >= threshold;
      // Answers printed word for word at the same place on every page stand with the page's text; furniture stands apart.
      const gap = inner ? (atTop ? line.y - inner.y : inner.y - line.y) : Number.POSITIVE_INFINITY;
      const answers = verbatim >= threshold && readsAsAnswer(text) && inner !== undefined && withText(gap, Math.max(line.size, inner.size));
      return repeated && !answers;
    };
    let top = 0;
    while (top < Math.min(edgeCount, page.lines.length) && isRunning(page.lines[top], true, page.lines[top + 1])) top++;
    let bottom = page.lines.length;
    while (bottom > top && page.lines.length - bottom < edgeCount && isRunning(page.lines[bottom - 1], false, page.lines[bottom - 2])) bottom--;
    page.lines = page.lines.slice(top, bottom);
  }
}

/**
 * A sentence broken by the page end ("… within software teams? (Select" / next page: "one) *"): a browser prints a
 * long web survey with no regard for its paragraphs, so the wording of a question runs on at the top of the next
 * page. The page break is then no paragraph break: the page's last line ends mid-sentence (no closing punctuation)
 * and the next page starts in the same column with a lower-case word.
 */
function continuesOnNextPage(page: PageLines, next: PageLines | undefined): boolean {
  const last = page.lines.at(-1);
  const first = next?.lines[0];
  if (!last || !first) return false;
  const lastText = lineText(last).text.trim();
  const firstText = lineText(first).text.trim();
  return lastText.length >= 20 && /[\p{L},(]$/u.test(lastText) && /^[\p{Ll}(]/u.test(firstText) && Math.abs(last.x0 - first.x0) <= 2;
}

/** Pages read for drawn markers before a document that has drawn none is no longer read for them. */
const SHAPELESS_PAGES = 6;

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>["getPage"]>>;

/**
 * The fonts of runs that could be a symbol font's markers: one character (not a digit: page numbers), characters that
 * are no letters or digits ("£", "¨ ¨", "©", a control code), or one character repeated ("o o o o" of a grid row).
 */
function markerRunFonts(content: { items: unknown[] }): Set<string> {
  const fonts = new Set<string>();
  for (const run of content.items as { str?: string; fontName?: string }[]) {
    if (!run.fontName || typeof run.str !== "string" || fonts.has(run.fontName)) continue;
    const glyphs = [...run.str.replace(/\s+/g, "")];
    if (glyphs.length === 0) continue;
    const marker = glyphs.length === 1 ? !/\d/.test(glyphs[0]) : glyphs.every((glyph) => !/[A-Za-z0-9]/.test(glyph)) || glyphs.every((glyph) => glyph === glyphs[0]);
    if (marker) fonts.add(run.fontName);
  }
  return fonts;
}

/**
 * Which of a page's fonts are symbol fonts, by the names of the fonts its text runs use. The text layer names a
 * run's font only by an internal id; the font's own name ("ABCDEF+Wingdings2", "MSAM10") is known once the page's
 * drawing operators have been read, which loads its fonts; only the fonts of runs that could be markers are looked up.
 * A named text font maps to null; a font whose name is not known is left out of the map.
 */
function symbolFontsOf(page: PdfPage, candidates: Set<string>, fontsLoaded: boolean): Map<string, string | null> {
  const fonts = new Map<string, string | null>();
  if (!fontsLoaded) return fonts;
  for (const id of candidates) {
    try {
      const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string } | null) : null;
      // A font whose name is unknown is left out: it is neither a known symbol font nor a known text font.
      if (font?.name) fonts.set(id, symbolFontKey(font.name));
    } catch {
      // Not loaded: unknown, as above.
    }
  }
  return fonts;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((sorted.length - 1) * p)))];
}

export async function readPdf(bytes: Uint8Array, limits: PdfLimits): Promise<ExtractedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given, so give it a copy.
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0, stopAtErrors: false });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException") throw new PdfReadError("the PDF is password-protected", "encrypted");
    throw new PdfReadError(`the PDF cannot be opened (${(error as Error).message ?? name})`, "corrupt");
  }
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new PdfReadError(`the PDF has ${pdf.numPages} pages; at most ${limits.maxPages} are read`, "too_large");
    }
    const pages: PageLines[] = [];
    let characters = 0;
    const { OPS } = (await getResolvedPDFJS()) as unknown as { OPS: PathOps };
    const ops = OPS;
    let shapesSeen = false;
    for (let number = 1; number <= pdf.numPages; number++) {
      if (limits.signal?.aborted) throw new PdfReadError("cancelled", "cancelled");
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const turned = isTurned(page.rotate);
      const sheet = (await page.getTextContent()) as { items: unknown[] };
      const content = turned ? uprightText(sheet, viewport) : sheet;
      // The drawing operators load the page's fonts (their names tell symbol fonts) and give the drawn markers.
      const candidates = markerRunFonts(content);
      // Reading the operators costs about as much as reading the text: a document whose first pages draw no marker-sized
      // shape is not read so any further (its symbol-font runs still are).
      const wanted = candidates.size > 0 || shapesSeen || number <= SHAPELESS_PAGES;
      const operators = wanted ? await page.getOperatorList().catch(() => null) : null;
      const found = operators ? pageShapes(operators, ops) : { shapes: [], rules: [] };
      const drawn = turned ? { shapes: found.shapes.map((shape) => uprightBox(shape, viewport)), rules: found.rules.map((rule) => uprightBox(rule, viewport)) } : found;
      if (drawn.shapes.length) shapesSeen = true;
      const items = withDrawnMarkers(toItems(content, symbolFontsOf(page, candidates, operators !== null)), drawn.shapes, drawn.rules, (text, shape, next) => ({
        text,
        x0: shape.x0,
        // Close to its answer, as a typed "☐ Yes" is: one segment with the answer.
        x1: Math.max(shape.x1, next.x0 - next.size * 0.25),
        y: next.y,
        size: next.size,
      }));
      for (const item of items) characters += item.text.length;
      if (characters > limits.maxChars) throw new PdfReadError("the PDF holds more text than the compiler reads", "too_large");
      const lines = ((readFootedColumns(items, buildLines) ?? readNumberedColumnBands(items, buildLines)) as RawLine[] | null) ?? splitColumns(items, viewport.width, viewport.height);
      pages.push({ page: number, width: viewport.width, height: viewport.height, lines: sideBySideItems(codesBesideItems(answersBesideWording(lines))) });
      page.cleanup();
    }
    dropRunningLines(pages);
    const tabled = readHeadedTables(pages.map((page) => page.lines), buildLines);
    if (tabled) pages.forEach((page, index) => (page.lines = tabled[index] as RawLine[]));
    const allLines = pages.flatMap((page) => page.lines);
    const left = percentile(allLines.map((line) => line.x0), 0.05);
    const right = Math.max(left + 1, percentile(allLines.map((line) => line.x1), 0.95));
    const width = right - left;
    // The usual distance between lines (relative to the font size) tells a paragraph gap from line spacing,
    // also in double-spaced documents.
    const ratios: number[] = [];
    for (const page of pages) {
      for (let i = 1; i < page.lines.length; i++) {
        const gap = page.lines[i - 1].y - page.lines[i].y;
        const size = Math.max(page.lines[i - 1].size, page.lines[i].size) || 10;
        if (gap > 0) ratios.push(gap / size);
      }
    }
    const usual = ratios.length ? percentile(ratios, 0.5) : 1.3;
    const paragraphGap = Math.max(2.2, usual * 1.45);
    const builder = new DocumentBuilder(limits.maxChars);
    for (const page of pages) {
      let previousY: number | null = null;
      let previousSize = 10;
      for (const line of page.lines) {
        const { text, segments } = lineText(line);
        if (previousY !== null && previousY - line.y > Math.max(previousSize, line.size) * paragraphGap) builder.blank();
        previousY = line.y;
        previousSize = line.size;
        builder.add(text, {
          page: page.page,
          indent: Number(((line.x0 - left) / width).toFixed(3)),
          right: Number(((line.x1 - left) / width).toFixed(3)),
          segments: segments.map((segment) => ({ text: segment.text, x: (segment.x0 - left) / width, x1: (segment.x1 - left) / width })),
          ...(line.column !== undefined ? { column: line.column } : {}),
          ...(line.within && line.within.x1 - line.within.x0 < width * 0.8 ? { columnRight: Number(((line.x1 - line.within.x0) / (line.within.x1 - line.within.x0)).toFixed(3)) } : {}),
        });
      }
      if (!continuesOnNextPage(page, pages[pages.indexOf(page) + 1])) builder.blank();
    }
    let title: string | undefined;
    try {
      const meta = await pdf.getMetadata();
      const info = meta.info as { Title?: unknown };
      if (typeof info?.Title === "string" && info.Title.trim()) title = info.Title.trim();
    } catch {
      // Metadata is optional.
    }
    return builder.build("pdf", { pageCount: pdf.numPages, title });
  } finally {
    const proxy = pdf as unknown as { destroy?: () => Promise<void>; loadingTask?: { destroy?: () => Promise<void> } };
    await (proxy.destroy ? proxy.destroy() : proxy.loadingTask?.destroy?.())?.catch(() => undefined);
  }
}
