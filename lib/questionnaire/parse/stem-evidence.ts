import type { LogicalLine } from "./lines";
import { HINT, parseOption } from "./patterns";
import { isCitation } from "./citations";
import type { BodyPart, RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * The document's own evidence of questions, checked against what segmentation found. A layout no pass
 * recognises collapses into text: several stems that ask (a line ending in a question mark — "?", "？",
 * "؟", a Spanish "¿…?" — or in a bracketed request to pick an answer, "(circle one)") each followed by
 * lines of answers end up as one information screen. Where a text screen holds two or more such stems,
 * each with its answer block, the stems are recovered as questions with the lines under them as answers,
 * flagged for review (the reading is less certain than a recognised layout's). A stem with no answer lines,
 * followed after a gap (room to write) by the next stem or ending the screen, is an open question.
 *
 * Nothing is invented: only text screens are read (never an introduction, an end screen or a question's
 * answer list), and a screen about consent, objectives or references, or one citing sources, is left alone.
 */

const LINE_CAP = 300;
/** A line that asks: it ends in a question mark (after an optional closing bracket or quote). */
const ASKS = /[?？؟][)\]"'”»]?:?$/;
/** A line that ends by asking for a pick: "(please circle one)", "(tick all that apply)". */
const PICK_REQUEST = /\((?:please\s+)?(?:circle|tick|check|mark|select|choose|pick)\s+(?:one|all|only)\b[^()]{0,40}\)\s*$/i;
/** Screens whose questions are not the respondent's to answer: consent clauses, objectives, references. */
const NOT_ASKED = /\b(?:consent|agree to (?:take part|participate)|objectives?|aims? of (?:the|this)|purpose of (?:the|this)|references|bibliography|consentimiento|objetivos?|referencias|consentement|références|einwilligung|ziele?\b|literatur|consentimento|referências)\b/i;
/** An answer block line: short, not a sentence of prose. */
const MAX_ANSWER_LINE = 120;
const MAX_ANSWER_LINES = 12;
/** Wide spaces between answers printed side by side. */
const WIDE_GAP = /\s{2,}|\t+/;
const CODES_ONLY = /^\d{1,2}(?:\s+\d{1,2})+$/;

function isStem(line: LogicalLine): boolean {
  const text = line.text.trim().slice(0, LINE_CAP);
  if (fieldLabel(line)) return true;
  if (text.length < 8 || line.text.length > LINE_CAP) return false;
  return ASKS.test(text) || PICK_REQUEST.test(text) || (/\)\s*$/.test(text) && (HINT.single.test(text) || HINT.multi.test(text)) && /\(/.test(text));
}

/**
 * A short label ending in a colon on a line of its own ("Date of birth:", "Favourite place to walk:"): on a form
 * whose answers are drawn (boxes, lines, scales with no text), the label is all the text layer keeps of a question.
 */
function fieldLabel(line: LogicalLine): boolean {
  const text = line.text.trim();
  // (A line in capitals introduces what follows: "PLEASE READ THE FOLLOWING:".)
  return text.length >= 3 && text.length <= LABEL_CAP && /^\p{L}/u.test(text) && /[:：]$/.test(text) && !/[.!?？]\s/.test(text) && text !== text.toUpperCase();
}
const LABEL_CAP = 80;

type Run = { kind: "text"; lines: LogicalLine[] } | { kind: "stem"; stem: LogicalLine; answers: LogicalLine[] };

/** A line that introduces what follows ("PLEASE ANSWER THE FOLLOWING:") or reads as a sentence: text, not an answer. */
function isTextLine(line: LogicalLine): boolean {
  const text = line.text.trim();
  return /[:.;]$/.test(text) || text.length > MAX_ANSWER_LINE;
}

/** A stem left open: no answer lines, and the next stem printed after a gap (the room to write the answer in), or none. */
function writtenIn(next: Run | undefined): boolean {
  return next === undefined || (next.kind === "stem" && Boolean(next.stem.first.blankBefore));
}

/**
 * A text screen as runs of text and of stems with the answer lines under each, or null when it is not a
 * collapsed run of questions: three or more stems, or two that ask for a pick, every one with answers.
 * (Two question marks over short lines are as often notes or a minute's headings as a questionnaire.)
 */
function collapsedStems(info: RawInfo): Run[] | null {
  if (info.role !== "text" || info.lines.length < 4) return null;
  const runs: Run[] = [];
  for (const line of info.lines) {
    const capped = line.text.slice(0, LINE_CAP);
    if (NOT_ASKED.test(capped) || isCitation(capped)) return null;
    const last = runs[runs.length - 1];
    if (isStem(line)) runs.push({ kind: "stem", stem: line, answers: [] });
    else if (last?.kind === "stem" && !isTextLine(line)) last.answers.push(line);
    else if (last?.kind === "text") last.lines.push(line);
    else runs.push({ kind: "text", lines: [line] });
  }
  const stems = runs.filter((run) => run.kind === "stem");
  const picks = stems.filter((run) => PICK_REQUEST.test(run.stem.text.trim().slice(0, LINE_CAP))).length;
  if (stems.length < 3 && picks < 2) return null;
  if (runs.some((run, index) => run.kind === "stem" && ((run.answers.length === 0 && !writtenIn(runs[index + 1])) || run.answers.length > MAX_ANSWER_LINES))) return null;
  return runs;
}

/** Lines a stranded screen may hold: a few stems, no more. */
const STRANDED_LINES = 3;

/**
 * A short text screen between two questions that holds only field labels, each on a line of its own after a gap
 * (the room its drawn answer took): in the rhythm of the questions around it, those labels are questions too
 * ("Nearest village:" between two questions with their write-in room).
 */
function strandedStems(info: RawInfo, before: RawQuestion | RawInfo | undefined, after: RawQuestion | RawInfo | undefined): Run[] | null {
  if (info.role !== "text" || before?.kind !== "question" || after?.kind !== "question" || info.lines.length > STRANDED_LINES) return null;
  // (Only labels: lines that ask with a question mark between questions are as often the rows of a grid whose scale
  // the print set apart.)
  const stems = info.lines.every((line) => fieldLabel(line) && line.first.blankBefore && !NOT_ASKED.test(line.text.slice(0, LINE_CAP)) && !isCitation(line.text.slice(0, LINE_CAP)));
  return stems ? info.lines.map((line) => ({ kind: "stem" as const, stem: line, answers: [] })) : null;
}

/**
 * The answers of a recovered stem: one per line, or, where the answers are printed side by side in columns
 * ("Very unlikely   Unlikely   Neutral …" over "1   2   3 …"), one per column of the widest line.
 */
function answerParts(answers: LogicalLine[]): BodyPart[] {
  if (answers.length === 0) return [];
  const pieces = answers.map((line) => (line.segments && line.segments.length >= 2 ? line.segments.map((piece) => piece.text.trim()) : line.text.trim().split(WIDE_GAP)).filter(Boolean));
  const widest = pieces.reduce((best, entry, index) => (entry.length > pieces[best].length ? index : best), 0);
  if (pieces[widest].length >= 2) {
    const line = answers[widest];
    const labels = pieces[widest];
    const codes = pieces.find((entry, index) => index !== widest && entry.length === labels.length && CODES_ONLY.test(entry.join(" ")));
    return labels.map((label, index) => {
      const text = codes ? `${codes[index]}. ${label}` : label;
      return { kind: "option" as const, line, option: parseOption(text), text, numbered: Boolean(codes) };
    });
  }
  return answers.map((line) => ({ kind: "option" as const, line, option: parseOption(line.text.trim()), text: line.text.trim(), numbered: false }));
}

function recovered(info: RawInfo, stem: LogicalLine, answers: LogicalLine[]): RawQuestion {
  const last = answers[answers.length - 1] ?? stem;
  return {
    kind: "question",
    id: null,
    aliases: [],
    body: [{ kind: "wording", line: stem, text: stem.text.trim() }, ...answerParts(answers)],
    logic: [],
    notes: [],
    section: info.section,
    page: info.page,
    pageBreakBefore: false,
    start: stem.start,
    end: last.end,
    closed: true,
    awaitingWording: false,
    recoveredFromText: true,
    ...(answers.length === 0 ? { askedByPlace: true } : {}),
  };
}

/** Splits text screens that hold a run of questions with their answers into those questions (see the module comment). */
export function recoverCollapsedStems(segmentation: Segmentation): void {
  const items: Segmentation["items"] = [];
  for (const [at, item] of segmentation.items.entries()) {
    const found = item.kind === "info" ? (collapsedStems(item) ?? strandedStems(item, segmentation.items[at - 1], segmentation.items[at + 1])) : null;
    if (item.kind !== "info" || !found) {
      items.push(item);
      continue;
    }
    let first = true;
    for (const run of found) {
      if (run.kind === "text") items.push({ ...item, lines: run.lines, ...(first ? {} : { logic: [], notes: [], pageBreakBefore: false }) });
      else {
        const question = recovered(item, run.stem, run.answers);
        if (first) Object.assign(question, { pageBreakBefore: item.pageBreakBefore, logic: item.logic, notes: item.notes });
        items.push(question);
      }
      first = false;
    }
  }
  segmentation.items = items;
}

/** The review warning a recovered question carries. */
export const RECOVERED_WARNING = "Read from text that no layout rule recognised as questions (a line that asks, with answer lines under it): check its wording and answers.";
