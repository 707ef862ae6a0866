/**
 * The structured text model every extractor produces. `text` is the plain text of the document in reading
 * order; every line (a paragraph, a table cell paragraph or a PDF text line) knows where it sits in `text`,
 * so everything the parser derives from it can point back at the words of the questionnaire.
 */

export type ExtractedFormat = "docx" | "pdf" | "markdown" | "text" | "html";

export interface LineList {
  /** The label as the reader sees it: "1.", "(a)", "•", "o", "☐". Already part of `text`. */
  label: string;
  /** Nesting level, 0 = outermost. */
  level: number;
  ordered: boolean;
  /** Identifies one list (docx numbering instance, markdown list); items of one list share it. */
  listId?: string;
  /** The number a numbered item carries (1 for "1.", 2 for "b)"), when the label is ordered. */
  value?: number;
}

export interface LineCell {
  /** Identifies the table within the document (0, 1, ...). */
  table: number;
  row: number;
  col: number;
  rows: number;
  cols: number;
  /** Paragraph index within the cell (a cell may hold several paragraphs). */
  para: number;
  /** Table nested inside another table's cell. */
  nested?: boolean;
}

/** A horizontally separated piece of a PDF line (a column of a printed grid, a checkbox, ...). */
export interface LineSegment {
  text: string;
  start: number;
  end: number;
  /** Left edge as a fraction of the page's text width (0 = left margin, 1 = right margin). */
  x: number;
  /** Right edge, same unit. */
  x1: number;
}

export interface ExtractedLine {
  index: number;
  text: string;
  /** Offsets of `text` within `ExtractedDocument.text` (end exclusive). */
  start: number;
  end: number;
  /** Heading level 1-6 when the source marks the paragraph as a heading. */
  heading?: number;
  list?: LineList;
  cell?: LineCell;
  /** Most of the line's characters are bold / italic / all caps by formatting / underlined. */
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** The line begins with a bold run (its text), e.g. a bold question number before plain wording. */
  boldPrefix?: string;
  /** Physical page (PDF), 1-based. */
  page?: number;
  /** A page break precedes this line. */
  pageBreakBefore?: boolean;
  /**
   * PDF: the side of a page split into two columns the line was read from (0 = left, 1 = right); unset when the
   * page was read as one column. Tells the pages of a booklet printed two per sheet apart.
   */
  column?: number;
  /** Left indent, as a fraction of the text width (PDF) or in points (docx). */
  indent?: number;
  /** Right edge of the line as a fraction of the page's text width (PDF), to tell wrapped lines. */
  right?: number;
  /**
   * PDF pages read column by column: the right edge as a fraction of the line's own text column, so that a line
   * that fills a narrow column reads as wrapped (`right` stays a fraction of the page, like `indent`).
   */
  columnRight?: number;
  /** PDF: the line's pieces separated by wide gaps. Only present when there are two or more. */
  segments?: LineSegment[];
  /** Paragraph this line belongs to (a paragraph with soft line breaks gives several lines). */
  paragraph?: number;
  /** Text of a grey/colored "programming instruction" run, if the source marks it (docx colour). */
  colored?: boolean;
  /** An empty line or paragraph preceded this one. */
  blankBefore?: boolean;
  /** Markdown: the line is quoted ("> …"), the way a form sets an interviewer's or respondent's note apart. */
  quote?: boolean;
}

export interface ExtractedDocument {
  format: ExtractedFormat;
  filename?: string;
  title?: string;
  text: string;
  lines: ExtractedLine[];
  pageCount?: number;
  warnings: string[];
}

export type LineInit = Omit<ExtractedLine, "index" | "start" | "end" | "text" | "segments"> & {
  segments?: { text: string; x: number; x1: number }[];
};

/** Accumulates lines and the plain text they index into. */
export class DocumentBuilder {
  private parts: string[] = [];
  private length = 0;
  readonly lines: ExtractedLine[] = [];
  private pendingBlank = false;
  private pendingPageBreak = false;

  constructor(private readonly maxChars: number) {}

  get size(): number {
    return this.length;
  }

  blank(): void {
    if (this.lines.length > 0) this.pendingBlank = true;
  }

  pageBreak(): void {
    this.pendingPageBreak = true;
  }

  /**
   * Adds one line; whitespace is normalised, empty lines only mark a blank. Returns false when full. A line
   * longer than MAX_LINE_CHARS is added as several (broken at a space where there is one), so that no
   * pattern of the parser ever runs over more than that many characters.
   */
  add(rawText: string, init: LineInit = {}): ExtractedLine | null {
    const text = normalizeLineText(rawText);
    if (!text) {
      this.blank();
      return null;
    }
    if (text.length > MAX_LINE_CHARS) {
      // The pieces keep the line's attributes but not its positioned segments (those were of the whole line).
      const rest: LineInit = { ...init, segments: undefined };
      let first: ExtractedLine | null = null;
      for (const piece of splitLongLine(text)) {
        const line = this.addLine(piece, rest);
        first ??= line;
      }
      return first;
    }
    return this.addLine(text, init);
  }

  private addLine(text: string, init: LineInit): ExtractedLine {
    if (this.length + text.length + 1 > this.maxChars) throw new TextLimitExceeded();
    const start = this.length;
    this.parts.push(text, "\n");
    this.length += text.length + 1;
    const { segments: segmentInit, ...rest } = init;
    const line: ExtractedLine = { index: this.lines.length, text, start, end: start + text.length, ...rest };
    if (segmentInit && segmentInit.length > 1) {
      // Segments are substrings of the line (joined by single spaces in order); locate each one.
      const segments: LineSegment[] = [];
      let cursor = 0;
      for (const segment of segmentInit) {
        const segmentText = normalizeLineText(segment.text);
        if (!segmentText) continue;
        const at = text.indexOf(segmentText, cursor);
        if (at < 0) continue;
        segments.push({ text: segmentText, start: start + at, end: start + at + segmentText.length, x: segment.x, x1: segment.x1 });
        cursor = at + segmentText.length;
      }
      if (segments.length > 1) line.segments = segments;
    }
    if (this.pendingBlank) line.blankBefore = true;
    if (this.pendingPageBreak) line.pageBreakBefore = true;
    this.pendingBlank = false;
    this.pendingPageBreak = false;
    this.lines.push(line);
    return line;
  }

  build(format: ExtractedFormat, extra: Partial<ExtractedDocument> = {}): ExtractedDocument {
    return { format, text: this.parts.join(""), lines: this.lines, warnings: [], ...extra };
  }
}

/** Longest line the parser sees; real questionnaire paragraphs are far shorter. */
export const MAX_LINE_CHARS = 2000;

function splitLongLine(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > MAX_LINE_CHARS) {
    const space = rest.lastIndexOf(" ", MAX_LINE_CHARS);
    const cut = space > MAX_LINE_CHARS / 2 ? space : MAX_LINE_CHARS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export class TextLimitExceeded extends Error {
  constructor() {
    super("text limit exceeded");
  }
}

const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** One line of plain text: no control characters, single spaces, trimmed. Tabs become spaces. */
/**
 * Routing arrows printed as other glyphs: a double arrow (⇒ ⇨), a heavy or dingbat arrow (➔ ➜ ➙ …, Wingdings' arrows
 * once decoded by symbol-fonts.ts), a long arrow (⟶ ⟹). Field forms put them after an answer code ("Non ... 2 ⇒ 7")
 * exactly where others print "→"; each becomes "→" (one character for one, so offsets hold).
 */
export const ROUTING_ARROW_GLYPHS = /[⇒⇨⇾➔➙➛➜➝➞➟➠➡⟶⟹⭢⮕]/g;

/**
 * Statistics offices' paper forms print the skip after a code as a pointer or a double chevron before the target
 * ("NO...2 >>57", "NO ... 2 ► 4"): exactly where others print "→ 57". Only before an item number (a pointer before
 * words is a bullet or an instruction: "► If yes, …", "► NEXT ROW"). One right after a code ("2>>8", "2 (►7)") is left
 * to `withPrintedSkipArrow`, which reads it as that code's route.
 */
const POINTER_ROUTES = /(?<!\d {0,3}\(? {0,3})(?:>>|[►▶])(?= ?(?:Q\.? ?)?\d{1,3}[A-Za-z]?(?![\d.]))/gu;

export function normalizeLineText(text: string): string {
  return text
    .replace(ROUTING_ARROW_GLYPHS, "→")
    .replace(POINTER_ROUTES, "→ ")
    .replace(INVISIBLE, "")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, " ")
    .replace(/[\r\n]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}
