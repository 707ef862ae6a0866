import type { ExtractedDocument, ExtractedLine, LineSegment } from "../extract/model";
import { classifyLine, joinWrapped, type LogicalLine } from "./lines";
import { formHelper } from "./form-helpers";
import { CUES } from "./cue-lexicon";

export { formHelper, type FormHelper } from "./form-helpers";

/**
 * Layout model for printed web forms (a Google Forms "print" PDF and the forms built like it). Under each
 * question the form prints a helper line that declares how to answer — "Mark only one oval.", "Tick all that
 * apply.", "Check all that apply." — and then one row per answer, indented under the helper line; the oval or
 * the box of each row is drawn, not written, so the text layer holds only the labels. Read line by line, those
 * labels look like more wording (and "Where am I?" like a new question); read as the form's layout, they are
 * the answers:
 * - every row indented under a helper line is an answer, until a line returns to the wording's column (the
 *   next question, a section title) or moves right of the rows (a section description in another column);
 * - a row that wraps continues left of the rows' column (the label is printed beside the drawn oval) and is
 *   joined to its row;
 * - a linear scale prints its points as numbers, one per line (or all on one line), between two end labels:
 *   one answer per printed number, the end labels name the first and the last point.
 * The drawn marker is restored on each row ("○" for "only one", "☐" for "all that apply") so the segmenter and
 * the interpreter read the rows as the answers the form declares, whatever their wording.
 *
 * A browser that prints the form also prints its own page margins — the date, time and title at the top, the
 * address and "page/pages" at the bottom — and the form explains its required marker ("* Required"); those
 * lines are not part of the questionnaire and are dropped.
 */

/** "https://docs.google.com/forms/d/…/edit   1/16": the address and page count a browser prints at the foot. */
const BROWSER_FOOTER = /^https?:\/\/\S+\s+\d{1,4}\/\d{1,4}$/i;
/** "11/9/22, 10:56 PM   Title of the form": the date, time and page title a browser prints at the top. */
const BROWSER_HEADER = /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4},?\s+\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\s+\S/;

/** Rows share one column; a row further right than this is not one of them. */
const COLUMN_TOLERANCE = 0.012;
/** Rows sit indented under the helper line by at least this much. */
const ROW_OFFSET = 0.01;

const NUMBER = /^\d{1,2}$/;

/** "* Required", "* Indicates required question": the legend of the required marker, in the forms' languages. */
const REQUIRED_LEGEND =
  /^\*\s*(?:required(?: fields?| questions?)?|indicates (?:a )?required (?:question|field)s?|=\s*required|obligatoire|indique une question obligatoire|obligatorio|indica que la pregunta es obligatoria|erforderlich|gibt eine erforderliche frage an|obrigatório|indica uma pergunta obrigatória)\.?$/i;

/** A line printed around the questionnaire rather than in it: a browser's page margin, the required-marker legend. */
function formChrome(line: ExtractedLine, pdf: boolean): boolean {
  const text = line.text.trim();
  return REQUIRED_LEGEND.test(text) || (pdf && (BROWSER_FOOTER.test(text) || BROWSER_HEADER.test(text)));
}

/** The document without what a form prints around its questions: a browser's page margins (PDF) and the required-marker legend. */
export function withoutFormChrome(doc: ExtractedDocument): ExtractedDocument {
  const pdf = doc.format === "pdf";
  const margins = pdf ? new Set([...repeatedPageMargins(doc.lines), ...runningHeaderBlocks(doc.lines)]) : new Set<ExtractedLine>();
  if (!margins.size && !doc.lines.some((line) => formChrome(line, pdf))) return doc;
  return { ...doc, lines: doc.lines.filter((line) => !margins.has(line) && !formChrome(line, pdf)) };
}

/** What a browser or a print driver writes in a page margin: an address, a date, a time, a page count. */
const MARGIN_CUE = /https?:\/\/|\bwww\.|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}:\d{2}\b|(?:^|\s)\d{1,4}\s*(?:\/|of|de|von|sur|di|z|från|av)\s*\d{1,4}(?:\s|$)/i;
/** Lines this close to the top or the bottom of a page are in its margin. */
const MARGIN_LINES = 2;

/**
 * Page margins a browser or print driver repeats on every page — "Title of the form   https://docs.google.com/…",
 * "3 of 34   12/20/21, 3:41 PM", "19/2/2017   Survey server   TITLE…", "http://host/print/656828   2/7" —
 * whatever their order or language: a line among the first or last two of its page that holds an address, a
 * date, a time or a page count, and whose shape (digits aside) recurs in the margin of another page.
 */
function repeatedPageMargins(lines: ExtractedLine[]): Set<ExtractedLine> {
  const byPage = new Map<number, ExtractedLine[]>();
  for (const line of lines) if (line.page !== undefined) byPage.set(line.page, [...(byPage.get(line.page) ?? []), line]);
  if (byPage.size < 2) return new Set();
  const shapes = new Map<string, { pages: Set<number>; lines: ExtractedLine[] }>();
  for (const [page, pageLines] of byPage) {
    const edge = pageLines.length <= MARGIN_LINES * 2 ? pageLines : [...pageLines.slice(0, MARGIN_LINES), ...pageLines.slice(-MARGIN_LINES)];
    for (const line of edge) {
      const text = line.text.trim();
      if (!MARGIN_CUE.test(text)) continue;
      const shape = text.replace(/\d+/g, "#").replace(/\s+/g, " ");
      const entry = shapes.get(shape) ?? { pages: new Set<number>(), lines: [] };
      entry.pages.add(page);
      entry.lines.push(line);
      shapes.set(shape, entry);
    }
  }
  return new Set([...shapes.values()].filter((entry) => entry.pages.size >= 2 || entry.lines.every((line) => DATED_TITLE.test(line.text.trim()))).flatMap((entry) => entry.lines));
}

/** A running header or footer block repeats at least this many lines. */
const RUNNING_BLOCK = 3;

/**
 * A running header printed on every page of a PDF — a block of lines ("Pedagogy / Questionnaire / Student profile /
 * Teacher: …") that recurs word for word on three pages or more and on most pages, and touches where a page or a
 * column starts or ends (a two-column page reads it between its columns). Every line of the block recurs; a single
 * repeated line (an answer printed on every page) is not a block, nor is a scale repeated inside the pages.
 */
function runningHeaderBlocks(lines: ExtractedLine[]): Set<ExtractedLine> {
  const pages = new Set(lines.map((line) => line.page).filter((page) => page !== undefined));
  if (pages.size < 3) return new Set();
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines) {
    const text = line.text.trim();
    if (line.page === undefined || text.length < 6) continue;
    pagesOf.set(text, (pagesOf.get(text) ?? new Set<number>()).add(line.page));
  }
  // An answer or a question repeated page after page (a list printed once per item) is the questionnaire's own.
  // (A repeated line is read once per wording and formatting — the only fields its class depends on — not once per page.)
  const plainOf = new Map<string, { line: ExtractedLine; plain: boolean }[]>();
  const plain = (line: ExtractedLine) => {
    const known = plainOf.get(line.text) ?? [];
    const same = known.find((entry) => entry.line.heading === line.heading && entry.line.list === line.list && entry.line.bold === line.bold && entry.line.quote === line.quote);
    if (same) return same.plain;
    const read = !["option", "qid"].includes(classifyLine({ text: line.text, start: line.start, end: line.end, first: line, lines: [line] }).kind);
    plainOf.set(line.text, [...known, { line, plain: read }]);
    return read;
  };
  const running = (line: ExtractedLine) => (pagesOf.get(line.text.trim())?.size ?? 0) >= Math.max(3, Math.ceil(pages.size * 0.75)) && plain(line);
  const out = new Set<ExtractedLine>();
  for (let index = 0; index < lines.length; ) {
    let end = index;
    while (end < lines.length && lines[end].page === lines[index].page && running(lines[end])) end++;
    // Where a page or a column starts or ends: a header or footer is printed there, a repeated scale is not.
    const edge = (at: number) => at <= 0 || at >= lines.length || lines[at - 1].page !== lines[at].page || lines[at - 1].column !== lines[at].column;
    let atEdge = false;
    for (let k = index; k <= end && !atEdge; k++) atEdge = edge(k);
    if (end - index >= RUNNING_BLOCK && atEdge) for (let k = index; k < end; k++) out.add(lines[k]);
    index = Math.max(end, index + 1);
  }
  return out;
}

/**
 * "19/2/2017   Survey server of the University   SURVEY TITLE…": a print date before a page title cut off with an
 * ellipsis, at a page's edge — a browser's header even where the text layer kept it on one page only.
 */
const DATED_TITLE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+(?:\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\s+)?[^?？]{3,200}(?:…|\.\.\.)$/;

function indentOf(line: LogicalLine): number | undefined {
  return line.first.indent;
}

/** A row of scale points printed on one line ("1  2  3  4  5", or from the top down: "5  4  3  2  1"). */
function numberRow(line: LogicalLine): number[] | null {
  const pieces = line.text.trim().split(/\s+/);
  if (pieces.length < 3 || !pieces.every((piece) => NUMBER.test(piece))) return null;
  const numbers = pieces.map(Number);
  const step = numbers[1] - numbers[0];
  return Math.abs(step) === 1 && numbers.every((value, index) => index === 0 || value === numbers[index - 1] + step) ? numbers : null;
}

function withText(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text };
}

/** "[1 = Not at all; 5 = Completely]": the end labels of a scale, as the anchors the interpreter reads. */
function anchorNote(line: LogicalLine, low: number, lowLabel: string, high: number, highLabel: string): LogicalLine {
  return withText(line, `[${low} = ${lowLabel.trim()}; ${high} = ${highLabel.trim()}]`);
}

interface Reading {
  lines: LogicalLine[];
  /** Lines of the source consumed. */
  length: number;
}

/**
 * A linear scale under a helper line: an end label, the points one per line, the other end label (at the first
 * label's indent); or a row of points with the end labels on the line below it.
 */
function readScale(lines: LogicalLine[], start: number, column: number, marker: string): Reading | null {
  const first = lines[start];
  if (!first || (indentOf(first) ?? -1) < column + ROW_OFFSET) return null;
  const row = numberRow(first);
  if (row) {
    const labels = lines[start + 1];
    const pieces = labels?.segments?.map((segment) => segment.text.trim()).filter(Boolean);
    if (!pieces || pieces.length !== 2 || pieces.some((piece) => NUMBER.test(piece))) return { lines: [first], length: 1 };
    return { lines: [anchorNote(labels, row[0], pieces[0], row[row.length - 1], pieces[1]), first], length: 2 };
  }
  if (NUMBER.test(first.text.trim())) return null;
  let end = start + 1;
  const numbers: number[] = [];
  while (end < lines.length && NUMBER.test(lines[end].text.trim())) {
    const value = Number(lines[end].text.trim());
    if (numbers.length && value !== numbers[numbers.length - 1] + 1) break;
    numbers.push(value);
    end++;
  }
  const last = lines[end];
  if (numbers.length < 2 || !last || NUMBER.test(last.text.trim())) return null;
  const firstIndent = indentOf(first);
  const lastIndent = indentOf(last);
  if (firstIndent === undefined || lastIndent === undefined || Math.abs(firstIndent - lastIndent) > COLUMN_TOLERANCE) return null;
  const points = lines.slice(start + 1, end).map((line) => withText(line, `${marker} ${line.text.trim()}`));
  return { lines: [anchorNote(first, numbers[0], first.text, numbers[numbers.length - 1], last.text), ...points], length: end + 1 - start };
}

/** The answer rows under a helper line at lines[start - 1], with their markers restored. */
/** A form's built-in other choice as printed: "Other:" ("Autre :", "Otro:") and nothing else on the line. */
export const FORM_OTHER_CHOICE = new RegExp(String.raw`^(?:other|${CUES.other})\s*[:：]$`, "i");

function readRows(lines: LogicalLine[], start: number, column: number, marker: string): Reading {
  const out: LogicalLine[] = [];
  let rowIndent: number | undefined;
  let index = start;
  for (; index < lines.length; index++) {
    const line = lines[index];
    const indent = indentOf(line);
    if (indent === undefined || indent < column + ROW_OFFSET || formHelper(line.text)) break;
    if (rowIndent === undefined || Math.abs(indent - rowIndent) <= COLUMN_TOLERANCE) {
      rowIndent ??= indent;
      // A row the line reader already reads as an answer ("3   Skip to question 7") keeps its own reading.
      out.push(classifyLine(line).kind === "option" ? line : withText(line, `${marker} ${line.text.trim()}`));
      continue;
    }
    if (indent > rowIndent + COLUMN_TOLERANCE || out.length === 0) break;
    // A wrapped label continues left of the rows' column, beside where the oval is drawn.
    const previous = out[out.length - 1];
    out[out.length - 1] = { ...previous, text: joinWrapped(previous.text, line.text.trim()), end: line.end, lines: [...previous.lines, ...line.lines] };
  }
  return { lines: out, length: index - start };
}

/** Header pieces whose centres lie this close belong to one column. */
const HEADER_COLUMN_TOLERANCE = 0.03;

/**
 * A grid's column headers, printed in pieces stacked over each column ("Strongly" over "Disagree"), as one line
 * whose segments are the columns' labels, top piece first.
 */
function joinHeader(header: LogicalLine[]): LogicalLine {
  const columns: { centre: number; pieces: LineSegment[] }[] = [];
  for (const segment of header.flatMap(pieces)) {
    const centre = (segment.x + segment.x1) / 2;
    const column = columns.find((candidate) => Math.abs(candidate.centre - centre) <= HEADER_COLUMN_TOLERANCE);
    if (column) column.pieces.push(segment);
    else columns.push({ centre, pieces: [segment] });
  }
  columns.sort((left, right) => left.centre - right.centre);
  const segments = columns.map(({ pieces }) => ({ ...pieces[0], text: pieces.map((piece) => piece.text.trim()).join(" "), end: pieces[pieces.length - 1].end }));
  const last = header[header.length - 1];
  return { ...header[0], text: segments.map((segment) => segment.text).join("   "), end: last.end, lines: header.flatMap((line) => line.lines), segments };
}

/** The positioned pieces of a line's source lines: their segments, or each source line as one piece. */
function pieces(line: LogicalLine): LineSegment[] {
  return line.lines.flatMap((source) => {
    if (source.segments?.length) return source.segments;
    const { indent, right } = source;
    return indent === undefined || right === undefined ? [] : [{ text: source.text, start: source.start, end: source.end, x: indent, x1: right }];
  });
}

/** Column headings sit over the answer columns, well right of the statements' column under the helper line. */
const HEADER_OFFSET = 0.1;
/** A line printed twice at almost the same place (a print's shadow copy of a row label) is read once. */
const SHADOW_OFFSET = 0.005;

/**
 * The lines under a grid's helper line: the column headers (pieces set apart by wide gaps, or printed right of
 * the statements' column — a heading that wraps puts one word per line over its column), then the statements.
 * A statement that wraps over several lines is one row where the print separates rows by space (a blank before
 * each row's first line); a label the print repeats at the same place is read once. All are marked as answer
 * lines ("•", no selection mode of its own) so they stay with the question whatever the rest of the form
 * marks — the "per row" helper makes them a grid's columns and rows.
 */
function readGridRows(lines: LogicalLine[], start: number, column: number): Reading {
  const header: LogicalLine[] = [];
  const body: LogicalLine[] = [];
  let index = start;
  for (; index < lines.length; index++) {
    const printed = lines[index];
    const indent = indentOf(printed);
    if (indent === undefined || indent < column + ROW_OFFSET || formHelper(printed.text)) break;
    if (body.length === 0 && ((printed.segments?.length ?? 0) >= 2 || indent >= column + HEADER_OFFSET)) header.push(printed);
    else {
      // A row's own cells (drawn boxes or ovals right of its label) are the columns', not part of its label.
      const line = TRAILING_CELLS.test(printed.text) ? withText(printed, printed.text.replace(TRAILING_CELLS, "")) : printed;
      const previous = body.at(-1);
      const shadow = previous && previous.text.trim() === line.text.trim() && Math.abs((indentOf(previous) ?? 0) - indent) <= SHADOW_OFFSET && !line.first.blankBefore;
      if (!shadow) body.push(line);
    }
  }
  const spaced = body.slice(1).some((line) => line.first.blankBefore);
  const rows: LogicalLine[] = [];
  for (const line of body) {
    const previous = rows.at(-1);
    if (spaced && previous && !line.first.blankBefore) rows[rows.length - 1] = { ...previous, text: joinWrapped(previous.text, line.text.trim()), end: line.end, lines: [...previous.lines, ...line.lines] };
    else rows.push(line);
  }
  const head = header.length ? joinHeader(header) : null;
  // The headings as one "| a | b |" scale line (the form's columns), the statements as answer lines under it.
  // (Without its positioned pieces: the pipes carry the columns, and no column reader splits the line again.)
  const scale = head ? { ...withText(head, `| ${(head.segments ?? []).map((segment) => segment.text).join(" | ")} |`), segments: undefined } : null;
  return { lines: [...(scale ? [scale] : []), ...rows.map((row) => withText(row, `• ${row.text.trim()}`))], length: index - start };
}

/** A row's cells printed after its label: two or more drawn boxes or ovals. */
const TRAILING_CELLS = /(?:\s+[○◯☐▢□◻]){2,}\s*$/u;

/**
 * A checkbox grid printed under the checkbox question's own helper line ("Check all that apply."): column headers
 * right of the statements' column, then rows that end in their cells (two or more drawn boxes each).
 */
function gridAhead(lines: LogicalLine[], start: number, column: number): boolean {
  const first = lines[start];
  const indent = first ? indentOf(first) : undefined;
  if (!first || indent === undefined || /[○◯☐▢□◻]/u.test(first.text) || !((first.segments?.length ?? 0) >= 2 || indent >= column + HEADER_OFFSET)) return false;
  let rows = 0;
  for (let index = start + 1; index < lines.length && index < start + 40; index++) {
    const line = lines[index];
    const at = indentOf(line);
    if (at === undefined || at < column + ROW_OFFSET || formHelper(line.text)) break;
    if (TRAILING_CELLS.test(line.text)) rows++;
  }
  return rows >= 2;
}

/** A drawn answer cell the extractor restored on a line ("○", "☐"). */
const DRAWN_CELL = /^[○◯☐▢□◻]$/u;

/**
 * A linear scale printed without a helper line, as a form's respondent view or a paper questionnaire prints it:
 * the wording, then a row of points ("1  2  3  4  5", or "5  4  3  2  1") with its labels printed in columns over
 * the row ("Very unlikely … Very likely", a label's words stacked over its point) or under it (the two end labels
 * at the row's ends, with the scale's drawn circles between them where the print draws them). The points are the
 * answers of one question, each labelled by the label printed over it (or by the end labels), not the column
 * headings of a one-row grid. A row of points over a printed grid is left alone (the line after it carries a
 * statement and its cells), and so is one over several pairs of labels (a semantic differential).
 */
export function readBareScales(lines: LogicalLine[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const scale = labelsAbove(lines, index) ?? labelsBelow(lines, index);
    if (!scale) {
      out.push(line);
      continue;
    }
    // The answers replace the labels' lines and the row: their positioned pieces are not a grid's header or row.
    out.splice(out.length - scale.above);
    out.push(...scaleAnswers(line, scale.labels));
    index += scale.below;
  }
  return out;
}

interface BareScale {
  /** The label of each labelled point. */
  labels: Map<number, string>;
  /** Label lines consumed above and below the row of points. */
  above: number;
  below: number;
}

/** The wording a bare scale belongs to: not an answer, a helper line or another row of points. */
function scaleWording(line: LogicalLine | undefined): boolean {
  return !!line && !formHelper(line.text) && classifyLine(line).kind !== "option" && !numberRow(line);
}

/** The printed label pieces of a line, without drawn cells. */
function labelPieces(line: LogicalLine | undefined): LineSegment[] {
  return (line?.segments ?? []).filter((segment) => segment.text.trim() && !DRAWN_CELL.test(segment.text.trim()));
}

/** A grid's row after a row of points and its labels (on the same page): a statement with its cells, or more points. */
function gridRow(line: LogicalLine | undefined, row: LogicalLine): boolean {
  return !!line && line.first.page === row.first.page && ((line.segments?.length ?? 0) >= 3 || !!numberRow(line) || /[○◯☐▢□◻]/u.test(line.text));
}

/** Label lines stacked over a row of points, at most. */
const LABEL_LINES = 3;

/**
 * A row of points at lines[index] under its labels: one to three lines of label pieces between the wording and the
 * row (the first set apart from the wording or not, the others stacked without a blank), each piece over a point.
 * The line after the row must not be a grid's row (a statement with its cells, another row of points).
 */
function labelsAbove(lines: LogicalLine[], index: number): BareScale | null {
  const points = pointPositions(lines[index]);
  if (!points || lines[index].first.blankBefore) return null;
  let top = index;
  while (top > 0 && index - top < LABEL_LINES) {
    const candidate = lines[top - 1];
    const pieces = labelPieces(candidate);
    if (pieces.length < 2 || pieces.length > points.length || pieces.some((piece) => /\d/.test(piece.text)) || candidate.first.page !== lines[index].first.page || classifyLine(candidate).kind !== "text") break;
    top--;
    if (candidate.first.blankBefore) break;
  }
  if (top === index || !scaleWording(lines[top - 1]) || gridRow(lines[index + 1], lines[index])) return null;
  const labels = pointLabels(lines.slice(top, index).map(labelPieces), points);
  return labels ? { labels, above: index - top, below: 0 } : null;
}

/**
 * A row of points at lines[index], indented under the wording, with its labels on the line below it: the two end
 * labels at the row's ends (the drawn circles between them, where printed), or one label under each point.
 */
function labelsBelow(lines: LogicalLine[], index: number): BareScale | null {
  const points = pointPositions(lines[index]);
  const wording = lines[index - 1];
  const below = lines[index + 1];
  const column = wording ? indentOf(wording) : undefined;
  if (!points || !scaleWording(wording) || !below || column === undefined || (indentOf(lines[index]) ?? -1) < column + ROW_OFFSET) return null;
  // Another pair of labels under the same points is a semantic differential's row (semantic-differential.ts).
  if (labelPieces(lines[index + 2]).length === 2) return null;
  const pieces = (below.segments ?? []).filter((segment) => segment.text.trim());
  const labels = labelPieces(below);
  const cells = pieces.length - labels.length;
  const ends = labels.length === 2 && labels[0] === pieces[0] && labels[1] === pieces[pieces.length - 1];
  if (labels.some((label) => /\d/.test(label.text))) return null;
  if (ends && (cells === 0 || cells === points.length)) {
    return { labels: new Map([[points[0].value, labels[0].text.trim()], [points[points.length - 1].value, labels[1].text.trim()]]), above: 0, below: 1 };
  }
  // One label under each point, unless a grid's statements follow (the labels are then its columns' headings).
  if (labels.length !== points.length || cells > 0 || gridRow(lines[index + 2], lines[index])) return null;
  const named = pointLabels([labels], points);
  return named ? { labels: named, above: 0, below: 1 } : null;
}

interface Point {
  value: number;
  centre?: number;
}

/** The points of a row and where each is printed (when the row's pieces are set apart). */
function pointPositions(line: LogicalLine): Point[] | null {
  const row = numberRow(line);
  if (!row) return null;
  const segments = line.segments ?? [];
  const placed = segments.length === row.length && segments.every((segment, at) => Number(segment.text.trim()) === row[at]);
  return row.map((value, at) => ({ value, centre: placed ? (segments[at].x + segments[at].x1) / 2 : undefined }));
}

/**
 * The label of each point, from the label lines' pieces (top line first): each piece names the point printed nearest
 * under or over it (a label's stacked words join, top first); two pieces on a line naming one point are no labels.
 * Where the row's points are not set apart, one piece per point names them in order, and two name the ends.
 */
function pointLabels(lines: LineSegment[][], points: Point[]): Map<number, string> | null {
  const labels = new Map<number, string>();
  if (points.some((point) => point.centre === undefined)) {
    const [only, ...more] = lines;
    if (more.length || !only || (only.length !== points.length && only.length !== 2)) return null;
    const at = only.length === 2 ? [0, points.length - 1] : only.map((_, position) => position);
    only.forEach((piece, position) => labels.set(points[at[position]].value, piece.text.trim()));
    return labels;
  }
  for (const pieces of lines) {
    const named = new Set<number>();
    for (const piece of pieces) {
      const centre = (piece.x + piece.x1) / 2;
      const nearest = points.reduce((best, point) => (Math.abs(point.centre! - centre) < Math.abs(best.centre! - centre) ? point : best));
      if (named.has(nearest.value)) return null;
      named.add(nearest.value);
      labels.set(nearest.value, [labels.get(nearest.value), piece.text.trim()].filter(Boolean).join(" "));
    }
  }
  return labels;
}

/**
 * The points of a row as coded answer lines ("1 Very unlikely", "2"), in the order printed — without a drawn marker,
 * which would tell the document's other answers apart from them.
 */
function scaleAnswers(row: LogicalLine, labels: Map<number, string>): LogicalLine[] {
  return (numberRow(row) ?? []).map((value) => ({ ...withText(row, `${value} ${labels.get(value) ?? ""}`.trim()), segments: undefined }));
}

/**
 * Reads the answers of a printed web form (see above) and returns the lines with every answer row marked.
 * Documents with fewer than two helper lines are returned unchanged.
 */
export function readFormPrint(lines: LogicalLine[]): LogicalLine[] {
  if (lines.filter((line) => formHelper(line.text)).length < 2) return lines;
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    out.push(line);
    const helper = formHelper(line.text);
    const column = indentOf(line);
    if (!helper || column === undefined) continue;
    if (helper === "grid" || (helper === "multi" && gridAhead(lines, index + 1, column))) {
      const grid = readGridRows(lines, index + 1, column);
      out.push(...grid.lines);
      index += grid.length;
      continue;
    }
    const marker = helper === "single" ? "○" : "☐";
    const reading = readScale(lines, index + 1, column, marker) ?? readRows(lines, index + 1, column, marker);
    out.push(...reading.lines);
    index += reading.length;
    // Answers the print already marks (drawn boxes) stay as they are; the form's own "Other:" choice, printed at the
    // question's column with its write-in line after them, is the last answer.
    let after = index + 1;
    while (after < lines.length && classifyLine(lines[after]).kind === "option" && (indentOf(lines[after]) ?? 0) >= column) after++;
    const other = lines[after];
    if (other && (after > index + 1 || reading.lines.length > 0) && FORM_OTHER_CHOICE.test(other.text.trim()) && Math.abs((indentOf(other) ?? -1) - column) <= COLUMN_TOLERANCE) {
      out.push(...lines.slice(index + 1, after), withText(other, `${marker} ${other.text.trim()}`));
      index = after;
    }
  }
  return out;
}
