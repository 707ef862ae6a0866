import { abbreviatedSection } from "./abbreviated-sections";
import { exclusionOf } from "./exclusions";
import { isNumberingGapNote } from "./numbering-gaps";
import type { ExtractedDocument, ExtractedLine, LineSegment } from "../extract/model";
import { isNumbersOnlyHelp } from "./printed-help";
import { formHelper } from "./form-helpers";
import { CUES } from "./cue-lexicon";
import { labelAnswerTable } from "./label-answer-tables";
import { ratedItemTable } from "./rated-item-tables";
import { codedStatementRows } from "./coded-statement-tables";
import { codedGridTable } from "./coded-grid-tables";
import { statementToRate } from "./statement-above";
import { parseRouteTarget, plainRouting } from "./logic";
import { routedAnswer } from "./routed-answers";
import { withPositionalRefs } from "./positional-refs";
import { sentenceCondition } from "./sentence-conditions";
import { splitFormOf } from "./split-forms";
import {
  bracketedBaseCondition,
  SAMPLE_FRAME_BASE,
  END_LINE,
  END_OF_BLOCK,
  ENTRY_LINE,
  ANSWER_SPACE_LINE,
  dottedFieldLabels,
  ALL_OF_FORM_BASE,
  GOTO_VERB,
  GRID_SPEC,
  INSTRUCTION_LINE,
  INTERVIEWER_HELP,
  isEntryField,
  isMostlyUpper,
  LETTER_SECTION,
  ROMAN_LETTER_SECTION,
  MARKER,
  matchQuestionId,
  NOTE_LINE,
  PAGE_BREAK,
  PAGE_LABEL,
  parseOption,
  type OptionParse,
  type QuestionIdMatch,
  SECTION_LINE,
  splitSpecList,
  TERMINATE_SCREEN,
} from "./patterns";
import type { ScriptLine } from "./script-export";
import { addsOther, columnRoles, readCell } from "./table-columns";
import { isRoutePiece } from "./margin-route-brackets";

/**
 * Logical lines (PDF lines re-joined where a sentence wrapped), units (a line, or a table to read as a
 * table) and the context-free classification of each line.
 */

export interface LogicalLine {
  text: string;
  start: number;
  end: number;
  first: ExtractedLine;
  lines: ExtractedLine[];
  segments?: LineSegment[];
  /** The line's role in a script export's layout (see script-export.ts), read before classification. */
  script?: ScriptLine;
  /** A question start the document's printed numbering shows and the line rules miss (numbering-spine.ts). */
  spine?: QuestionIdMatch;
  /** The last line of a table row read as one question (label-answer-tables.ts): nothing after it continues that question. */
  endsRow?: boolean;
}

export interface TableCell {
  text: string;
  start: number;
  end: number;
  lines: LogicalLine[];
  /** The row's printed code, when a reader took it off the label (headed-statement-blocks.ts). */
  code?: string;
}

export interface TableBlock {
  id: number;
  /** rows[r][c]; missing cells are undefined. */
  rows: (TableCell | undefined)[][];
  cols: number;
  start: number;
  end: number;
  lines: LogicalLine[];
  /**
   * The table is a battery read from statements and a scale stated apart from them (stated-scales.ts): it is a
   * question of its own, worded by that statement, named by its construct label when one is printed.
   */
  battery?: { label?: string; wording: string; wordingLine: LogicalLine };
  /** Its rows carry an answer sheet's letters under the columns (column-grids.ts): a question of its own. */
  lettered?: boolean;
  /**
   * A web form's grid of marker rows (marker-row-grids.ts) or a web survey's printed matrix (print-preview-matrices.ts):
   * a question of its own, titled by the lines over it.
   */
  formGrid?: boolean;
}

export type Unit = { kind: "line"; line: LogicalLine } | { kind: "table"; table: TableBlock };

/** The logical line at `index`, or null for a table or past the end. */
export function lineAt(units: Unit[], index: number): LogicalLine | null {
  const unit = units[index];
  return unit?.kind === "line" ? unit.line : null;
}

/**
 * The run of consecutive lines from `index` (at most `max`) that `read` accepts, with what it read of each, and the
 * index after the run: a heading wrapped over a few lines, read piece by piece.
 */
export function linesRead<T>(units: Unit[], index: number, read: (line: LogicalLine) => T | null, max: number): { lines: LogicalLine[]; read: T[]; end: number } {
  const lines: LogicalLine[] = [];
  const found: T[] = [];
  let at = index;
  for (; at < units.length && at < index + max; at++) {
    const line = lineAt(units, at);
    const value = line ? read(line) : null;
    if (!line || value === null) break;
    lines.push(line);
    found.push(value);
  }
  return { lines, read: found, end: at };
}

/** A structure read from the lines starting at a unit: the table it amounts to and how many units it covers. */
export type TableReading = { table: TableBlock; length: number };

/**
 * Replaces every run of units that `read` recognises by the table it reads (a layout printed in lines — column
 * grids, semantic differentials — becomes the table it stands for). Each reader numbers its tables from its own
 * `firstId`, so their ids never meet those of the document's own tables.
 */
export function replaceWithTables(units: Unit[], firstId: number, read: (units: Unit[], index: number, tableId: number) => TableReading | null): Unit[] {
  const out: Unit[] = [];
  let tableId = firstId;
  for (let index = 0; index < units.length; index++) {
    const reading = read(units, index, tableId);
    if (!reading) {
      out.push(units[index]);
      continue;
    }
    out.push({ kind: "table", table: reading.table });
    tableId++;
    index += reading.length - 1;
  }
  return out;
}

const STARTS_STRUCTURE = /^(?:[○◯●•◦▪■□▢☐◻❑⚪ᴑ⊗]|[oO]\s|\(\s*\)|\[|\(?\d{1,3}[.)]\s|[A-Z]{1,4}\d{1,3}[a-z]?\b|page\b|display this|if\b|and\b|or\b|_{3,})/i;

/** A line that ends in a list separator: the list goes on on the next line. */
const DANGLING_SEPARATOR = /\s[·•]\s*$/;
const LIST_SEPARATOR = /\S\s+[·•]\s+\S/;
const continuesParagraph = (line: ExtractedLine) => !line.blankBefore && !line.heading && !line.list && !line.cell && line.text.trim() !== "";

/** Joins PDF lines that continue a wrapped sentence. Other formats keep one line per paragraph line. */
export function logicalLines(doc: ExtractedDocument): LogicalLine[] {
  const out: LogicalLine[] = [];
  const running = doc.format === "pdf" ? new Set<number>() : runningLines(doc.lines);
  const lines = doc.lines.filter((line) => !running.has(line.index) && !isNumberingGapNote(line.text));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lone = doc.format === "pdf" ? loneCodeLabel(lines, i, out.at(-1)?.text) : null;
    if (lone) {
      const parts = lines.slice(i, i + lone.count);
      out.push({ text: lone.text, start: line.start, end: parts[parts.length - 1].end, first: line, lines: parts });
      i += lone.count - 1;
      continue;
    }
    const current: LogicalLine = { text: codedText(line) ?? cleanMarkup(line.text), start: line.start, end: line.end, first: line, lines: [line], segments: line.segments };
    // Answers separated by middle dots that wrap ("Tea · Coffee ·" / "Juice · Water", or within an answer: "Green" /
    // "tea · Juice"): one run, one line.
    while (doc.format !== "pdf" && i + 1 < lines.length && continuesParagraph(lines[i + 1]) && (DANGLING_SEPARATOR.test(current.text) || (LIST_SEPARATOR.test(current.text) && LIST_SEPARATOR.test(lines[i + 1].text)))) {
      const next = lines[++i];
      current.text = `${current.text.trimEnd()} ${cleanMarkup(next.text).trim()}`;
      current.end = next.end;
      current.lines.push(next);
    }
    if (doc.format === "pdf" && joinable(line)) {
      while (i + 1 < lines.length) {
        const last = current.lines[current.lines.length - 1];
        const next = lines[i + 1];
        if (!shouldJoin(last, next, current.text, current.first) || loneCodeLabel(lines, i + 1, current.text)) break;
        current.text = joinWrapped(current.text, cleanMarkup(next.text));
        current.end = next.end;
        current.lines.push(next);
        i++;
      }
    }
    out.push(current);
  }
  return out;
}

/** A code alone on its line ("7", "98"), printed in the answers' code column. */
const LONE_CODE = /^\d{1,3}$/;
/** An answer line that ends with its code after a gap ("LA IDENTIDAD   4"). */
const ENDS_WITH_CODE = /\s\d{1,3}$/;
/** How far right of the label lines (share of the page width) a lone code must stand to be in the code column. */
const CODE_COLUMN_OFFSET = 0.2;
/** Most words of a label's wrapped last line read with it across a code printed between the two. */
const WRAPPED_TAIL_WORDS = 2;

/**
 * An answer whose code is printed on a line of its own, in the code column (PDF): the code of a label that wraps over
 * two lines sits between them ("PORQUE UTILIZA OTROS MEDIOS/" · "7" · "ENTRETENERSE"); the code of a label with a
 * write-in field sits above it ("98" · "OTRO (¿Cuál?) ……"). Read at the label's first line (or at the code, when the
 * label starts under it) as one answer "label ..... code"; `count` is how many physical lines it takes.
 */
function loneCodeLabel(lines: ExtractedLine[], i: number, before: string | undefined): { text: string; count: number } | null {
  const codeless = (line: ExtractedLine | undefined) =>
    Boolean(line) && !LONE_CODE.test(line!.text.trim()) && !ENDS_WITH_CODE.test(line!.text.trim()) && !/[?？]\s*$/.test(line!.text.trim()) && !matchQuestionId(line!.text.trim());
  const inColumn = (code: ExtractedLine, label: ExtractedLine) => code.page === label.page && (code.indent ?? 0) >= (label.indent ?? 0) + CODE_COLUMN_OFFSET;
  // Only inside a list of coded answers: the line read before is an answer ending with its code.
  if (!before || !ENDS_WITH_CODE.test(before.trim())) return null;
  const line = lines[i];
  const code = lines[i + 1];
  // The label's first line, then its code, then the rest of the label when the first line is left unfinished
  // ("… INFORMARSE/", "… EN GENERAL ESTÁ") and the rest is a word or two ("ENTRETENERSE", "CARA").
  if (code && LONE_CODE.test(code.text.trim()) && codeless(line) && inColumn(code, line)) {
    const next = lines[i + 2];
    const wraps = codeless(next) && inColumn(code, next!) && !next!.blankBefore && next!.text.trim().split(/\s+/).length <= WRAPPED_TAIL_WORDS;
    return { text: `${line.text.trim()}${wraps ? ` ${next!.text.trim()}` : ""} ..... ${code.text.trim()}`, count: wraps ? 3 : 2 };
  }
  // The code above its label.
  const label = lines[i + 1];
  if (LONE_CODE.test(line.text.trim()) && label && codeless(label) && inColumn(line, label)) {
    return { text: `${label.text.trim()} ..... ${line.text.trim()}`, count: 2 };
  }
  return null;
}

const ROUTE_SEGMENT = new RegExp(String.raw`^(?:→|-{1,2}>|=>|\(|\[)|^(?:${GOTO_VERB}|skip|go to|goto|terminate|thank|close|end|continue|ende|fin|weiter)(?![a-z0-9_])|^[A-Z][A-Z .&/-]{3,}$`, "i");

/** A code, a space and routing: "1 → 3", "2 GO TO 7". */
const CODE_THEN_ROUTE = /^(\d{1,3})\s+(\S.{0,80})$/;

/**
 * An answer whose code is set apart by wide spaces ("Yes      1", "No   2   → Q5", "Refused 4   (TERMINATE)"):
 * the segments are joined with a dot leader so the code reads as a code whatever the format.
 */

export function codedText(line: ExtractedLine): string | null {
  const segments = line.segments?.map((segment) => segment.text.trim()).filter(Boolean);
  if (!segments || segments.length < 2) return null;
  // Columns of answers each coded in front ("1 Wood      4 Electricity"): the codes lead, nothing is coded after.
  if (segments.every((segment) => /^\d{1,3}[.)]?\s+\p{L}/u.test(segment))) return null;
  const code = /^\d{1,3}$/;
  const last = segments[segments.length - 1];
  const beforeLast = segments[segments.length - 2];
  let label: string[] | null = null;
  let value = "";
  let route = "";
  if (code.test(last) && !code.test(beforeLast)) {
    label = segments.slice(0, -1);
    value = last;
  } else if (segments.length >= 3 && code.test(beforeLast) && !code.test(segments[segments.length - 3]) && ROUTE_SEGMENT.test(last)) {
    label = segments.slice(0, -2);
    value = beforeLast;
    route = last;
  } else if (CODE_THEN_ROUTE.test(last) && ROUTE_SEGMENT.test(CODE_THEN_ROUTE.exec(last)![2]) && !code.test(beforeLast)) {
    // "Oui, les deux      3 → 3": the code and its routing in one piece after the label.
    const [, codeValue, routeText] = CODE_THEN_ROUTE.exec(last)!;
    label = segments.slice(0, -1);
    value = codeValue;
    route = routeText;
  } else if (ROUTE_SEGMENT.test(last) && !/\d\s*$/.test(last) && /\D\s(\d{1,3})$/.test(beforeLast) && segments.length === 2 && !/^\d{1,3}[.)]?\s+\S/.test(beforeLast)) {
    // (Not "1 Under 25      THANK AND END": with its code in front, the number at the end is the label's.)
    const match = /^(.*\D)\s(\d{1,3})$/.exec(beforeLast)!;
    label = [match[1]];
    value = match[2];
    route = last;
  }
  if (!label || !label.join("").trim() || /[?？]\s*$/.test(label.join(" "))) return null;
  // "Frage      1", "Question   3": a question's label set apart from its number (a typeset form's \hspace) names
  // the question that follows; it is not an answer coded 1.
  if (!route && label.length === 1) {
    const id = matchQuestionId(`${label[0]} ${value}`);
    if (id?.kind === "prefixed" && !id.rest.trim()) return null;
  }
  // A numbered question or a line of wording whose last piece is a number is not an answer.
  if (label.length > 1 && label.every((piece) => piece.split(/\s+/).length > 6)) return null;
  return `${label.join(" ").replace(/(?<![\s.…])[\s.…]+$/, "")} ..... ${value}${route ? ` ${route}` : ""}`;
}

const PAGE_NUMBER = /(?:^|[\s·|•–—-])(?:page|seite|página|pagina|p\.)\s*\d{1,3}\s*(?:of|von|de|\/)\s*\d{1,3}\s*$|^[-–—\s]*\d{1,3}\s*(?:\/|of)\s*\d{1,3}[-–—\s]*$/i;
const RULE_LINE = /^[-–—=*~·•\s]{3,}$/;

/**
 * Running headers and footers of a paged text export (the PDF reader removes its own): a short line with a
 * page number ("Visitor Survey 2025   Page 1 of 2"), and a line repeated on several pages next to such a
 * footer or a rule of dashes.
 */
function runningLines(lines: ExtractedLine[]): Set<number> {
  const out = new Set<number>();
  const counts = new Map<string, number>();
  const key = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  for (const line of lines) counts.set(key(line.text), (counts.get(key(line.text)) ?? 0) + 1);
  const candidates: number[] = [];
  lines.forEach((line, index) => {
    const text = line.text.replace(/[*_]/g, "").trim();
    if (text.length > 100) return;
    if (PAGE_NUMBER.test(text)) {
      out.add(line.index);
      return;
    }
    if ((counts.get(key(line.text)) ?? 0) < 2 || RULE_LINE.test(text) || line.list || MARKER.test(text) || matchQuestionId(text)) return;
    // Routing repeated under several questions next to a horizontal rule is not a running header.
    if (ROUTING_LOGIC.test(plainRouting(text)) || DISPLAY_LOGIC.test(text)) return;
    candidates.push(index);
  });
  // A running header sits next to the page's edge — its rule, its page number, a page break, the start or end of
  // the document, or another running line (a date over a title) — on every page it repeats on (all but one
  // occurrence may be the document's own title).
  const boundary = (index: number) => {
    const other = lines[index];
    return !other || RULE_LINE.test(other.text.trim()) || PAGE_NUMBER.test(other.text.trim()) || out.has(other.index);
  };
  for (let pass = 0; pass < 3; pass++) {
    const framed = new Map<string, number[]>();
    for (const index of candidates) {
      const line = lines[index];
      if (out.has(line.index)) continue;
      if (boundary(index - 1) || boundary(index + 1) || line.pageBreakBefore || lines[index + 1]?.pageBreakBefore) framed.set(key(line.text), [...(framed.get(key(line.text)) ?? []), line.index]);
    }
    let added = false;
    for (const [text, indexes] of framed) {
      const count = counts.get(text) ?? 0;
      if (indexes.length === count || (indexes.length >= 3 && indexes.length >= count - 1)) {
        for (const index of indexes) out.add(index);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

/** A line can continue on the next one unless it is a row of a printed grid (a marker plus text is fine). */
function joinable(line: ExtractedLine): boolean {
  if (!line.segments) return true;
  if (line.segments.length === 2 && /^(?:[○◯●•◦▪■□▢☐◻❑⚪ᴑ⊗oO-]|\(?\d{1,3}[.)]|[A-Z]{0,3}\d{1,3}[a-z]?[.)]?)$/.test(line.segments[0].text.trim())) return true;
  // Widely spaced text ("(1) Students   (2) Employees …") can still wrap; rows of answer circles cannot.
  return !line.segments.some((segment) => /^(?:[oO○◯●◉⚪ᴑ❍▢☐□◻❑](?:\s+|$))+$/.test(segment.text.trim()));
}

const ENGLISH_OPEN_ENDING = /(?:,|\b(?:the|a|an|of|to|and|or|in|for|your|you|with|from|on|at|by|as|is|are|was|were|that|this|have|has|be|about|than|if|not|any|each|their|our|my|how|what|which|who|would|will|do|does|did)|-)$/i;
/** A line that ends on an unfinished phrase, in English or in the lexicon's languages (OPEN_ENDING_WORDS). */
export const OPEN_ENDING = new RegExp(`${ENGLISH_OPEN_ENDING.source}|(?:^|[^a-zà-öø-ÿ])(?:${CUES.openEnding})$`, "i");

/** A line that opens with an answer marker (circle, box). */
const ANSWER_MARKER_START = /^[○◯●◉⚪ᴑ❍▢☐□◻❑☑☒]\s/;
/** A condition clause of a display block: "If …", "And …", "Or …" (Qualtrics prints them indented). */
const CONDITION_CLAUSE = /^(?:if|and|or)\s/i;
/**
 * How far (share of the page width) a line must start left of a condition clause to be out of the clause's block:
 * more than a paragraph's first-line indent ("If you grant …" printed 0.01 in, its wrapped line at the margin).
 */
export const CLAUSE_OUTDENT = 0.03;
/** A comparison with its value after it: "= Yes", "!= <strong>None</strong>", "Is Empty", "Is Greater Than 0". */
const COMPARED_VALUE = /(?:[=<>]|\bIs )\s*\S/;

/**
 * Whether a condition clause already has its comparison and value. A clause cut before them ("If <long wording> ex...
 * !=" / "<strong>None of the above</strong>") goes on at the margin whatever the indent.
 */
export function conditionComplete(clause: string): boolean {
  return COMPARED_VALUE.test(clause);
}
/** How far (share of the page width) an answer's wrapped line sits right of the answer's marker. */
const HANGING_INDENT = 0.01;
/**
 * A number (or "2.2", or one with a letter: "9A"), a space (or a dot, glued or not: "13.Como …"), a capitalised word
 * (or "¿"), and a question mark at the end.
 */
const NUMBERED_QUESTION_LINE = /^\d{1,3}(?:\.\d{1,2}|[A-Za-z])?(?:\s|[.)]\s?)[¿¡]?\p{Lu}[^?？]{8,300}[?？]$/u;

function shouldJoin(last: ExtractedLine, next: ExtractedLine, soFar: string, first?: ExtractedLine): boolean {
  if (next.blankBefore || next.segments || last.page !== next.page) return false;
  if ((last.columnRight ?? last.right ?? 0) < 0.78) return false;
  // A colon inside an opened parenthesis ("☐ Asian (for example:") does not end the item.
  if (/[?？]\s*$/.test(soFar) || (/[:：]\s*$/.test(soFar) && !unclosedParenthesis(soFar)) || /\]\s*$/.test(soFar)) return false;
  if (STARTS_STRUCTURE.test(next.text)) return false;
  // A routing bracket's words in the margin ("weiter mit" / "» Frage 11") stand apart from the answers they route.
  if (isRoutePiece(next.text) || isRoutePiece(last.text)) return false;
  // "29 How many … ?": a number, a capitalised word and a whole question is a question start, not a wrapped end.
  if (NUMBERED_QUESTION_LINE.test(next.text)) return false;
  // "5.2 If you want …": a decimal number and a capitalised word, not right of the line above, starts the next item
  // even when its wording wraps (a wrapped end does not open with a section number).
  if (/^\d{1,3}\.\d{1,2}\.?\s+\p{Lu}/u.test(next.text) && (next.indent ?? 0) <= (last.indent ?? 0)) return false;
  // A row of answers set apart across the page ("○ Very dissatisfied   ○ Neutral   ○ Not applicable", a web form's
  // scale) that runs to the right edge: only its last answer can wrap, under that answer; a line further left is the
  // next question.
  const row = first?.segments;
  if (row && row.length >= 2 && row.every((piece) => ANSWER_MARKER_START.test(piece.text))) return (next.indent ?? 0) >= row[row.length - 1].x - HANGING_INDENT;
  // An answer's wrapped lines hang under its text, past its marker: "☐ American Indian or Alaska Native" +
  // "Government, Nome Eskimo Community".
  if (first && ANSWER_MARKER_START.test(first.text) && (next.indent ?? 0) > (first.indent ?? 0) + HANGING_INDENT) return true;
  // Where every answer opens with its box, a line without one under an answer that ran to the right edge goes on
  // with it, even as a new sentence ("… das implantações." printed flush under "☐ Releases são …").
  if (first && ANSWER_MARKER_START.test(first.text) && !ANSWER_MARKER_START.test(next.text) && Math.abs((next.indent ?? 0) - (first.indent ?? 0)) <= HANGING_INDENT && !/[?？:：]\s*$/.test(next.text)) return true;
  // A row of column headings set apart in pieces over a grid's answer columns ("Very easy   Easy   Neutral") does not
  // wrap onto the row label printed left of it, even one in lower case ("readability"): wrapped text never starts
  // left of the line it continues.
  if ((last.segments?.length ?? 0) >= 3 && (next.indent ?? 0) < (last.indent ?? 0) - 0.06) return false;
  if ((next.indent ?? 0) < (last.indent ?? 0) - 0.06 && !/^[a-z(]/.test(next.text)) return false;
  // A display condition printed as an indented block ("    If <question> = <answer>" under "Display This Question:")
  // wraps inside its indent; once the clause has its comparison and value, a capitalised line back at the margin is the
  // gated question's wording, even where the value ends on an unfinished phrase ("… = Yes, I know what it is").
  if (first && CONDITION_CLAUSE.test(first.text) && (next.indent ?? 0) < (first.indent ?? 0) - CLAUSE_OUTDENT && !/^\p{Ll}/u.test(next.text) && conditionComplete(soFar)) return false;
  // A wrapped sentence continues in lower case or after an unfinished phrase; a new capitalised line is a new item.
  // An opened parenthesis not yet closed ("☐ Asian (for example: Chinese, Filipino," + "Korean, Japanese)") is an
  // unfinished phrase too.
  return /^[\p{Ll}\p{N}(\-–,.;:)'"“‘]/u.test(next.text) || OPEN_ENDING.test(soFar.trim()) || unclosedParenthesis(soFar);
}

function unclosedParenthesis(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")" && depth > 0) depth--;
  }
  return depth > 0;
}

/** Translation-tool "do not translate" brackets ([[[Q1]]]) carry no meaning for the questionnaire. */
function cleanMarkup(text: string): string {
  if (!text.includes("[[[") && !text.includes("]]]")) return text;
  return text.replace(/\[\[\[\s*|(?:(?<!\s)\s*|(?<=\s))\]\]\]/g, " ").replace(/\s{2,}/g, " ").trim() || text;
}

export function joinWrapped(left: string, right: string): string {
  // "COVID-" + "19" and "in-" + "person" were split at a hyphen: rejoin without a space.
  if (/\p{L}-$/u.test(left) && /^[\p{Ll}\p{N}]/u.test(right)) return left + right;
  return `${left} ${right}`;
}

function cellKey(line: ExtractedLine): number | undefined {
  return line.cell ? line.cell.table : undefined;
}

/** Splits the line stream into plain lines and tables (tables used only for layout are flattened). */
export function buildUnits(lines: LogicalLine[]): Unit[] {
  const units: Unit[] = [];
  let i = 0;
  while (i < lines.length) {
    const table = cellKey(lines[i].first);
    if (table === undefined) {
      units.push({ kind: "line", line: lines[i] });
      i++;
      continue;
    }
    const before = i > 0 ? lines[i - 1] : undefined;
    const run: LogicalLine[] = [];
    while (i < lines.length && cellKey(lines[i].first) === table) run.push(lines[i++]);
    units.push(...tableUnits(table, run, before));
  }
  return units;
}

function makeTable(id: number, run: LogicalLine[]): TableBlock {
  const rows: (TableCell | undefined)[][] = [];
  let cols = 0;
  for (const line of run) {
    const cell = line.first.cell!;
    const row = (rows[cell.row] ??= []);
    const existing = row[cell.col];
    if (existing) {
      existing.text = `${existing.text} ${line.text}`;
      existing.end = line.end;
      existing.lines.push(line);
    } else row[cell.col] = { text: line.text, start: line.start, end: line.end, lines: [line] };
    cols = Math.max(cols, cell.col + 1);
  }
  const dense = rows.filter((row) => row && row.some(Boolean));
  return { id, rows: dense, cols, start: run[0].start, end: run[run.length - 1].end, lines: run };
}

/** A table row whose cells hold question wording (layout tables) is read as plain lines. */
function rowIsLayout(row: (TableCell | undefined)[]): boolean {
  return row.some(
    (cell) =>
      cell &&
      cell.lines.some((line) => {
        const cls = classifyLine(line);
        // Numbered row labels ("1. Live stream …") are grid rows; prefixed ids ("B1. …") and numbered questions
        // ("1. What is the mother's age in years?", a form laid out as a Questions | Responses table) are questions.
        return (cls.kind === "qid" && ((cls.id.kind !== "numeric" && cls.id.kind !== "decimal") || /[?？]\s*$/.test(cls.id.rest))) || line.text.length > 160;
      }),
  );
}

const ROW_ID = /^(?:Q\.?\s*)?\d{1,3}[a-z]?[.)]?$|^[A-Z]{1,3}\d{1,3}[a-z]?[.)]?$/;

/**
 * A questionnaire laid out as a table — id | question | answers — is read row by row: the id and the
 * question become one line, the answer cells follow as lines.
 */
function questionTable(table: TableBlock): Unit[] | null {
  const rows = table.rows.filter((row) => row && row.some(Boolean));
  const questionRows = rows.filter((row) => {
    const id = row[0]?.text.trim() ?? "";
    const text = row[1]?.text.trim() ?? "";
    return ROW_ID.test(id) && text.length >= 8 && /[\p{L}]/u.test(text);
  });
  if (questionRows.length < 2 || questionRows.length < (rows.length - 1) * 0.6) return null;
  // Statements with item codes (B1, B2 …) whose answer cells are empty or only boxes — rated on one scale
  // printed in the header row or in a legend — are a battery (one grid), not a table of questions.
  const statements = questionRows.filter((row) => !/[?？]/.test(row[1]!.text)).length >= questionRows.length * 0.8;
  const blankAnswers = questionRows.every((row) => row.slice(2).every((cell) => !cell || /^[\s☐□▢◻❑○◯⚪●■✓✔xX]*$/.test(cell.text)));
  if (statements && blankAnswers) return null;
  // The header row, when it names the columns, says which cells hold the answers (see table-columns.ts).
  const header = rows[0] && !questionRows.includes(rows[0]) ? rows[0] : undefined;
  const roles = header ? columnRoles(Array.from({ length: table.cols }, (_, col) => header[col]?.text ?? "")) : null;
  const units: Unit[] = [];
  for (const row of rows) {
    if (!questionRows.includes(row)) continue;
    const idCell = row[0]!;
    const textCell = row[1]!;
    const [firstLine, ...moreLines] = textCell.lines;
    const id = idCell.text.trim().replace(/[.)]$/, "");
    const joined: LogicalLine = {
      ...firstLine,
      text: `${/^\d/.test(id) ? `${id}.` : id} ${firstLine.text}`,
      start: Math.min(idCell.start, firstLine.start),
      first: { ...firstLine.first, cell: undefined },
      lines: [...idCell.lines.flatMap((line) => line.lines), ...firstLine.lines],
      segments: undefined,
    };
    units.push({ kind: "line", line: joined });
    for (const line of moreLines) units.push({ kind: "line", line: { ...line, first: { ...line.first, cell: undefined } } });
    const plain = (line: LogicalLine, text = line.text): Unit => ({ kind: "line", line: { ...line, text, first: { ...line.first, cell: undefined } } });
    const cells = row.slice(2).flatMap((cell, index) => (cell ? [{ cell, reading: readCell(cell.text, roles?.[index + 2]) }] : []));
    // The type and commentary notes first: they belong to the question, not after its answers.
    for (const { cell, reading } of cells) if (reading.kind === "note") units.push(plain(cell.lines[0], reading.text));
    for (const { cell, reading } of cells) {
      if (reading.kind === "as-printed") for (const line of cell.lines) units.push(plain(line));
      if (reading.kind === "answers") for (const answer of reading.answers) units.push(plain(cell.lines[0], `- ${answer}`));
    }
    const listed = cells.find(({ reading }) => reading.kind === "answers");
    for (const { cell, reading } of cells) {
      if (!listed && reading.kind === "note" && reading.points) for (const point of reading.points) units.push(plain(cell.lines[0], `- ${point}`));
    }
    if (listed && cells.some(({ cell, reading }) => reading.kind === "note" && reading.role === "type" && addsOther(cell.text))) units.push(plain(listed.cell.lines[0], "- Other"));
  }
  return units;
}

/**
 * The line just above a table is a question of its own: a numbered question or one that asks, not a label that
 * introduces fields to fill in ("Vitals:" over "Temperature | ___", "Blood pressure | ___").
 */
function asksAbove(line: LogicalLine): boolean {
  const text = line.text.trim();
  if (/[:：]\s*$/.test(text) || line.first.cell) return false;
  return Boolean(line.first.list?.ordered || /[?？]\s*$/.test(text) || matchQuestionId(text) || statementToRate(line));
}

/**
 * Answers printed as a table of labels beside empty cells ("En la radio | [ ]", "Izquierda | [ ]"): the empty column
 * is where the respondent marks, so each label is an answer with its box. Two rows or more, the labels in the first
 * column only, short and asking nothing; every other column empty; the line above the table asks (asksAbove).
 */
function boxedAnswerColumn(table: TableBlock, nonEmptyCols: Set<number>): boolean {
  // (The empty cells write no lines: the width is the one the cells declare.)
  const width = Math.max(table.cols, ...table.lines.map((line) => line.first.cell?.cols ?? 0));
  if (width < 2 || !nonEmptyCols.has(0)) return false;
  const labels = table.rows.map((row) => row[0]?.text.trim() ?? "").filter(Boolean);
  return labels.length >= 2 && labels.length === table.rows.length && labels.every((label) => label.length <= 60 && !/[?？:：_]/.test(label) && !/^[☐□▢◻❑○◯⚪●•]/.test(label));
}

/** A routing cell: a question id with its letters ("C4", "Q12", "P.3") or a word that ends the interview. */
const ROUTING_CELL = /^(?:(?:Q\.?\s?)?[A-Za-z]{1,4}\.?\s?\d{1,3}(?:\.\d{1,2})?[a-z]?|end|fin|fim|ende|stop|close|terminate)\.?$/i;

/**
 * The routing column of an answer table, whatever its header says ("Next", "Seguir", "→", none): the last column,
 * right of the answers, whose body cells are each a question id with its letters or an end word (or empty), with
 * at least two answer rows. Its cells are read as routes ("→ C4"); the route binds, or is flagged, later.
 */
function withRoutingColumn(run: LogicalLine[]): LogicalLine[] {
  const cells = run.filter((line) => line.first.cell);
  const last = Math.max(...cells.map((line) => line.first.cell!.col));
  if (last < 1) return run;
  const body = cells.filter((line) => line.first.cell!.col === last);
  const ids = body.filter((line) => ROUTING_CELL.test(line.text.trim()));
  const header = body.filter((line) => !ROUTING_CELL.test(line.text.trim()));
  // Every cell of the column is a target, but for one header cell in the first row.
  if (ids.length < 2 || header.length > 1 || (header.length === 1 && header[0].first.cell!.row !== Math.min(...cells.map((line) => line.first.cell!.row)))) return run;
  // The rows routed hold answers: a label with letters left of the target.
  const labelled = ids.filter((line) => cells.some((other) => other.first.cell!.row === line.first.cell!.row && other.first.cell!.col < last && /\p{L}{2}/u.test(other.text)));
  if (labelled.length !== ids.length) return run;
  // A column naming a different id on every one of many rows, none left empty, lists variables; routes repeat or skip rows.
  const rows = new Set(cells.map((line) => line.first.cell!.row)).size - header.length;
  if (ids.length >= 4 && ids.length === rows && new Set(ids.map((line) => line.text.trim().toUpperCase())).size === ids.length) return run;
  return run.map((line) => (ids.includes(line) ? { ...line, text: `→ ${line.text.trim()}` } : line));
}

function tableUnits(id: number, run: LogicalLine[], before?: LogicalLine): Unit[] {
  run = withRoutingColumn(run);
  const table = makeTable(id, run);
  const asQuestions = questionTable(table);
  if (asQuestions) return asQuestions;
  // Items rated in a shared answer cell (rated-item-tables.ts) are one grid, however long their descriptions; so are
  // coded statements over cells to mark (coded-statement-tables.ts) and rows of codes under a scale (coded-grid-tables.ts),
  // whatever ids their labels carry ("Rent (Q2_Rent)").
  if (ratedItemTable(table) || codedStatementRows(table) || codedGridTable(table)) return [{ kind: "table", table }];
  const labelRows = labelAnswerTable(table);
  if (labelRows) return labelRows;
  const nonEmptyCols = new Set<number>();
  for (const row of table.rows) row.forEach((cell, col) => cell && nonEmptyCols.add(col));
  if (nonEmptyCols.size <= 1) {
    const boxed = Boolean(before && asksAbove(before)) && boxedAnswerColumn(table, nonEmptyCols);
    return run.map((line) => ({ kind: "line", line: boxed ? { ...line, text: `☐ ${line.text.trim()}` } : line }) as Unit);
  }
  const units: Unit[] = [];
  let pending: LogicalLine[] = [];
  const flushTable = () => {
    if (pending.length === 0) return;
    const part = makeTable(id, pending);
    const cols = new Set<number>();
    for (const row of part.rows) row.forEach((cell, col) => cell && cols.add(col));
    const onlyCodes = cols.size === 1 && [...cols][0] > 0 && part.rows.every((row) => row.every((cell) => !cell || /^(?:\d{1,3}|etc\.?|<[^>]+>)$/i.test(cell.text.trim())));
    if (cols.size <= 1 && !onlyCodes) units.push(...pending.map((line) => ({ kind: "line", line }) as Unit));
    else units.push({ kind: "table", table: part });
    pending = [];
  };
  const byRow = new Map<number, LogicalLine[]>();
  for (const line of run) {
    const row = line.first.cell!.row;
    if (!byRow.has(row)) byRow.set(row, []);
    byRow.get(row)!.push(line);
  }
  for (const [, rowLines] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
    const rowCells: (TableCell | undefined)[] = [];
    for (const line of rowLines) {
      const col = line.first.cell!.col;
      rowCells[col] = rowCells[col] ?? { text: line.text, start: line.start, end: line.end, lines: [line] };
    }
    if (rowIsLayout(rowCells)) {
      flushTable();
      units.push(...rowLines.map((line) => ({ kind: "line", line }) as Unit));
    } else pending.push(...rowLines);
  }
  flushTable();
  return units;
}

// ------------------------------------------------------------------------------------------ classes

export type LineClass =
  | { kind: "qid"; id: QuestionIdMatch }
  /** A script export's text screen header ("Q001 - Intro_Text Text"): an information screen starts. */
  | { kind: "screen" }
  | { kind: "section"; label?: string; title: string }
  | { kind: "end-of-block" }
  | { kind: "page-break"; rest?: string }
  | { kind: "page-label"; label: string }
  | { kind: "end" }
  | { kind: "terminate-screen" }
  | { kind: "display-start" }
  | { kind: "logic" }
  | { kind: "note" }
  | { kind: "instruction" }
  | { kind: "entry" }
  | { kind: "option"; option: OptionParse }
  | { kind: "separator" }
  | { kind: "text" };

/** An icon a survey tool prints before its help lines ("‼ Please select all applicable answers:"). */
const ICON_LEAD = /^[‼⚠ℹ❗❕ⓘ]\uFE0F?\s+/u;

export const DISPLAY_START = /^display this (?:question|choice|block|item)\s*(?::\s*)?$/i;
const DISPLAY_LOGIC_PATTERN =
  /^\(?\s*if\s+(?:yes|no|[\p{L}'’ -]{2,30})\s*[:)]\s*\)?$|^\[?\s*(?:(?:ask(?:ed)?|shown?|display(?:ed)?|administer(?:ed)?|present(?:ed)?)\s+(?:(?:this|the following|these)\s+(?:(?:question|section|part|module|block|page|questions)\s*:?\s*)?)?(?:only\s+)?(?:if|when)\b|(?:ask|show|display)\s+(?:this\s+(?:question\s+)?)?(?:only\s+)?(?:for|to)\b|(?:only\s+)?(?:ask|show)\s+(?:those|respondents|people|if)\b|if\s+.+?,?\s+then\s*:?\s*\]?$|if\s+.+?[,:]?\s+ask\s*(?:(?:q\.?\s*)?[a-z]{0,4}\d|[.:\]]|$)|ask\s+(?:q\.?\s*)?[a-z]{0,4}\d{1,3}[a-z]?\s+(?:only\s+)?(?:if|when)\b|base\s*[:=]\s*(?:(?!all\b)|all\b.*(?:[=<>≠]|\b(?:who|that|with|whose|except|among)\b))|filter\s*[:=]|filtro\s*[:=]|(?:nur|solo|sólo|seulement|apenas|somente)\s+(?:wenn|falls|si|se)\b|among\s+|import if\b|ask if\b|show if\b|ask\s+(?!all\b|everyone\b)\p{L}[\p{L}\p{N} '’/&-]{1,40}?\s+only\s*:?\s*\]?$)/iu;

/** Documentation of who was asked: "[Only asked to respondents that selected …]", "Asked only of those who …". */
const ASKED_OF = /^\[?\s*(?:only\s+)?asked\s+(?:only\s+)?(?:to|of)\s+(?:respondents|those|people|participants|users)\s+(?:that|who)\s/i;

/**
 * A filter line that names its audience by what they answered ("Those who said Yes at Q1:", "For respondents who
 * selected 'Train':", "AMONG PEOPLE WHO USE X (Q2 = 1)"). Prose like this is a filter only as a line of its own that
 * introduces what follows (ends in a colon) or names a question id or a code; a sentence of an introduction is not.
 */
const AUDIENCE_LINE =
  /^(?:for\s+|among\s+)?(?:(?:all\s+)?(?:those|respondents|people|participants|persons|anyone|everyone|users)\s+(?:who|that|with|answering|selecting|choosing|saying)\b)(?=[^.?!]{3,150}$)(?:.*:\s*$|.*\b(?:q\.?\s*\d|[A-Z]{1,3}\d{1,3}[a-z]?\b|question\s+\d|codes?\s+\d))/i;

/** "Q6 only if Q5 = Yes", "(Q6 only if Q5 = a)", "Q5-Q8 asked only if …": a filter that names the question(s) it is for. */
const SCOPED_FILTER =
  /^[[(]?\s*(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?(?:\s*(?:-|–|—|to)\s*(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?)?\s+(?:(?:is|are)\s+)?(?:only\s+)?(?:(?:asked|shown|displayed)\s+)?(?:only\s+)?(?:if|when)\s+\S/i;

/** Display logic ("ASK IF …", "[Show for S6=1,2]"). "Ask for …"/"Show to …" only count in brackets or capitals. */
export const DISPLAY_LOGIC = {
  test(text: string): boolean {
    const value = text.trim();
    if (isNumbersOnlyHelp(value) || INTERVIEWER_HELP.test(value)) return false;
    // "Among bike owners, what share of them …?": a question that opens by naming whom it asks about, not a filter.
    if (/^among\s/i.test(value) && /[?？]\s*$/.test(value) && /,\s/.test(value)) return false;
    if (ASKED_OF.test(value)) return true;
    // The wrapper does not matter: "[IF YES TO Q4]" and "(IF Q3 = 1)" are the same filter as "IF …" — for one
    // clause; a bracketed instruction of several ("[IF RESPONSE > 3, SHOW THE NEXT ROW. REPEAT …]") is a note.
    const wrapped = /^[[(]([^[\]()]*)[\])]$/.exec(value);
    const bare = wrapped && !/[,.;:]\s/.test(wrapped[1]) ? wrapped[1].trim() : value;
    if (AUDIENCE_LINE.test(bare) || SCOPED_FILTER.test(value)) return true;
    // "[DO NOT ASK IN <country>]", "NOT ASKED FOR PANEL MEMBERS": an exclusion, bracketed or in capitals.
    if ((wrapped || value === value.toUpperCase()) && exclusionOf(value)) return true;
    // A bracketed condition sentence that names its question, in any lexicon language, by id or by position
    // ("[Si la respuesta fue 'No' en la pregunta anterior]", "(si vous avez répondu non à la question 4)").
    if (wrapped && value.length < 200) {
      const named = withPositionalRefs(bare, { id: "Q0", variable: "Q0" });
      const said = sentenceCondition(named);
      if (said !== named && /=/.test(said)) return true;
    }
    // "only if Q5 = Yes" (the rest of "Q6 only if Q5 = Yes"): a filter, when it asks nothing itself.
    if (/^(?:(?:asked|shown)\s+)?only\s+(?:if|when)\s+\S/i.test(bare) && !/[?？]/.test(bare) && bare.length < 120) return true;
    // "IF B1 = 1", "IF OWNED (CODE 1 OR 2 AT A2)": a filter written in capitals or with a comparison.
    if (
      value.length < 140 &&
      (/^\(?IF\s+[A-Z0-9]/.test(bare) || /^\(?if\s+(?!\s).*(?:[=<>≠]|\bcodes?\s+\d)/i.test(value)) &&
      !ROUTING_LOGIC.test(value) &&
      !/\b(?:classify|terminate|code as|recode|set|assign|quota|punch|then)\b/i.test(value)
    ) {
      return true;
    }
    // "ASK BIKE OWNERS (BIKE=1):": a group base in capitals with its condition in brackets; "ASK ALL FORM 1:": one form.
    if (value.length < 400 && (bracketedBaseCondition(value) !== null || (ALL_OF_FORM_BASE.test(value) && splitFormOf(value.replace(ALL_OF_FORM_BASE, "ASK ")) !== null))) return true;
    // "ASK PARENTS", "ASK EMPLOYED RESPONDENTS ONLY": a group base written in capitals (not "ASK ALL", "ASK EACH …").
    if (/^\[?ASK\s+(?!ALL\b|EACH\b|FOR\b|ABOUT\b|THE QUESTION|QUESTIONS?\b|Q\.?\s*\d|[A-Z]{1,3}\d)[A-Z][A-Z0-9 '’/&+-]{2,60}\]?$/.test(value) && !/\b(?:ALL|EVERYONE|EVERYBODY)\b/.test(value)) return true;
    // "[ASK QBB IF SAMPLE=LANDLINE]": a filter naming its question by a variable name in capitals.
    if (/^\[?\s*ASK\s+(?!ALL\b|THOSE\b|EVERYONE\b)[A-Z][A-Z0-9_]{1,15}\s+(?:ONLY\s+)?IF\s+\S/.test(value) && value.length < 300) return true;
    // "ASK ALL LANDLINE SAMPLE:", "ASK CELL PHONE SAMPLE:": a base naming a sample frame.
    if (SAMPLE_FRAME_BASE.test(value)) return true;
    if (!DISPLAY_LOGIC_PATTERN.test(value)) return false;
    if (/^\[?\s*(?:ask|show|display)\s+(?:this\s+(?:question\s+)?)?(?:only\s+)?(?:for|to)\b/i.test(value)) {
      return value.startsWith("[") || /^(?:ASK|SHOW|DISPLAY)\b/.test(value) || /[=<>≠]|\b[A-Z]{1,4}\d/.test(value);
    }
    return true;
  },
};
export const ROUTING_LOGIC = new RegExp(
  String.raw`\b(?:route|branch)\s+to\b|\b${GOTO_VERB}(?![a-z0-9_])|(?:^|\s)(?:→|->|=>)\s*(?:Q\s*\d|[A-Z]{1,4}\d|問\d|\d{1,2}\.\d|question|page|section|end\b|ende\b|fin\b|terminate|close\b|encerr|termin|终止|調査終了)|跳至|跳到|跳转|转(?:至|到)?\s*(?:Q\s*|第\s*)\d|\b(?:terminate|screen ?out|disqualify|thank (?:and|&) (?:terminate|close|end))\s+(?:if|when)\b|^\[?\s*(?:if|si|wenn)\b.+\b(?:terminate|screen ?out|close|end (?:the )?(?:survey|interview))\b|^\[?\s*term\s+if\b|^\[?\s*must\s+(?:select|choose|pick)\s+(?:codes?\s+)?\d.*\bto\s+(?:continue|qualify|proceed)\b`,
  "i",
);

/**
 * "SI → PASE A P3     1": "si" is Spanish "yes" written without its accent, not "if" — nothing stands between it and
 * the jump, so no condition is written. With its code printed after a gap it is an answer carrying its own route.
 */
function isYesAnswerRoute(text: string): boolean {
  if (!new RegExp(String.raw`^(?:s[ií]|sim|oui|yes)\s*(?:→|->|=>|[-–—:,]\s*${GOTO_VERB}(?![a-z0-9_])|${GOTO_VERB}(?![a-z0-9_]))`, "i").test(text)) return false;
  const option = parseOption(text);
  return option.code !== undefined && Boolean(option.leader);
}

/** Context-free class of a line. */
/** "1 = not at all; 7 = completely", "0 = nunca; hasta 10 = siempre": two numbered end points, each with its label. */
const SCALE_LEGEND = /^\(?\d{1,2}\s*=\s*[^;=\d]{1,60};\s*(?:\p{L}{1,8}\s+)?\d{1,2}\s*=\s*[^;=\d]{1,60}\)?$/u;

/** A write-in field's caption alone on its line: "(specify)", "A préciser", "……. (à préciser)", "(especifique)". */
export const SPECIFY_CAPTION = /^[.…\s]{0,12}\(?\s?(?:[àa]\s)?(?:specify|pr[ée]ciser|especifi(?:que|car)|angeben|specificare)\s?\)?\.?$/i;

/**
 * "1 means not at all and 7 means very much", "1 bedeutet „gar nicht“ und 7 bedeutet „sehr“": the same legend in
 * words — a number, the verb that names a point (cue lexicon), its label, "and", the other number and its label.
 */
export const SCALE_LEGEND_WORDS = new RegExp(
  String.raw`^\(?\d{1,2}\s+(?:means|stands for|is|${CUES.means})\s+[^\d;=]{1,60}?,?\s+(?:and|${CUES.and})\s+\d{1,2}\s+(?:means|stands for|is|${CUES.means})\s+[^\d;=]{1,60}$`,
  "iu",
);

/**
 * A PDF line whose first piece is a variable name set apart from the rest by a wide gap — a specification's label
 * column ("SEC_Q05      Have you …") — has the gap a typed document writes as a tab. Only names with a digit or "_"
 * ("SEC_Q05", "HLTH12"), and not when the rest is a condition (a check item or a derived variable's rule) or a statement.
 */
function labelColumnId(line: LogicalLine, text: string): QuestionIdMatch | null {
  const label = line.segments && line.segments.length >= 2 ? line.segments[0].text.trim() : "";
  if (!/^[A-Z][A-Z0-9_]{2,15}$/.test(label) || !/[\d_]/.test(label) || !text.startsWith(label)) return null;
  const rest = text.slice(label.length).trim();
  if (/^(?:if|else|otherwise)\b/i.test(rest)) return null;
  // A statement — a sentence ended by a full stop, nothing asked — is a screen of text or an edit's message; a
  // caption ended by a colon heads what follows (the variables a module reads).
  if (!/[?？]/.test(rest) && /(?:\.(?:\s|$)|:\s*$)/.test(rest)) return null;
  return matchQuestionId(`${label}\t${rest}`);
}

const QUALIFIED_SECTION = /^[A-Z][a-z]{2,15} (Section|Module|Part) (\d{1,3}|[A-Z])\s?:\s?(\S.{0,100})$/;

/**
 * "THOUGHT      How much thought have you given to …": a name of capitals alone set apart from its wording by a wide
 * gap (labelColumnId reads names with a digit or "_"): a question only where its wording asks or runs on.
 */
function gappedVariableId(line: LogicalLine, text: string): QuestionIdMatch | null {
  const name = line.segments?.[0]?.text.trim();
  if (!name || !/^[A-Z]{3,16}$/.test(name) || !text.startsWith(`${name} `)) return null;
  // Only wording that asks or runs on: a closed sentence ("… has been entered.", "External variables:") or a
  // condition ("If X = 1, go to …") beside a name is a codebook's note, not a question.
  const rest = text.slice(name.length + 1);
  if ((!/[?？]/.test(rest) && /[.:!)\]]$/.test(rest)) || DISPLAY_LOGIC.test(rest) || ROUTING_LOGIC.test(rest)) return null;
  const id = matchQuestionId(`${name}\t${rest}`);
  return id?.kind === "variable" ? id : null;
}

/**
 * classifyLine reads only the line's own fields, and the segmenter, the grid look-ahead and several readers ask for
 * the same line's class again and again: each line's class is kept beside it (checked against the fields it was read
 * from, so a line changed or rebuilt afterwards is read anew). Callers never change a class they are given.
 */
interface ClassMemo {
  text: string;
  script: ScriptLine | undefined;
  spine: QuestionIdMatch | undefined;
  first: ExtractedLine;
  segments: LineSegment[] | undefined;
  segmentCount: number;
  segmentText: string | undefined;
  heading: unknown;
  list: unknown;
  bold: unknown;
  quote: unknown;
  cls: LineClass;
}
const classMemo = new WeakMap<LogicalLine, ClassMemo>();

export function classifyLine(line: LogicalLine): LineClass {
  const memo = classMemo.get(line);
  const first = line.first;
  if (
    memo &&
    memo.text === line.text &&
    memo.script === line.script &&
    memo.spine === line.spine &&
    memo.first === first &&
    memo.segments === line.segments &&
    memo.segmentCount === (line.segments?.length ?? 0) &&
    memo.segmentText === line.segments?.[0]?.text &&
    memo.heading === first.heading &&
    memo.list === first.list &&
    memo.bold === first.bold &&
    memo.quote === first.quote
  ) {
    return memo.cls;
  }
  const cls = classifyLineOnce(line);
  classMemo.set(line, {
    text: line.text,
    script: line.script,
    spine: line.spine,
    first,
    segments: line.segments,
    segmentCount: line.segments?.length ?? 0,
    segmentText: line.segments?.[0]?.text,
    heading: first.heading,
    list: first.list,
    bold: first.bold,
    quote: first.quote,
    cls,
  });
  return cls;
}
function classifyLineOnce(line: LogicalLine): LineClass {
  if (line.script) return scriptClass(line.script, line.text);
  if (line.spine) return { kind: "qid", id: line.spine };
  const text = plainRouting(line.text.trim());
  const first = line.first;
  if (/^[-–—=*~·•\s]{3,}$/.test(text)) return { kind: "separator" };
  if (/^(?:codes?|punch(?:es)?|values?)$/i.test(text)) return { kind: "note" };
  if (DISPLAY_START.test(text)) return { kind: "display-start" };
  if (GRID_SPEC.test(text) && splitSpecList(GRID_SPEC.exec(text)![2]).length >= 2) return { kind: "instruction" };
  // "1 = muy negativa; 7 = muy positiva": the legend of a scale's end points, not its first answer.
  if (SCALE_LEGEND.test(text) || SCALE_LEGEND_WORDS.test(text)) return { kind: "instruction" };
  if (END_OF_BLOCK.test(text)) return { kind: "end-of-block" };
  const pageBreak = PAGE_BREAK.exec(text);
  if (pageBreak) return { kind: "page-break", rest: pageBreak[1]?.trim() || undefined };
  const pageLabel = PAGE_LABEL.exec(text);
  if (pageLabel) return { kind: "page-label", label: pageLabel[1] ?? pageLabel[2] };
  const section = SECTION_LINE.exec(text);
  if (section && !/[?？]/.test(text) && text.length < 120) {
    if (section[1]) return { kind: "section", title: section[1].trim() };
    const word = section[2];
    const label = `${word[0].toUpperCase()}${word.slice(1).toLowerCase()} ${section[3]}`;
    return { kind: "section", label, title: section[4]?.trim() || label };
  }
  const abbreviated = abbreviatedSection(text);
  if (abbreviated && text.length < 120) return { kind: "section", ...abbreviated };
  // "Core Section 12: Tobacco Use", "Optional Module 3: Caregiving": a kind of section named before its number.
  const qualified = QUALIFIED_SECTION.exec(text);
  if (qualified) return { kind: "section", label: `${qualified[1]} ${qualified[2]}`, title: qualified[3].trim() };
  if (TERMINATE_SCREEN.test(text)) return { kind: "terminate-screen" };
  const id = matchQuestionId(text) ?? labelColumnId(line, text) ?? gappedVariableId(line, text);
  // "1. ________", "2. ________": numbered lines to write on (the first, second … of several answers), not questions.
  if (id && /^_{3,}$/.test(id.rest.trim()) && /^\d{1,2}$/.test(id.id)) return { kind: "entry" };
  if (id) return { kind: "qid", id };
  // A heading that asks something is a question (some questionnaires style every question as a heading).
  // The question mark may be followed by a remark in brackets ("…? (Check all that apply)", "…? (in order of importance)").
  if (first.heading && text.length < 150 && !/[?？]\s*(?:\([^()]*\)|\[[^\]]*\]|[*_]+[^*_]*[*_]+)?\s*$/.test(text)) return { kind: "section", title: text };
  if (END_LINE.test(text) && text.length < 80) return { kind: "end" };
  // "(à préciser)", "(specify)" printed under the write-in line of an "other" answer: the field's caption.
  if (SPECIFY_CAPTION.test(text)) return { kind: "instruction" };
  if (ENTRY_LINE.test(text) || isEntryField(text) || ANSWER_SPACE_LINE.test(text) || dottedFieldLabels(text)) {
    // "Other /__________/ ...... 6": a write-in field inside an answer coded after a dot leader is that answer.
    const coded = parseOption(text);
    return coded.leader && coded.code !== undefined ? { kind: "option", option: coded } : { kind: "entry" };
  }
  // A web form's helper line ("Marcar apenas uma oval por linha.") declares how to answer, in any language.
  if (isNumbersOnlyHelp(text) || formHelper(text)) return { kind: "instruction" };
  if (DISPLAY_LOGIC.test(text) && text.length < 400) return { kind: "logic" };
  if (/^\[.*\]$/.test(text) && ROUTING_LOGIC.test(text)) return { kind: "logic" };
  // "NOW GO TO QUESTION 17" / "THEN SKIP TO 9" after an answer list: every answer goes on there.
  if (ROUTING_LOGIC.test(text) && /^\[?\s*(?:(?:now|then|ahora|luego|puis|ensuite|dann)\s+)?(?:if|si|wenn|falls|se|terminate|screen|skip|go|jump|thank\s*(?:and|&)|→|->)/i.test(text) && text.length < 300 && !isYesAnswerRoute(text)) {
    const target = parseRouteTarget(text);
    if (target && target.kind !== "next") return { kind: "logic" };
  }
  if (INSTRUCTION_LINE.test(text) || INSTRUCTION_LINE.test(text.replace(ICON_LEAD, ""))) return { kind: "instruction" };
  if (NOTE_LINE.test(text)) return { kind: "note" };
  const romanLetter = ROMAN_LETTER_SECTION.exec(text);
  if (romanLetter && !/[?？]/.test(text) && (first.bold || first.heading || isMostlyUpper(romanLetter[2]))) return { kind: "section", label: romanLetter[1], title: text };
  const letterSection = LETTER_SECTION.exec(text);
  if (letterSection && !first.list && (first.bold || isMostlyUpper(letterSection[2]) || first.heading)) {
    return { kind: "section", label: letterSection[1], title: text };
  }
  // "No: End Survey" under a screener question: an answer and where it leads, printed without a box or code.
  if (routedAnswer(text)) return { kind: "option", option: parseOption(text) };
  const markerMatch = MARKER.exec(text);
  const isBullet = first.list && !first.list.ordered;
  if ((markerMatch && text.length > markerMatch[0].length) || isBullet || /^[⊗⊘]/.test(text)) {
    return { kind: "option", option: parseOption(text) };
  }
  // A numbered list item that holds a scale point ("2. 6" between "1. 7 - Describes me completely" and
  // "7. 1 - Does not describe me at all"): an answer whose label is the point.
  const point = first.list?.ordered ? /^(\d{1,3})[.)]\s+(\d{1,3})$/.exec(text) : null;
  if (point) return { kind: "option", option: { code: point[1], label: point[2], codeFirst: true } };
  const option = parseOption(text);
  if (option.code !== undefined && option.label && (option.codeFirst || option.leader || /\(\d{1,3}\)\s*(?:__.*)?$/.test(text))) return { kind: "option", option };
  // A quoted line that is no question, answer or logic is a note set apart for the reader ("> Write every name").
  if (first.quote) return { kind: "instruction" };
  return { kind: "text" };
}

/** The class of a line whose role the script-export layout already settled. */
function scriptClass(script: ScriptLine, text: string): LineClass {
  if (script.kind === "property") return { kind: "note" };
  if (script.kind === "answer") return { kind: "option", option: parseOption(text.trim()) };
  if (script.kind === "text") return { kind: "text" };
  const { header } = script;
  if (header.role === "screen") return { kind: "screen" };
  if (header.role === "block-end") return { kind: "end-of-block" };
  if (header.role === "block-start") return { kind: "section", label: header.id, title: header.mnemonic.replace(/_/g, " ") };
  const number = /\d+/.exec(header.id);
  return {
    kind: "qid",
    id: { id: header.id, rest: "", kind: "prefixed", alias: header.mnemonic, ...(number ? { number: Number(number[0]) } : {}), ...(header.format ? { format: header.format } : {}) },
  };
}

export function isProgrammingNoteText(text: string): boolean {
  return NOTE_LINE.test(text.trim()) || (isMostlyUpper(text) && /\b(?:ASK|SHOW|RANDOMI[SZ]E|ROTATE|TERMINATE|IMPORT|PULL DOWN|OPEN ?ENDED|ANCHOR|SR|MR|SCALE|REPEAT|INSERT|CAPTURE|QUOTA|PROGRAMMER|CODE)\b/.test(text));
}
