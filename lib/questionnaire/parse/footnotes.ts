import type { LogicalLine } from "./lines";
import type { LogicText, RawQuestion, Segmentation } from "./segment";

/**
 * Display conditions printed as footnotes (a paged document: PDF). The question carries a footnote marker —
 * a number glued after its closing punctuation ("… (Select all that apply)1", "… how often?5", "Part two:8") —
 * and the condition is printed at the foot of the same page, after the number ("1 Question 18 was only asked
 * to respondents who …"). Read line by line, the footnote is one more answer of the last question on the page
 * and the marker a stray digit in the wording; read as the page's layout, the footnote is the marked item's
 * display condition:
 * - a marker on a question's wording makes the footnote that question's display logic;
 * - a marker on a heading makes it the display logic of every question under the heading (up to the next
 *   heading or text): a part of the questionnaire asked of one group ("non-professionals received …").
 * The footnote lines leave the flow, the marker leaves the wording; what the footnote says is bound by the logic
 * pipeline like any written condition (and kept as written when it does not bind).
 */

/** A number glued after closing punctuation at the end of a line; the punctuation itself follows a word. */
const MARKER = /[^\d\s][)?？:.”"’]([1-9]\d?)$/;
/** A line ending in a telephone script's question id ("Q.2", "A.12"). */
const QUESTION_ID_END = /(?:^|[^A-Za-z])[A-Z]\.[1-9]\d?$/;
/** A footnote: its number, a space, its text. */
const FOOTNOTE = /^([1-9]\d?)\s+(\S.*)$/;

export interface Footnote {
  number: number;
  text: string;
  start: number;
  end: number;
}

export interface FootnoteReading {
  lines: LogicalLine[];
  /** Footnotes by the start offset of the line that carries their marker. */
  footnotes: Map<number, Footnote>;
}

function pageOf(line: LogicalLine): number | undefined {
  return line.first.page;
}

/**
 * A wrapped line that runs into a footnote ("… for Question 26-A." / "4 Question 28-A was only asked …"): the
 * line reader joins them; the footnote number at the start of a printed line starts a footnote of its own.
 */
function splitAtFootnotes(line: LogicalLine, pending: Map<number, number>): LogicalLine[] {
  if (line.lines.length < 2 || pending.size === 0) return [line];
  const starts = line.lines.map((physical, index) => {
    const footnote = FOOTNOTE.exec(physical.text.trim());
    return index > 0 && footnote !== null && pending.has(Number(footnote[1])) && physical.page === line.first.page;
  });
  if (!starts.some(Boolean)) return [line];
  return line.lines.map((physical) => ({ text: physical.text.trim(), start: physical.start, end: physical.end, first: physical, lines: [physical], ...(physical.segments ? { segments: physical.segments } : {}) }));
}

/**
 * Finds footnotes whose marker sits earlier on the same page; returns the lines without the footnotes and with
 * the markers removed, and the footnotes by the line that carried the marker.
 */
export function readFootnotes(lines: LogicalLine[]): FootnoteReading {
  const footnotes = new Map<number, Footnote>();
  // Markers waiting for their footnote, by number, on the current page.
  let pending = new Map<number, number>();
  let page: number | undefined;
  const out: LogicalLine[] = [];
  const marked = new Map<number, LogicalLine>();
  let open: Footnote | null = null;
  if (lines.some((line) => pageOf(line) === undefined)) return { lines, footnotes };
  const read = (line: LogicalLine) => {
    if (pageOf(line) !== page) {
      page = pageOf(line);
      pending = new Map();
      open = null;
    }
    const text = line.text.trim();
    const footnote = FOOTNOTE.exec(text);
    const owner = footnote ? pending.get(Number(footnote[1])) : undefined;
    if (footnote && owner !== undefined) {
      pending.delete(Number(footnote[1]));
      open = { number: Number(footnote[1]), text: footnote[2], start: line.start, end: line.end };
      footnotes.set(owner, open);
      return;
    }
    // Below a footnote, the rest of the page continues the footnotes.
    if (open) {
      open.text = `${open.text} ${text}`;
      open.end = line.end;
      return;
    }
    const marker = MARKER.exec(text);
    // "RANDOMIZE Q.1 AND Q.2": a lone capital and a full stop before the number print a question id, not a marker.
    if (marker && !QUESTION_ID_END.test(text)) {
      pending.set(Number(marker[1]), line.start);
      marked.set(line.start, line);
      out.push({ ...line, text: text.slice(0, text.length - marker[1].length) });
      return;
    }
    out.push(line);
  };
  // The pieces of a line are read one by one: a footnote number is one only once its marker was read.
  for (const line of lines) for (const piece of splitAtFootnotes(line, pending)) read(piece);
  if (footnotes.size === 0) return { lines, footnotes };
  // A marker whose footnote never came is part of the wording after all.
  return { lines: out.map((line) => (footnotes.has(line.start) ? line : (marked.get(line.start) ?? line))), footnotes };
}

function logicOf(footnote: Footnote): LogicText {
  return { text: footnote.text, span: { start: footnote.start, end: footnote.end }, role: "display" };
}

function questionLines(question: RawQuestion): number[] {
  return question.body.flatMap((part) => (part.kind === "table" ? [] : [part.line.start]));
}

/** Gives each footnote to the question (or the questions under the heading) that carries its marker (in place). */
export function attachFootnotes(segmentation: Segmentation, footnotes: Map<number, Footnote>): void {
  if (footnotes.size === 0) return;
  // A marked section heading: its footnote is every question's in that section.
  const bySection = new Map(segmentation.sections.flatMap((section) => (footnotes.has(section.span.start) ? [[section.key, footnotes.get(section.span.start)!] as const] : [])));
  let heading: Footnote | null = null;
  for (const item of segmentation.items) {
    if (item.kind === "info") {
      heading = item.lines.map((line) => footnotes.get(line.start)).find(Boolean) ?? null;
      continue;
    }
    const own = [item.start, ...questionLines(item)].map((start) => footnotes.get(start)).find(Boolean);
    const shared = heading ?? (item.section ? bySection.get(item.section) : undefined);
    if (own) item.logic.push(logicOf(own));
    else if (shared) item.logic.push(logicOf(shared));
  }
}
