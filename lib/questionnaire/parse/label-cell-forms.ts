import type { LineSegment } from "../extract/model";
import { printCondition } from "../conditions";
import type { IRItem, IRQuestion } from "../ir";
import { withoutTrailing } from "../text-scan";
import { bareLeadIn, LEAD_IN_CLOSERS, leadIn } from "./follow-ups";
import { classifyLine, type LogicalLine } from "./lines";
import { MARKER } from "./patterns";

/**
 * Layout model for field forms printed from a two-column table (a Word table printed to PDF, a paper field
 * form): each row has a LABEL CELL on the left ("Name", "Type of farmer", "Use of credit") and an ANSWER CELL on
 * the right that is either empty (write the answer in) or holds the answers, each behind a drawn marker
 * ("o Yes", "□ Primary"), one per line or several on one line. No question carries a number and few end with
 * "?"; the questions are the label cells, recognised by the layout, not by their words:
 * - the form's label column and answer column are read from its rows that hold a label and a marked answer on
 *   one printed line (at least three such rows);
 * - a row like that is split into the label (a question) and its answers (one line per marker);
 * - a line in the label column on its own is a question too (its answer cell is empty, or holds the answers on
 *   the following lines); a label that wraps continues in lower case on the next line and is joined to it;
 * - lines left of the label column (section titles, "If yes," lead-ins) and right of it (a small entry grid
 *   inside the answer cell) are left to the other rules.
 * Only where (almost) nothing is numbered: a numbered questionnaire is read by its numbers.
 * - a bare follow-up lead-in ("If yes,", "If no,", "Si oui :") printed in the form's outer flow, left of the
 *   label column, opens a block: every label row under it, up to the next line of the outer flow (another
 *   lead-in, a section title, a numbered question), is asked on that answer of the question before the lead-in
 *   (applyLabelCellLeadIns, on the compiled items).
 * The label lines carry an assigned id (`spine`) so the segmenter starts a question at each of them.
 */

/** A marker alone in its segment. */
const BARE_MARKER = /^[oO□▢☐◻○◯❑●•◦]$/u;

/** A segment starting with a drawn answer marker ("o", "□", "○", "•" followed by a label). */
function markerSegment(segment: LineSegment): boolean {
  // A drawn marker may be its own segment ("o", "□") with the label in the next one.
  const text = /^[oO□▢☐◻○◯❑●•◦]$/u.test(segment.text) ? `${segment.text} x` : segment.text;
  return MARKER.test(text) && !/^[-–—*+]/.test(text);
}

/** Label columns closer than this are one column. */
const COLUMN_TOLERANCE = 0.015;
/** A label cell is short: a field name, not a paragraph. */
const MAX_LABEL = 120;

interface SplitRow {
  label: LineSegment[];
  answers: LineSegment[];
}

function splitRow(line: LogicalLine): SplitRow | null {
  const segments = line.segments;
  if (!segments || segments.length < 2 || markerSegment(segments[0])) return null;
  const at = segments.findIndex(markerSegment);
  if (at < 1) return null;
  // Markers with no answer text of their own, one per column, are a grid's row (marker-row-grids.ts).
  if (segments.length - at >= 2 && segments.slice(at).every((segment) => BARE_MARKER.test(segment.text.trim()))) return null;
  // Everything right of the first marker is answer cell; the label is the text left of it.
  return { label: segments.slice(0, at), answers: segments.slice(at) };
}

function piece(line: LogicalLine, text: string, start: number, end: number): LogicalLine {
  return { ...line, text, start, end, segments: undefined };
}

/** The answer lines of an answer cell: one per marker ("□ SSC □ HSC" on one line gives two). */
function answerLines(line: LogicalLine, answers: LineSegment[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  // A lone marker segment ("o") belongs with the label segment after it.
  const merged: { text: string; start: number; end: number }[] = [];
  for (const segment of answers) {
    const last = merged[merged.length - 1];
    if (last && !markerSegment(segment)) {
      merged[merged.length - 1] = { text: `${last.text} ${segment.text}`, start: last.start, end: segment.end };
      continue;
    }
    merged.push({ text: segment.text, start: segment.start, end: segment.end });
  }
  for (const answer of merged) {
    // Several markers in one segment ("□ Primary □ SSC"): one answer each.
    const parts = answer.text.split(/\s+(?=[□▢☐◻○◯❑●•◦]\s)/u);
    let offset = answer.start;
    for (const part of parts) {
      out.push(piece(line, part, offset, Math.min(answer.end, offset + part.length)));
      offset += part.length + 1;
    }
  }
  return out;
}

function near(columns: number[], x: number | undefined): boolean {
  return x !== undefined && columns.some((column) => Math.abs(column - x) <= COLUMN_TOLERANCE);
}

/** How many of the values share one column (the largest group within the tolerance). */
function shared(values: number[]): number {
  return Math.max(0, ...values.map((value) => values.filter((other) => Math.abs(other - value) <= COLUMN_TOLERANCE).length));
}

function joinLabel(line: LogicalLine, text: string, end?: number): LogicalLine {
  const joined = `${line.text} ${text}`;
  return { ...line, text: joined, ...(end !== undefined ? { end } : {}), spine: line.spine ? { ...line.spine, rest: joined } : undefined };
}

/** A lead-in's block: the lead-in line and where the label rows under it start. */
export interface LeadInBlock {
  text: string;
  start: number;
  end: number;
  labelStarts: number[];
}

const LEAD_IN_BLOCKS = new WeakMap<LogicalLine[], LeadInBlock[]>();

/** The lead-in blocks readLabelCellForms found in the lines it returned (none for other documents). */
export function labelCellLeadIns(lines: LogicalLine[]): LeadInBlock[] {
  return LEAD_IN_BLOCKS.get(lines) ?? [];
}

/**
 * Each label row under a lead-in block is asked on the lead-in's answer of the question printed before the
 * lead-in. A yes/no question whose answers the form printed in its wording ("… ? Yes / No") gets them.
 */
export function applyLabelCellLeadIns(items: IRItem[], blocks: LeadInBlock[]): void {
  let previous: { block: LeadInBlock; governing: IRQuestion } | null = null;
  for (const block of blocks) {
    const lead = leadIn(withoutTrailing(block.text.trim(), LEAD_IN_CLOSERS));
    if (!lead) continue;
    const before = items.filter((item): item is IRQuestion => item.kind === "question" && item.span.start < block.start);
    const last = before[before.length - 1];
    // "If no," right after the "If yes," block: the other answer of the same question.
    const governing: IRQuestion | undefined = last && previous && previous.block.labelStarts.includes(last.span.start) ? previous.governing : last;
    if (!governing) continue;
    previous = { block, governing };
    if (!governing.options.length && !governing.rows.length && (governing.type === "open" || governing.type === "info")) {
      governing.type = "single";
      governing.options = lead.words.map((label, index) => ({ code: String(index + 1), label, codePrinted: false, span: governing.span }));
      delete governing.entry;
      governing.warnings.push(`Answers ${lead.words.join("/")} assumed: the form asks a block "${block.text.trim()}" after it.`);
    }
    const answer = governing.options.find((option) => option.label.trim().toLowerCase() === lead.words[lead.polarity === "yes" ? 0 : 1].toLowerCase());
    const span = { start: block.start, end: block.end };
    const text = block.text.trim();
    const starts = new Set(block.labelStarts);
    for (const item of items) {
      if (item.kind !== "question" || !starts.has(item.span.start) || item === governing) continue;
      if (item.askIf.some((condition) => condition.span?.start === block.start)) continue;
      if (!answer) {
        item.askIf.push({ text, span, unresolved: `the question before the lead-in (${governing.id}) has no "${lead.polarity}" answer` });
        continue;
      }
      const ref = { variable: governing.variable };
      const condition = governing.type === "multi" ? printCondition({ type: "compare", ref, op: "anyof", value: [answer.code] }) : printCondition({ type: "compare", ref, op: "=", value: answer.code });
      item.askIf.push({ text, span, condition });
    }
  }
}

/** Rewrites a label-cell form (see above) into question lines and answer lines; other documents pass unchanged. */
export function readLabelCellForms(lines: LogicalLine[]): LogicalLine[] {
  if (!lines.some((line) => line.first.page !== undefined)) return lines;
  const rows = new Map<LogicalLine, SplitRow>();
  for (const line of lines) {
    const row = splitRow(line);
    if (row) rows.set(line, row);
  }
  if (rows.size < 3) return lines;
  // A questionnaire that numbers its questions is read by its numbers; the label cells are the questions only
  // where (almost) nothing is numbered.
  const numbered = lines.filter((line) => classifyLine(line).kind === "qid").length;
  if (numbered * 3 > rows.size) return lines;
  // The label column(s) and the answer column(s), from the split rows, page by page (a form's table may sit
  // differently on each page).
  const byPage = new Map<number, SplitRow[]>();
  for (const [line, row] of rows) byPage.set(line.first.page ?? 0, [...(byPage.get(line.first.page ?? 0) ?? []), row]);
  // The form's rows must line up: on each page most split rows share a label column, well left of the answers.
  let aligned = 0;
  for (const pageRows of byPage.values()) aligned += shared(pageRows.map((row) => row.label[0].x));
  if (aligned < rows.size * 0.7) return lines;
  const allLabels = [...rows.values()].map((row) => row.label[0].x);
  const allAnswers = [...rows.values()].map((row) => row.answers[0].x);
  if ([...rows.values()].some((row) => row.answers[0].x - row.label[0].x < 0.2)) return lines;
  const columnsOf = (line: LogicalLine) => {
    const pageRows = byPage.get(line.first.page ?? 0);
    const labels = pageRows ? pageRows.map((row) => row.label[0].x) : allLabels;
    const answers = pageRows ? pageRows.map((row) => row.answers[0].x) : allAnswers;
    return { labels, answers, answerLeft: Math.min(...answers) };
  };
  const indentOf = (line: LogicalLine) => line.first.indent ?? line.segments?.[0]?.x;
  // Justified label text may print with wide word gaps; it is still one label when it stays left of the answers.
  const leftOnly = (line: LogicalLine, answerLeft: number) => !line.segments || line.segments.every((segment) => segment.x1 < answerLeft - 0.02);

  const out: LogicalLine[] = [];
  const blocks: LeadInBlock[] = [];
  let block: LeadInBlock | null = null;
  let count = 0;
  let lastLabel: number | null = null;
  const labelLine = (line: LogicalLine, text: string, end: number): LogicalLine => {
    block?.labelStarts.push(line.start);
    return { ...line, text, end, segments: undefined, spine: { id: `L${++count}`, rest: text, kind: "word" } };
  };
  for (const line of lines) {
    const row = rows.get(line);
    if (row) {
      const label = row.label.map((segment) => segment.text).join(" ");
      if (lastLabel !== null && /^\p{Ll}/u.test(label)) {
        // The label wraps beside its answers ("Reduced dependency on informal  o Yes" / "credit  o No").
        out[lastLabel] = joinLabel(out[lastLabel], label);
      } else {
        out.push(labelLine(line, label, row.label[row.label.length - 1].end));
        lastLabel = out.length - 1;
      }
      out.push(...answerLines(line, row.answers));
      continue;
    }
    const text = line.text.trim();
    const columns = columnsOf(line);
    const inLabelColumn = near(columns.labels, indentOf(line)) && leftOnly(line, columns.answerLeft) && text.length > 0 && text.length <= MAX_LABEL;
    if (inLabelColumn && !MARKER.test(text) && !leadIn(text) && !/[:,]$/.test(text) && classifyLine(line).kind === "text") {
      if (lastLabel !== null && /^\p{Ll}/u.test(text) && out.length - 1 === lastLabel) {
        out[lastLabel] = joinLabel(out[lastLabel], text, line.end);
        continue;
      }
      out.push(labelLine(line, text, line.end));
      lastLabel = out.length - 1;
      continue;
    }
    // An answer line of the answer column keeps the label open for a wrapped continuation; anything else closes it.
    const answerLine = MARKER.test(text) && near(columns.answers, indentOf(line));
    if (!answerLine) {
      lastLabel = null;
      // A line of the outer flow closes a lead-in's block; a bare lead-in left of the labels opens one.
      const indent = indentOf(line);
      const outer = indent !== undefined && indent < Math.min(...columns.labels) - 0.01;
      if (outer || !inLabelColumn) block = null;
      if (outer && bareLeadIn(text)) {
        block = { text, start: line.start, end: line.end, labelStarts: [] };
        blocks.push(block);
      }
    }
    out.push(line);
  }
  LEAD_IN_BLOCKS.set(out, blocks);
  return out;
}
