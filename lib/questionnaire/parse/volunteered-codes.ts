import { CUES, YES_ANSWER } from "./cue-lexicon";
import { classifyLine, type LogicalLine, type TableBlock, type TableCell, type Unit } from "./lines";
import { ENGLISH_VOLUNTEERED, INSTRUCTION_LINE, isMostlyUpper, NOTE_LINE, parseOption, VOLUNTEERED_LABEL } from "./patterns";

export { VOLUNTEERED_LABEL };
import type { BodyPart, RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * Interviewer-read questionnaires printed without numbers (the ESS / EVS source questionnaires and the
 * translation and lab copies made from them): one element per line, no blank lines, no ids. What separates the
 * questions is the code list: every closed question ends with the codes the interviewer records when the
 * respondent volunteers them — "(Refusal)", "(Don't know)", "(No answer)" — printed in parentheses because
 * they are not read out. Read line by line those questions look like one long text (nothing numbers them,
 * few wordings end with a question mark); read as the convention prints them, each run of volunteered codes
 * closes a question, and the lines since the previous run are, in order:
 * - preamble (an introduction to the topic, a vignette) before the question sentence;
 * - the question sentence: the first line that asks (a question mark) or that a list completes (an ellipsis
 *   or a colon); without one, every line is wording;
 * - interviewer instructions in capitals or led by a read-out cue ("READ OUT…", "Code all mentioned",
 *   "INTERVIEWER: …", "(Code one only)", "Please use this card");
 * - item stems that continue the question ("...people in their 20s?"): a grid's rows, asked one by one;
 * - the codes: the short lines just above the volunteered codes.
 * The reading applies only to a document that numbers nothing (no question ids, no tables) and closes at least
 * three code lists this way; anything else goes to the general segmenter.
 */

/** "(Refusal)", "(Don't know)": a whole line in parentheses naming a code the interviewer does not read out. */
const VOLUNTEERED = new RegExp(String.raw`^\(\s*(?:${ENGLISH_VOLUNTEERED}|${CUES.noneOrDontKnow})[^()]{0,30}\)\.?$`, "i");
/** A cue that the line speaks to the interviewer (English, then the lexicon's languages). */
const INTERVIEWER_CUE = new RegExp(String.raw`^(?:interviewer|nb|note)\s*:|^(?:read out|read out and|code\b|write in|show card|card \d|please use this card|use this card\.?$)|^(?:${CUES.readOut})`, "i");
/** An item stem that continues the question sentence: "...people in their 20s?", "… be active in politics?". */
const STEM = /^(?:\.{3}|…)\s*\S/;
/** The question sentence: it asks, or a list completes it. */
const ASKS = /(?:[?？]|\.{3}|…|[:：])\s*$/;

const MIN_BLOCKS = 3;
/** The wording asks the same thing of several items: "for each one", "each of the following statements", "code in grid". */
const GRID_CUE = /\b(?:for each|each (?:one|item|activity|statement|of (?:the following|these))|in (?:the )?grid|per (?:row|item))\b/i;
/** Words too common to tie a code to the wording. */
const COMMON = new Set("the and you your are for with that this from have has would any into them they their what which".split(" "));

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => !COMMON.has(word));
}

/**
 * Where a grid's shared scale starts among the plain lines above the volunteered codes, when the wording asks
 * the same thing of each item and prints the items without a stem mark: the scale is the run that starts with
 * "Yes", or the longest run of codes at the end whose every label echoes a word of the wording ("every week or
 * nearly every week, once or twice a month" over "Every week", "Once or twice a month"). -1 when neither shows.
 */
function scaleStart(codes: LogicalLine[], wording: string): number {
  const yes = codes.findIndex((line, index) => index > 0 && YES_ANSWER.test(line.text.trim()));
  if (yes > 0 && codes.length - yes >= 2) return yes;
  const asked = new Set(contentWords(wording));
  let start = codes.length;
  while (start > 0 && contentWords(codes[start - 1].text).some((word) => asked.has(word))) start--;
  return start >= 1 && codes.length - start >= 2 ? start : -1;
}

function isVolunteered(text: string): boolean {
  return VOLUNTEERED.test(text.trim());
}

function isInstruction(text: string): boolean {
  const value = text.trim();
  if (STEM.test(value) || isVolunteered(value)) return false;
  return isMostlyUpper(value) || INTERVIEWER_CUE.test(value) || /^\([^()]{3,80}\)\s*$/.test(value) || INSTRUCTION_LINE.test(value) || NOTE_LINE.test(value);
}

/** A sentence (a statement to rate, a vignette) rather than an answer label: it ends with a full stop after five words or more. */
function isSentence(text: string): boolean {
  const value = text.trim();
  return /[^.]\.$/.test(value) && !/\betc\.$/i.test(value) && value.split(/\s+/).length >= 5;
}

/** An answer code: a short label that neither asks, nor introduces a list, nor speaks to the interviewer. */
function isCode(text: string): boolean {
  const value = text.trim();
  return value.length > 0 && value.length <= 160 && !STEM.test(value) && !ASKS.test(value) && !isSentence(value) && !isInstruction(value);
}

function cell(line: LogicalLine, text: string): TableCell {
  return { text, start: line.start, end: line.end, lines: [line] };
}

/** The grid of stems over the shared codes, as the table the interpreter reads grids from. */
function gridTable(stems: LogicalLine[], codes: LogicalLine[], id: number): TableBlock {
  const header: (TableCell | undefined)[] = [undefined, ...codes.map((line) => cell(line, line.text.trim()))];
  const rows = stems.map((line) => [cell(line, line.text.trim().replace(/^(?:\.{3}|…)\s*/, "")), ...codes.map(() => undefined)]);
  const lines = [...stems, ...codes];
  return { id, rows: [header, ...rows], cols: codes.length + 1, start: lines[0].start, end: lines[lines.length - 1].end, lines };
}

function question(lines: LogicalLine[], tableId: number): RawQuestion {
  let end = lines.length;
  while (end > 0 && isVolunteered(lines[end - 1].text)) end--;
  let codeStart = end;
  while (codeStart > 0 && isCode(lines[codeStart - 1].text)) codeStart--;
  // Stems and instructions between the question sentence and the codes ("READ OUT…" may follow the stems too).
  let tailStart = codeStart;
  while (tailStart > 0 && (STEM.test(lines[tailStart - 1].text.trim()) || isInstruction(lines[tailStart - 1].text))) tailStart--;
  const head = lines.slice(0, tailStart);
  const asks = head.findIndex((line) => ASKS.test(line.text.trim()) && !isInstruction(line.text));
  // The sentence just before the question leads into it ("I'm going to ask how often you do certain things.");
  // earlier lines are preamble (a topic introduction, a vignette).
  const wordingStart = asks >= 1 ? asks - 1 : 0;
  const body: BodyPart[] = [];
  const notes: RawQuestion["notes"] = head.slice(0, wordingStart).map((line) => ({ text: line.text.trim(), span: { start: line.start, end: line.end } }));
  for (const line of head.slice(wordingStart)) {
    const text = line.text.trim();
    body.push(isInstruction(text) ? { kind: "instruction", line, text } : { kind: "wording", line, text });
  }
  const stems: LogicalLine[] = [];
  for (const line of lines.slice(tailStart, codeStart)) {
    const text = line.text.trim();
    if (STEM.test(text)) stems.push(line);
    else body.push({ kind: "instruction", line, text });
  }
  let codes = lines.slice(codeStart);
  // Items printed as plain lines before the scale they share.
  // The grid cue may be the interviewer's ("Read out and code one answer for each"); the scale echoes the wording.
  const wording = body.map((part) => (part.kind === "wording" ? part.text : "")).join(" ");
  const told = body.map((part) => ("text" in part ? part.text : "")).join(" ");
  if (stems.length === 0 && GRID_CUE.test(told)) {
    const split = scaleStart(codes.slice(0, codes.length - (lines.length - end)), wording);
    if (split > 0) {
      stems.push(...codes.slice(0, split));
      codes = codes.slice(split);
    }
  }
  if (stems.length > 0 && codes.length >= 2) body.push({ kind: "table", table: gridTable(stems, codes, tableId) });
  else {
    // A lone stem without codes to share is more wording.
    for (const line of stems) body.push({ kind: "wording", line, text: line.text.trim() });
    for (const line of codes) body.push({ kind: "option", line, option: parseOption(line.text), text: line.text.trim(), numbered: false });
  }
  return {
    kind: "question",
    id: null,
    aliases: [],
    body,
    logic: [],
    notes,
    pageBreakBefore: false,
    start: lines[0].start,
    end: lines[lines.length - 1].end,
    closed: true,
    awaitingWording: false,
  };
}

/** Tables read here are numbered apart from the document's own tables and the other readers'. */
const FIRST_TABLE_ID = 90_000;

/**
 * The segmentation of an unnumbered interviewer-read questionnaire whose questions each close with volunteered
 * codes (see above), or null when the document is not printed that way.
 */
export function readVolunteeredCodeLists(units: Unit[]): Segmentation | null {
  if (units.some((unit) => unit.kind === "table")) return null;
  const lines = units.flatMap((unit) => (unit.kind === "line" ? [unit.line] : []));
  if (lines.some((line) => classifyLine(line).kind === "qid")) return null;
  // Each block ends with its last volunteered code (one run of them).
  const ends: number[] = [];
  lines.forEach((line, index) => {
    if (isVolunteered(line.text) && !(lines[index + 1] && isVolunteered(lines[index + 1].text))) ends.push(index + 1);
  });
  if (ends.length < MIN_BLOCKS) return null;
  const items: (RawQuestion | RawInfo)[] = [];
  let start = 0;
  ends.forEach((end, index) => {
    const block = lines.slice(start, end);
    if (block.some((line) => !isVolunteered(line.text))) items.push(question(block, FIRST_TABLE_ID + index));
    start = end;
  });
  if (start < lines.length) items.push({ kind: "info", role: "text", lines: lines.slice(start), logic: [], notes: [], pageBreakBefore: false });
  return { items, sections: [], notes: [], floatingLogic: [] };
}
