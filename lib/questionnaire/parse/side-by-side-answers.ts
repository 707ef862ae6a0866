import { sameCodeShape } from "./answer-lists";
import { classifyLine, type LogicalLine, type Unit } from "./lines";

/**
 * Layout model of a paper form: answers printed side by side on one line, set apart by wide gaps (a PDF
 * line's segments). Three shapes, whatever the words:
 * - beside the question: "3. Do you own a bicycle?      Yes      No      Not sure" — the numbered wording,
 *   then short answers to its right;
 * - across a line under the wording: "Very good    Good    Poor    Very poor", each piece an answer; a label
 *   too long for its column wraps onto the next line, under its own column ("Kept with" / "changes");
 * - label and box pairs: "Walking ☐    Cycling ☐", two or more answers per line, each followed by its box.
 * A line like that is a column heading, not answers, when statements to rate follow it (plain lines), so the
 * line only counts as answers when what follows ends the question (the next question, a section, a field)
 * or is another such line.
 */

/** One answer piece: short, a label (not a number code, not a question, not a box alone). */
const BOX = /^(?:[☐□▢◻❑○◯⚪]|\(\s*\)|\[\s*\])$/;
const MARKED = /^(?:[oO○◯●•◦▪■□☐▢◻❑⚪*–-]|\(\s*\)|\[\s*\])\s/;
const BOX_AFTER = /(?:(?<!\s)\s*|(?<=\s))(?:[☐□▢◻❑○◯⚪]|\(\s*\)|\[\s*\])$/;

function answerPiece(text: string): boolean {
  const piece = text.trim();
  // Two letters at least: a marker or a letter code ("o", "A.", "b)") is no answer of its own.
  // An answer with its own marker ("o Spring", "☐ Yes") is read by the answer-marker rules.
  if (MARKED.test(piece)) return false;
  return piece.length <= 30 && !/\.{3}|…/.test(piece) && piece.split(/\s+/).length <= 4 && (piece.match(/\p{L}/gu) ?? []).length >= 2 && !/^[ivx]{1,4}[.)]$/i.test(piece) && !/[?？:：]/.test(piece) && !/^\d/.test(piece);
}

/** A question number printed as a segment of its own ("3." / "Q3" / "3)"). */
const NUMBER_PIECE = /^(?:Q\.?\s*)?\d{1,3}[a-z]?[.):]?$/i;
/** The same number in front of the question's own words. */
const NUMBERED_PIECE = /^(?:Q\.?\s*)?\d{1,3}[a-z]?[.):]\s+/i;

/**
 * "3. Do you own a bicycle?   Yes   No": the answers printed to the right of the (numbered) wording. `wording`
 * is the question's wording as the segmenter took it from `line` (without its number). Returns the wording
 * without the answers and the answers, or null.
 */
export function answersBesideQuestion(wording: string, line: LogicalLine): { question: string; answers: string[] } | null {
  const segments = line.segments;
  const slashed = slashedBeside(wording, line);
  if (slashed) return slashed;
  if (!segments || segments.length < 3 || line.first.page === undefined || !line.text.trim().endsWith(wording.trim())) return null;
  const pieces = segments.map((segment) => segment.text.trim());
  const start = NUMBER_PIECE.test(pieces[0]) ? 1 : 0;
  // The number may share the question's piece ("5. Do you cycle to work?" | "YES" | "NO").
  const numbered = start === 0 ? NUMBERED_PIECE.exec(pieces[0]) : null;
  if (start === 0 && !numbered) return null;
  const question = numbered ? pieces[0].slice(numbered[0].length) : pieces[start];
  // A question, or a numbered field label ("2. Sex   Male   Female"): a label's answers need three pieces or more
  // apart from it, so a label and two values of a data line are not read as a question.
  const label = !/[?？:：]$/.test(question) && /^\p{L}[\p{L} ]{1,24}$/u.test(question) && question.split(/\s+/).length <= 3;
  if ((!/[?？:：]$/.test(question) && !label) || !wording.trim().startsWith(question)) return null;
  const answers = pieces.slice(start + 1);
  if (answers.length < (label ? 3 : 2) || !answers.every(answerPiece)) return null;
  // (Justified text also breaks into wide-spaced pieces: "What   is the main   design difference …". A label's answers
  // are names, each starting with a capital.)
  if (label && !answers.every((answer) => /^\p{Lu}/u.test(answer))) return null;
  return { question, answers };
}

/** The answers of a line printed across under the wording, or null ("Agree   Disagree", "Bus ☐   Car ☐"). */
export function answersAcross(line: LogicalLine): string[] | null {
  return readAcross(line)?.labels ?? null;
}

/** Every answer of the line is followed by its own box ("Bus ☐   Car ☐"): no grid row (a label, then boxes). */
export function boxedPairs(line: LogicalLine): boolean {
  return readAcross(line)?.boxed === true;
}

function readAcross(line: LogicalLine, least = 2): { labels: string[]; boxed: boolean } | null {
  const segments = line.segments;
  // Paged layouts only: a text file's wide spaces set codes and notes apart ("Retail ...... 4   (END)").
  if (!segments || segments.length < least || line.first.page === undefined) return null;
  const pieces = segments.map((segment) => segment.text.trim());
  // Label and box pairs: every box follows a label (the box a segment of its own, or at the label's end).
  const labels: { text: string; x: number }[] = [];
  let boxes = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (BOX.test(piece)) {
      if (i === 0 || BOX.test(pieces[i - 1])) return null;
      boxes++;
      continue;
    }
    if (BOX_AFTER.test(piece)) boxes++;
    labels.push({ text: piece.replace(BOX_AFTER, "").trim(), x: segments[i].x });
  }
  // A label too long for its column wraps onto the next printed line, under its own column.
  for (const wrapped of line.lines.slice(1)) {
    const text = wrapped.text.trim();
    // Answers coded in columns: a line opening with a code of the same shape is the next answer of its column
    // ("b) Charcoal   e) Gas" / "c) Kerosene"), not a wrapped label.
    if (!wrapped.segments && labels.length >= 2 && sameCodeShape([...labels.map((label) => label.text), text])) {
      labels.push({ text, x: wrapped.indent ?? 0 });
      continue;
    }
    const label = labels.find((candidate) => Math.abs(candidate.x - (wrapped.indent ?? -1)) < 0.02);
    if (wrapped.segments || !label || !/^[\p{Ll}(]/u.test(text) || text.split(/\s+/).length > 3) return null;
    label.text = `${label.text} ${text}`;
  }
  const boxed = boxes === labels.length;
  if (labels.length < least || (labels.length < 2 && !boxed) || !labels.every((label) => answerPiece(label.text))) return null;
  return { labels: labels.map((label) => label.text), boxed };
}

/** One more answer with its box on a line of its own, after a line of label and box pairs ("Other ☐"). */
export function lastBoxedAnswer(line: LogicalLine): string | null {
  const read = readAcross(line, 1);
  return read?.boxed && read.labels.length === 1 ? read.labels[0] : null;
}

/** A line that continues one answer of `across`, wrapped under its column: that answer's index among the labels. */
export function wrappedUnder(line: LogicalLine, across: LogicalLine): number | null {
  const read = readAcross(across);
  if (!read || read.boxed || line.segments || line.first.indent === undefined || read.labels.length !== across.segments!.length) return null;
  const text = line.text.trim();
  if (!/^[\p{Ll}(]/u.test(text) || text.split(/\s+/).length > 3) return null;
  const at = across.segments!.findIndex((segment) => Math.abs(segment.x - line.first.indent!) < 0.02);
  return at >= 0 ? at : null;
}

/** What follows a line of answers ends the question (or is more answers), so the line is not a column heading. */
export function answersEndAt(units: Unit[], index: number, across: LogicalLine): boolean {
  for (let k = index + 1; k < units.length; k++) {
    const unit = units[k];
    if (unit.kind === "table") return false;
    if (wrappedUnder(unit.line, across) !== null) continue;
    if (answersAcross(unit.line) || (boxedPairs(across) && lastBoxedAnswer(unit.line))) return true;
    const kind = classifyLine(unit.line).kind;
    return ["qid", "section", "page-break", "page-label", "end", "separator", "entry"].includes(kind) || Boolean(unit.line.first.heading);
  }
  return true;
}

/**
 * "1. Type of business      Sole trader / Partnership / Company": a numbered label (or question) set apart from one
 * piece of slashed alternatives, in any layout (a PDF's columns, a text file's spaces). The slashes say the piece is a
 * choice; the pieces are parallel — short, none a sentence.
 */
function slashedBeside(wording: string, line: LogicalLine): { question: string; answers: string[] } | null {
  const pieces = (line.segments ?? []).map((segment) => segment.text.trim());
  if (pieces.length < 2 || pieces.length > 3 || !line.text.trim().endsWith(wording.trim())) return null;
  const start = NUMBER_PIECE.test(pieces[0]) ? 1 : 0;
  if (pieces.length - start !== 2) return null;
  const numbered = start === 0 ? NUMBERED_PIECE.exec(pieces[0]) : null;
  if (start === 0 && !numbered) return null;
  const question = numbered ? pieces[0].slice(numbered[0].length) : pieces[start];
  if (!wording.trim().startsWith(question) || question.split(/\s+/).length > 10 || /[.!]$/.test(question)) return null;
  const answers = pieces[start + 1].split(/(?<!\s)\s+\/\s+(?=\S)/).map((answer) => answer.trim());
  if (answers.length < 2 || answers.length > 8 || answers.some((answer) => !answer || answer.length > 40 || /[?？:：_]/.test(answer))) return null;
  return { question, answers };
}
