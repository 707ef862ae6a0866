import { FILTER_OF_QUESTION_ABOVE } from "./tool-logic";
import { programmerCondition } from "./programmer-conditions";
import type { Span } from "../ir";
import { checkItems, declarationLines } from "./check-items";
import { CUES } from "./cue-lexicon";
import { proseEnumerationLines } from "./prose-enumerations";
import { embeddedInstrument, isInstrumentHeading } from "./embedded-instrument";
import { indentedUnderWording } from "./indented-answers";
import { ratedItemTable } from "./rated-item-tables";
import { tableTitleLine, tickColumnLabels } from "./tick-column-tables";
import { codedStatementRows } from "./coded-statement-tables";
import { statementOverAnswerRow } from "./statement-above";
import { askedBeforeBlank } from "./asked-blanks";
import { asksByPunctuation, plainAnswerRhythm, rhythmLabels, shapedAnswerBlock, styledLabel } from "./answer-blocks";
import { answersAcross, answersBesideQuestion, answersEndAt, boxedPairs, lastBoxedAnswer, wrappedUnder } from "./side-by-side-answers";
import { CLAUSE_OUTDENT, classifyLine, conditionComplete, DISPLAY_LOGIC, isProgrammingNoteText, type LineClass, type LogicalLine, ROUTING_LOGIC, type TableBlock, type Unit } from "./lines";
import { CHECKBOX_MARKER, fieldLabels, HINT, inlineAnswerSegments, isMostlyUpper, isProgrammingBracket, looksLikeQuestionText, MARKER, matchQuestionId, type OptionParse, parseOption, splitInlineOptions, type QuestionIdMatch, RADIO_MARKER } from "./patterns";
import { normalizeName, plainRouting } from "./logic";
import { replaceEnclosed, trailingBracketList, withoutTrailing } from "../text-scan";
import { answerFormat, isFormatPlaceholder, specField } from "./spec-fields";
import { filterPlacement } from "./filter-placement";
import { bracketedAlternatives, markedAnswersOnLine } from "./inline-answers";
import { ANSWER_LIST_LABEL, codedColumns, isStatementList, ITEM_LIST_LABEL, numberedAnswerLists, personColumnsHeading, sameCodeShape, subgroupLabel } from "./answer-lists";
import { type BulletedQuestions, bulletedQuestions, carriesBulletedId, isSiblingNote } from "./bulleted-questions";
import { codedGridTable } from "./coded-grid-tables";
import { ANSWER_REQUEST, glyphAnswerNext, isLeveledQuestion, type LeveledListQuestions, leveledListQuestions, leveledQuestionText } from "./leveled-list-questions";
import { spacedListIds } from "./spaced-lists";
import { VOLUNTEERED_LABEL } from "./volunteered-codes";
import { NUMBERING_WINDOW } from "./numbering-spine";
import { leadIn } from "./follow-ups";
import { type HelpFormat, helpFormat, isAnswerHelp, withoutRequiredMark } from "./printed-help";
import { isGlyphArrowRoute, withGlyphRoutesJoined } from "./glyph-arrow-routes";

/**
 * Segmentation: walks the units in reading order and cuts them into questions, information screens,
 * sections and logic, following how questionnaires are laid out (an id starts a question; display logic
 * sits above the question it filters; routing follows the options; notes in brackets are for the
 * programmer; a page break or a section heading ends a group).
 */

export type BodyPart =
  | { kind: "wording"; line: LogicalLine; text: string }
  | { kind: "option"; line: LogicalLine; option: OptionParse; text: string; numbered: boolean }
  | { kind: "entry"; line: LogicalLine }
  | { kind: "instruction"; line: LogicalLine; text: string }
  | { kind: "note"; line: LogicalLine; text: string }
  | { kind: "table"; table: TableBlock }
  | { kind: "grid-row"; line: LogicalLine };

/** A line of answers printed side by side (side-by-side-answers.ts), the question it answers and the options it gave. */
interface AcrossLine {
  line: LogicalLine;
  question: RawQuestion;
  parts: Extract<BodyPart, { kind: "option" }>[];
}

export interface LogicText {
  text: string;
  span: Span;
  /** display: filters who sees the item; route: where to go after answering; universal: ask all. */
  role: "display" | "route" | "universal";
  /** The condition was seen before the question it belongs to, with other content in between. */
  group?: boolean;
  /** A check item's branch (check-items.ts): the comparison to read, printed apart from `text`, and whether it must not hold. */
  branch?: { condition: string; negated: boolean };
}

export interface RawQuestion {
  kind: "question";
  id: QuestionIdMatch | null;
  label?: string;
  aliases: string[];
  body: BodyPart[];
  logic: LogicText[];
  notes: { text: string; span: Span }[];
  section?: string;
  page?: string;
  pageBreakBefore: boolean;
  start: number;
  end: number;
  closed: boolean;
  awaitingWording: boolean;
  /** The author declared a matrix ("Type: matrix"): labelled lists that follow are its rows and its columns. */
  matrixDeclared?: boolean;
  /** A header declared a typed answer (open, numeric, date) before the wording: the field follows the wording. */
  fieldAfterWording?: boolean;
  /** The field came from that declaration: short lines under it are help, not special answers. */
  fieldDeclared?: boolean;
  /** Body indexes where a labelled list ("Workflows:", "Options:") of a declared matrix starts. */
  listGroups?: number[];
  /** The matrix printed its answers first and its rows after them (rated statements under a scale). */
  rowsLast?: boolean;
  /** The answer format was declared by a specification field ("- Type: Radio buttons"): the other fields are properties. */
  specDeclared?: boolean;
  /** The answer format a printable web survey's help line declares under the wording (printed-help.ts). */
  answerHelp?: HelpFormat;
  /**
   * Asked by its place alone: an item at the question level of a leveled list that asks, with no answers under it,
   * or a stem recovered from text with room to write under it (stem-evidence.ts).
   */
  askedByPlace?: boolean;
  /** Per-choice display logic ("Display This Choice: If …") printed above an answer, keyed by that answer line's start. */
  choiceLogic?: { start: number; text: string; span: Span }[];
  /** Recovered from a text screen by the document's evidence of questions (stem-evidence.ts): flagged for review. */
  recoveredFromText?: boolean;
}

const ROW_CODE_END = /\(\d{1,3}\)\s*$/;

/**
 * A printed grid whose row labels end with their code ("… when specific  o o o o" / "condition(s) are" / "met (16)"):
 * the last row's label is still open until a line ending in a code, so the lines under its cells continue it.
 */
function rowLabelOpen(question: RawQuestion): boolean {
  let rows = 0;
  let coded = false;
  let open = false;
  for (const part of question.body) {
    if (part.kind === "table") continue;
    const ends = ROW_CODE_END.test(part.line.text);
    if (part.kind === "grid-row") {
      rows++;
      open = !ends;
    } else if (rows > 0 && ends) open = false;
    if (rows > 0 && ends) coded = true;
  }
  return coded && open;
}

export interface RawInfo {
  kind: "info";
  role: "intro" | "text" | "end" | "terminate";
  lines: LogicalLine[];
  logic: LogicText[];
  notes: { text: string; span: Span }[];
  section?: string;
  page?: string;
  pageBreakBefore: boolean;
}

export interface RawSection {
  key: string;
  label?: string;
  title: string;
  span: Span;
  /** Heading level of a styled heading (1 = top). */
  level?: number;
}

export interface Segmentation {
  items: (RawQuestion | RawInfo)[];
  sections: RawSection[];
  notes: { text: string; span: Span }[];
  /** Logic that appeared where no question could own it (resolved later by the questions it names). */
  floatingLogic: LogicText[];
  title?: string;
}

function span(line: LogicalLine): Span {
  return { start: line.start, end: line.end };
}

function hasAnswers(question: RawQuestion): boolean {
  return question.body.some((part) => part.kind === "option" || part.kind === "entry" || part.kind === "table" || part.kind === "grid-row") || hasInlineAnswers(question);
}

/** "How old are you? [17 or younger, 18 to 24, …]": a question followed by its answers in brackets. */
const INLINE_ANSWERS = {
  test: (text: string) => {
    const list = trailingBracketList(text);
    return Boolean(list && /[?？:]/.test(text.slice(0, list.index)) && !isProgrammingBracket(list.list));
  },
};

function hasWording(question: RawQuestion): boolean {
  return question.body.some((part) => part.kind === "wording");
}

/** A survey tool's mark between a question's wording and its help line: "*" (required) alone, or a "! …" tip. */
const TOOL_MARK = /^(?:\*|!\s.{0,120})$/;

/** Legend lines ("7= always") and tool marks run from units[index] down to a help line. */
function legendBeforeHelp(units: Unit[], index: number): boolean {
  for (let at = index + 1; at < Math.min(units.length, index + 6); at++) {
    const unit = units[at];
    if (unit.kind !== "line") return false;
    const text = unit.line.text.trim();
    if (isAnswerHelp(text)) return true;
    if (!TOOL_MARK.test(text) && !/^\d{1,2}\s*=\s*\p{L}/u.test(text)) return false;
  }
  return false;
}

/** A question mark that ends a line but for a bracketed note after it ("Wie alt bist du? (iii)"). */
const ASKS_BEFORE_NOTE = /[?？]\s*(?:\([^()]{0,40}\)|\[[^[\]]{0,40}\])$/;

function wordingComplete(question: RawQuestion): boolean {
  // Programmer notes in brackets are not wording ("S6. [Show only if S5 = 2]" has its question on the next line).
  const wording = question.body.filter((part) => (part.kind === "wording" && replaceEnclosed(part.text, ["[]", "()"], "").trim()) || part.kind === "instruction");
  // An id line that only declared the answer type ("Q3 : AGE : Age   Numeric") waits for its wording.
  if (wording.length === 0 || (question.awaitingWording && wording.every((part) => part.kind === "instruction"))) return false;
  const last = question.body.filter((part) => part.kind !== "note" && !(part.kind === "wording" && !replaceEnclosed(part.text, ["[]", "()"], "").trim())).at(-1);
  if (!last) return false;
  if (last.kind === "instruction") return true;
  if (last.kind !== "wording") return false;
  // A trailing asterisk marks a required question ("… jobs?*"): it is not part of the wording.
  let text = last.text.trim();
  while (text.endsWith("*")) text = text.slice(0, -1).trimEnd();
  if (/[?？:：)\]]\s*$/.test(text)) return true;
  // "…on a date? [Select all that apply]." — a question mark followed only by notes and punctuation.
  const afterQuestion = /[?？]([^?？]*)$/.exec(text);
  return Boolean(afterQuestion && /^(?:\s*(?:\[[^\]]*\]|\([^)]*\)|[.,;]))*\s*$/.test(afterQuestion[1]));
}

function lastOptionNumber(question: RawQuestion): number | null {
  for (let i = question.body.length - 1; i >= 0; i--) {
    const part = question.body[i];
    if (part.kind === "option") return part.option.code && /^\d+$/.test(part.option.code) ? Number(part.option.code) : null;
  }
  return null;
}

/**
 * Whether a numbered line continues the question's answers: its number follows the last code, or — under codes
 * printed in columns and read across ("1. Owner   4. Tenant" / "2. …") — the first code of the last answer line.
 */
function continuesAnswerNumbers(question: RawQuestion, n: number): boolean {
  const last = lastOptionNumber(question);
  if (last === null) return false;
  if (n === last + 1) return true;
  const lastPart = question.body.findLast((part) => part.kind === "option");
  const first = question.body.find((part) => part.kind === "option" && part.line === lastPart?.line);
  return first?.kind === "option" && first !== lastPart && /^\d+$/.test(first.option.code ?? "") && n === Number(first.option.code) + 1;
}

function isGridRow(line: LogicalLine): boolean {
  if (!line.segments || line.segments.length < 2) return false;
  const markers = line.segments.filter((segment) => /^(?:[oO○◯●◉⚪ᴑ❍▢☐□◻❑]|\(\s*\)|\[\s*\])(?:\s+(?:[oO○◯●◉⚪ᴑ❍▢☐□◻❑]|\(\s*\)|\[\s*\]))*$/.test(segment.text.trim()));
  const markerCount = markers.reduce((sum, segment) => sum + segment.text.trim().split(/\s+/).length, 0);
  return markerCount >= 2;
}

/**
 * An answer-type tag in brackets at the end of a line: "【单选】", "【多选题】", "【开放题】", "【10分制单选】", "[填空题]",
 * "【複数回答可】", "【주관식】".
 */
const ANSWER_TYPE_TAG = /[【[][^】\]\n]{0,12}(?:单选|單選|多选|多選|开放题|開放題|填空|问答|問答|简答|簡答|打分|评分|評分|分制|排序|矩阵|矩陣|量表|単一回答|複数回答|自由記述|自由回答|단일\s?선택|복수\s?선택|주관식|객관식)[^】\]\n]{0,12}[】\]]\s*$/;

/** The heading of material that follows the questionnaire and is not part of it. */
const APPENDIX = /^(?:appendix|annex|anhang|annexe|anexo)\b|^(?:[\p{L} ]{0,40}\s)?(?:question reference guide|item reference guide|reference guide|codebook|code book|data dictionary|variable (?:list|glossary|dictionary)|references|bibliography)\s*:?$/iu;

/**
 * A scoring key or result report after a self-assessment ("Scoring key", "Interpretation of your score", "《评分标准》",
 * "测试报告", "Auswertung"): score tables and result texts computed from the answers, documentation like an appendix.
 */
const SCORING_SECTION = /^(?:[\p{L} ]{0,30}\s)?(?:scoring(?: key| instructions| guide| criteria| rules| sheet| table)?|score interpretation|interpretation of (?:the |your )?(?:results|scores?)|how to score|bar[èe]me|grille de cotation|calcul du score|interpretaci[óo]n de (?:los )?resultados|auswertung(?:sschl[üu]ssel)?)\s*:?$|^(?:评分|计分|得分|测评|测试|结果)(?:标准|方法|规则|说明|解读|报告)\s*[:：]?$/iu;
/** A heading set apart by title brackets ("《评分标准》", "【测试报告】"), as plain-text documents mark them. */
const BRACKETED_HEADING = /^[《【〖]([^《》【】〖〗]{1,40})[》】〗]$/u;

const OFFICE_USE = /^[-–—=*\s[(]*(?:for\s+)?(?:office|staff|internal|official|admin(?:istration|istrator)?|interviewer|coder|clinic(?:al)?)(?:'s)?\s+use(?:\s+only)?\b[^?]*$|\bdo not write in this (?:space|box|area|column)\b/i;

const PROGRAMMING_WORDS = /\b(?:classify|quotas?|terminate|randomi[sz]e|programmer|scripter|hyperlink|recode|capture|punch|dp note)\b/i;

/** "ASK ALL", "BASE: ALL RESPONDENTS" — but not "BASE: ALL WHO BOUGHT (Q1=1)", which is a filter. */
const UNIVERSAL = /^\[?\s*(?:ask|show|display)\s+(?:to\s+)?all\b(?!.*(?:[=<>≠]|\b(?:who|that|with|whose|except|if|among|those)\b|\b(?:form|version)\s*[A-Z0-9]{1,2}\b|\bsample\b))|^\[?\s*show to all\b|^\[?\s*(?:base\s*[:=]\s*)?all respondents\b(?!.*(?:[=<>≠]|\b(?:who|that|with|whose|except|if|among)\b))|^\[?\s*base\s*[:=]\s*all\b(?!.*(?:[=<>≠]|\b(?:who|that|with|whose|except|if|among|those)\b))|^\[?\s*intro page\s*[-–]\s*show to all/i;
const CLAUSE_DISPLAY = /^(?:ask|show|display)\s+(?:only\s+)?(?:if|when|to|for)\b|^import if\b|^if\s+.+\bask\b/i;
const CLAUSE_ROUTE = /^(?:terminate|term(?=\s+if\b)|screen ?out|disqualify|thank (?:and|&) (?:terminate|close|end)|skip to|go to|jump to)\b.*\bif\b|^if\b.*\b(?:terminate|skip|go to|jump)\b/i;

/** Splits a programming note ("MR, RANDOMISE EXCEPT NONE, TERMINATE IF SQ1 ≠ 1") into logic and notes. */
function splitNote(text: string): { logic: { text: string; role: LogicText["role"]; own?: boolean }[]; notes: string[] } {
  const logic: { text: string; role: LogicText["role"]; own?: boolean }[] = [];
  const notes: string[] = [];
  const inner = text.replace(/^\[\s*|(?:(?<!\s)\s*|(?<=\s))\]$/g, "");
  // A classification rule ("IF S5 = 1 OR 2, CLASSIFY AS …; ELSE …") is one note, not several instructions.
  if (/\bclassify\b/i.test(inner)) return { logic, notes: [inner] };
  // "[PROGRAMMER: COUNTRY != 9]": the label and a bare comparison (programmer-conditions.ts); limits after it stay notes.
  const programmed = programmerCondition(inner);
  // Printed under the wording, before the answers: the open question's own.
  if (programmed) return { logic: [{ text: programmed, role: "display", own: true }], notes: inner.split(";").slice(1).map((part) => part.trim()).filter(Boolean) };
  const clauses = inner.split(/,\s+(?=[A-Z])|;\s*/).map((clause) => clause.trim()).filter(Boolean);
  for (const clause of clauses) {
    // "IMPORT IF TICKED AT X RANDOMISE EXCEPT NONE" runs two instructions together.
    const runOn = /^(import if ticked (?:at|for) \S+)(?:\s+(?!\s)|\s+(?=\s$))(.+)$/i.exec(clause);
    if (runOn) {
      logic.push({ text: runOn[1], role: "display" });
      notes.push(runOn[2]);
      continue;
    }
    if (UNIVERSAL.test(clause)) notes.push(clause);
    else if (CLAUSE_ROUTE.test(clause)) logic.push({ text: clause, role: "route" });
    else if (CLAUSE_DISPLAY.test(clause)) logic.push({ text: clause, role: "display" });
    else notes.push(clause);
  }
  return { logic, notes };
}

export interface SegmentOptions {
  /** Options are printed without markers or codes (one per line under the question). */
  unmarkedOptions: boolean;
  /** Filters are written inside the question they filter, below its wording (see filter-placement.ts). */
  filtersInside?: boolean;
  /** The questions are bullets that carry their ids (see bulleted-questions.ts). */
  bulleted?: BulletedQuestions;
  /** The questions are list items with their answers one list level deeper (see leveled-list-questions.ts). */
  leveled?: LeveledListQuestions;
  /** Numbered list items are answers, not question numbers (see answer-lists.ts). */
  numberedAnswers?: boolean;
}

/**
 * A rest of an id line that asks something once its bracketed notes are set aside ("If you were Wa minority, what
 * language would you choose? (Fill in if you are Wa, if not go to question 23)"): wording with a note, not a filter
 * line. (A filter line keeps its question mark inside its brackets, or asks nothing: "IF OWNED (CODE 1 AT A2)".)
 */
function asksBeforeBrackets(rest: string, line: LogicalLine): boolean {
  const plain = rest.slice(0, 400).replace(/\([^()]*\)|\[[^[\]]*\]/g, " ").trim();
  const asked = plain.search(/[?？]/);
  return asked > 0 && /\p{L}{3}/u.test(plain.slice(0, asked)) && classifyLine({ ...line, text: plain }).kind !== "logic";
}

/** "ASK ALL", "BASE: ALL RESPONDENTS", "BASE: ALL SHOPPERS": a universal base (not a filter). */
export function isUniversalBase(text: string): boolean {
  return UNIVERSAL.test(text.slice(0, 400));
}

/** "ASK S1a IF …", "[ASK QBB IF …]": a filter that names its question, when that is not `currentId`. */
function namesAnotherQuestion(text: string, currentId: string | undefined): boolean {
  const named = /^\[?\s*ASK\s+(?:Q\.?\s*)?([A-Za-z]{0,4}\d{1,3}[a-z]?|[A-Z][A-Z0-9_]{1,15})\s+(?:ONLY\s+)?(?:IF|WHEN)\b/i.exec(text.trim());
  if (!named || ["ALL", "THOSE", "ONLY", "THEM", "EVERYONE"].includes(named[1].toUpperCase())) return false;
  const key = (id: string) => id.toUpperCase().replace(/^Q\.?\s*/, "").replace(/[.\s]/g, "");
  return !currentId || key(named[1]) !== key(currentId);
}

/** A display filter line: not routing, not "ask all". */
function isFilterLine(text: string): boolean {
  return !UNIVERSAL.test(text) && !(ROUTING_LOGIC.test(plainRouting(text)) && !DISPLAY_LOGIC.test(text));
}

export function documentStyle(units: Unit[]): SegmentOptions {
  let questions = 0;
  let options = 0;
  const numberedAnswers = numberedAnswerLists(units);
  const classes = units.map((unit) => (unit.kind === "line" ? answerListClass(unit.line, classifyLine(unit.line), numberedAnswers) : null));
  classes.forEach((cls) => {
    if (cls === null) options += 2;
    else if (cls.kind === "qid") questions++;
    else if (cls.kind === "option") options++;
  });
  // A survey tool's answer help line ("Por favor seleccione sólo una de las siguientes opciones:") stands between a
  // filter printed under the wording and the answers like any answer-format instruction.
  const placementClasses = classes.map((cls, index): LineClass | null => {
    const unit = units[index];
    return cls && cls.kind === "text" && unit.kind === "line" && isAnswerHelp(unit.line.text) ? { kind: "instruction" } : cls;
  });
  const placement = filterPlacement(placementClasses, (index) => {
    const unit = units[index];
    return unit.kind === "line" && isFilterLine(unit.line.text.trim());
  });
  const bulleted = bulletedQuestions(units);
  const leveled = bulleted ? null : leveledListQuestions(units);
  return { ...(leveled ? { leveled } : {}), unmarkedOptions: questions >= 3 && options < questions * 0.8, ...(placement === "inside" ? { filtersInside: true } : {}), ...(bulleted ? { bulleted } : {}), ...(numberedAnswers ? { numberedAnswers } : {}) };
}

/** One end of a question range: the id's letter prefix and number ("Q5" → Q, 5; "A2b" → A, 2). */
interface RangeEnd {
  prefix: string;
  number: number;
}

/** A filter that says it covers a part of the questionnaire ("this section", "the following questions"). */
const SECTION_WORDS = /\b(?:(?:this|the following|these|next|remaining)\s+(?:section|part|module|block|questions|set of questions)|(?:section|part|module|block)\s+[A-Z0-9]{1,3}\b)/i;

/** "BASE: …", "Base = …": a base line (its scope runs to the next base line). */
const BASE_LINE = /^\[?\s*base\s*[:=]/i;

const RANGE_ID = String.raw`(?:q\.?\s*)?([A-Za-z]{0,4})(\d{1,3})[a-z]?`;
/** "Q5–Q8", "A2-A3", "Q5 to Q8", "Q5 through Q8" inside a filter: the questions it is written for. */
const SCOPE_RANGE = new RegExp(String.raw`(?<![\w.])${RANGE_ID}\s*(?:-|–|—|to|through|thru)\s*${RANGE_ID}(?![\w.])`, "i");

/** A short line that names a range of questions and says nothing else: "Introduction to questions 20-25", "Questions 4–6". */
const QUESTION_RANGE_HEADING = new RegExp(
  String.raw`^(?:\p{L}+\s+){0,3}?(?:questions|items|${CUES.questionNounPlural})\s+\d{1,3}\s*(?:[-–—]|(?:to|through|${CUES.rangeTo})\s)\s*\d{1,3}\s*[:：.]?$`,
  "iu",
);

function scopeRange(text: string): { from: RangeEnd; to: RangeEnd } | null {
  const match = SCOPE_RANGE.exec(text);
  if (!match) return null;
  const from = { prefix: match[1].toUpperCase(), number: Number(match[2]) };
  const to = { prefix: (match[3] || match[1]).toUpperCase(), number: Number(match[4]) };
  // A range of codes ("3-5") is not a range of questions: question ids carry a letter ("Q5–Q8", "A2-A3").
  if (!/^[A-Za-z]/.test(match[0])) return null;
  if (from.prefix !== to.prefix || to.number <= from.number || to.number - from.number > 50) return null;
  return { from, to };
}

function rangeEndOf(id: QuestionIdMatch): RangeEnd | null {
  const match = /^(?:q\.?\s*)?([A-Za-z]{0,4})(\d{1,3})/i.exec(id.id.trim());
  return match ? { prefix: match[1].toUpperCase(), number: Number(match[2]) } : null;
}

function sameQuestion(end: RangeEnd, id: QuestionIdMatch): boolean {
  const own = rangeEndOf(id);
  return Boolean(own && own.prefix === end.prefix && own.number === end.number);
}

function inRange(id: QuestionIdMatch, until: RangeEnd): boolean {
  const own = rangeEndOf(id);
  return Boolean(own && own.prefix === until.prefix && own.number <= until.number);
}

export function segment(units: Unit[], style: SegmentOptions): Segmentation {
  const items: (RawQuestion | RawInfo)[] = [];
  const sections: RawSection[] = [];
  const docNotes: { text: string; span: Span }[] = [];
  const floatingLogic: LogicText[] = [];
  let title: string | undefined;
  // A printable web survey prints an answer help line under its questions (printed-help.ts).
  const helpPrint = units.filter((unit) => unit.kind === "line" && isAnswerHelp(unit.line.text)).length >= 2;

  let current: RawQuestion | null = null;
  let info: RawInfo | null = null;
  let pendingLogic: (LogicText & { textAfter: boolean })[] = [];
  let pendingNotes: { text: string; span: Span }[] = [];
  let pendingInstructions: LogicalLine[] = [];
  let pendingText: LogicalLine[] = [];
  let groupLogic: LogicText[] = [];
  const checks = checkItems(units);
  const declarations = declarationLines(units);
  // A report or thesis with its questionnaire in an appendix: only the appendix holds questions.
  const instrument = embeddedInstrument(units);
  /** Check items passed: each holds for the questions printed before the unit index of its farther target. */
  let checkScopes: { logic: LogicText; until: number }[] = [];
  let unitIndex = 0;
  /** The last question of the range the group filter was written for (null: until a new base, "ASK ALL" or section). */
  let groupUntil: RangeEnd | null = null;
  /** A section heading was seen and no question since: a filter here that says it covers the section is the section's. */
  let sectionFilterOpen = false;
  let display: LogicText | null = null;
  /** The open display logic is a choice's ("Display This Choice:"): it belongs to the answer printed next, not to a question. */
  let displayForChoice = false;
  /** The indent of the display block's last If/And/Or clause (null before the first). */
  let displayIndent: number | null = null;
  let pendingChoice: LogicText | null = null;
  let section: string | undefined;
  let page: string | undefined;
  let pageBreakPending = false;
  let lastNumber: number | null = null;
  /** The last sub-numbered id ("1.2"), to follow its children and siblings ("1.2.1", "1.3"). */
  let lastDecimal: string | null = null;
  /** The id of the last numbered question ("4a"), so that its next part ("4b") follows it. */
  let lastNumberedId: string | null = null;
  let sectionSinceNumber = false;
  /** A paragraph of prose (a part's introduction) was printed since the last numbered question (see below). */
  let introSinceNumber = false;
  /** The last letter-prefixed id ("Q4" → Q, 4), to recognise the next ones printed as bullets. */
  let lastPrefixed: { prefix: string; number: number } | null = null;
  let questionListId: string | undefined;
  let questionListLevel = 0;
  let sectionCount = 0;
  let officeUse = false;
  let appendix = false;
  let lastLine: LogicalLine | undefined;

  const closeDisplay = () => {
    if (display) {
      if (displayForChoice) pendingChoice = display;
      else pendingLogic.push({ ...display, textAfter: false });
      display = null;
      displayForChoice = false;
    }
  };

  const finishInfo = () => {
    if (info && info.lines.length) items.push(info);
    info = null;
  };

  const finishQuestion = () => {
    if (current) {
      lettersThenCodes(current);
      matrixFromLists(current);
      items.push(statementListInfo(current) ?? current);
      current = null;
    }
  };

  /** Text seen outside any question becomes an information screen or a section title. */
  // Whether any line of the document starts with a question id (computed once, on first use).
  let printedIds: boolean | undefined;
  // (Ids a layout reader gave questions it found by place — "word" ids — were never printed.)
  const printsIds = () =>
    (printedIds ??= units.some((unit) => {
      if (unit.kind !== "line") return false;
      const cls = classifyLine(unit.line);
      return cls.kind === "qid" && cls.id.kind !== "word";
    }));

  const flushText = (beforeQuestion: boolean) => {
    if (pendingText.length === 0) return;
    const lines = pendingText;
    pendingText = [];
    const joined = lines.map((line) => line.text).join(" ");
    const single = lines.length === 1 ? lines[0] : null;
    const headingLike =
      single &&
      single.text.length <= 70 &&
      !/[?？]/.test(single.text) &&
      !/[.!]$/.test(single.text) &&
      (single.first.bold || isMostlyUpper(single.text) || /:$/.test(single.text));
    if (headingLike) {
      startSection(single.text.replace(/[:：]\s*$/, ""), undefined, span(single));
      return;
    }
    // A heading followed by explanatory text: the heading starts a section, the text stays.
    const head = lines[0];
    if (lines.length > 1 && head.text.length <= 60 && !/[?？.!]$/.test(head.text) && (head.first.bold || isMostlyUpper(head.text)) && !/[?？]/.test(head.text)) {
      startSection(head.text.replace(/[:：]\s*$/, ""), undefined, span(head));
      lines.shift();
    }
    // A first short line is the title, unless it is a labelled line ("Scale: 1 = Never, …", "Note: …") or a
    // question (its mark may be followed by a bracketed note: "How old are you? (open)").
    if (!title && items.length === 0 && sections.length === 0 && lines[0].first.index < 3 && lines[0].text.length < 120 && !/[.!?？。]$/.test(lines[0].text) && !ASKS_BEFORE_NOTE.test(lines[0].text) && !/^[\p{L} ]{2,20}:\s*\S/u.test(lines[0].text)) {
      title = lines[0].text;
      if (lines.length === 1) return;
      lines.shift();
    }
    if (joined.trim().length < 3) return;
    // Text written for the programmer (classification rules, quotas, terminations) is a note, not a screen.
    const programming = lines.filter((line) => isProgrammingNoteText(line.text) || PROGRAMMING_WORDS.test(line.text)).length;
    if (programming >= lines.length * 0.6) {
      const previousQuestion = [...items].reverse().find((item): item is RawQuestion => item.kind === "question");
      const target = previousQuestion ? previousQuestion.notes : docNotes;
      for (const line of lines) target.push({ text: line.text, span: span(line) });
      return;
    }
    // Open questions printed with no answer space (a web form copied to paper: "What is the name of your DSL?"):
    // in a document where no line starts with a question id (a lead-in over numbered rows asks too), paragraphs after the first question that end by asking
    // are questions, not a screen of text. The trailing run of such paragraphs is taken (text before them — a section
    // title, a stray answer — is read as before), or else the leading run (text after it is read as before).
    const asking = askingParagraphs(lines);
    const questionsSoFar = items.filter((item): item is RawQuestion => item.kind === "question");
    // The question before must be complete (its answers read) and none still open: text under a question that
    // still waits for its answers is that question's description ("### Do you code at a company?" / "If yes, what
    // is the approximate size?" / the answers).
    const previous = questionsSoFar.at(-1);
    if (asking && !current && previous && hasAnswers(previous) && !printsIds()) {
      if (asking.from > 0) {
        pendingText = lines.slice(0, asking.from);
        flushText(beforeQuestion);
      }
      for (const { lines: paragraph, title } of asking.paragraphs) {
        // A block title between them ("Anything else?" over "Is there anything else …?") heads what follows.
        if (title) {
          startSection(paragraph[0].text.trim().replace(/[:：]\s*$/, ""), undefined, span(paragraph[0]));
          continue;
        }
        // The answer is written, with nothing printed for it: an entry field.
        const body: BodyPart[] = [...paragraph.map((line): BodyPart => ({ kind: "wording", line, text: line.text })), { kind: "entry", line: paragraph[paragraph.length - 1] }];
        items.push({ kind: "question", id: null, aliases: [], body, logic: [], notes: [], section, page, pageBreakBefore: consumePageBreak(), start: paragraph[0].start, end: paragraph[paragraph.length - 1].end, closed: true, awaitingWording: false });
      }
      if (asking.to < lines.length) {
        pendingText = lines.slice(asking.to);
        flushText(beforeQuestion);
      }
      return;
    }
    const role: RawInfo["role"] = /^intro(?:duction)?\b/i.test(joined) || (beforeQuestion && items.every((item) => item.kind !== "question")) ? "intro" : "text";
    const logic: LogicText[] = [];
    // A condition queued before this text applies to the text and, as a group, to what follows.
    for (const pending of pendingLogic) {
      if (pending.role === "display") {
        pending.textAfter = true;
        logic.push({ text: pending.text, span: pending.span, role: "display", group: true });
      }
    }
    items.push({ kind: "info", role, lines, logic: logic.length ? logic : [...groupLogic], notes: [], section, page, pageBreakBefore: consumePageBreak() });
  };

  const consumePageBreak = () => {
    const value = pageBreakPending;
    pageBreakPending = false;
    return value;
  };

  const startSection = (sectionTitle: string, label: string | undefined, sectionSpan: Span, level?: number) => {
    // Notes seen before a section heading belong to the document (formatting legends, designer notes).
    docNotes.push(...pendingNotes);
    pendingNotes = [];
    const key = `s${++sectionCount}`;
    sections.push({ key, label, title: sectionTitle, span: sectionSpan, ...(level ? { level } : {}) });
    section = key;
    groupLogic = [];
    groupUntil = null;
    sectionFilterOpen = true;
    sectionSinceNumber = true;
  };

  /**
   * The section heading just read (the line before this one) taken back as a question's wording: a heading whose
   * answer format follows at once ("Your GitHub username" / a field; "Soil / Water" / boxes) asks for it.
   */
  const headingAsQuestion = (previousLine: LogicalLine | undefined, titlesOnly = false): RawQuestion | null => {
    const lastSection = sections.at(-1);
    if (!previousLine || !lastSection || lastSection.span.start !== previousLine.start || lastSection.key !== section) return null;
    // (`titlesOnly`: a numbered section — "SECTION 5A: …", "Part 2" — names a part of the questionnaire, whatever follows.)
    if (titlesOnly && lastSection.label) return null;
    sections.pop();
    section = sections.at(-1)?.key;
    const question = startQuestion(null, previousLine);
    question.section = section;
    addWording(question, previousLine, previousLine.text);
    return question;
  };

  // A table whose rows are all of one grid's items: the title over it (when there is one) words the grid.
  const startTableGrid = (title: LogicalLine | null, table: TableBlock) => {
    const question = startQuestion(null, title ?? table.lines[0]);
    if (title) addWording(question, title, title.text.trim());
    question.body.push({ kind: "table", table });
    question.end = table.end;
    question.closed = true;
  };

  const startQuestion = (id: QuestionIdMatch | null, line: LogicalLine | null, label?: string) => {
    closeDisplay();
    finishInfo();
    finishQuestion();
    flushText(true);
    const question: RawQuestion = {
      kind: "question",
      id,
      label,
      aliases: id?.alias ? [id.alias] : [],
      body: [],
      logic: [],
      notes: pendingNotes,
      section,
      page: id?.page ?? page,
      pageBreakBefore: consumePageBreak(),
      start: line?.start ?? 0,
      end: line?.end ?? 0,
      closed: false,
      awaitingWording: false,
    };
    if (id?.page) page = id.page;
    // A filter written for a range of questions ("IF YES, ASK Q5–Q8", "ASK IF A1 = 1 (A2-A3)") ends after the last.
    if (groupUntil && id && !inRange(id, groupUntil)) {
      groupLogic = [];
      groupUntil = null;
    }
    // Conditions queued since the last question: those followed by other content apply to a group.
    const own: LogicText[] = [];
    for (const pending of pendingLogic) {
      const { textAfter, ...logic } = pending;
      const range = pending.role === "display" ? scopeRange(pending.text) : null;
      if (range && id && sameQuestion(range.from, id) && !sameQuestion(range.to, id)) {
        // The scope step: the filter covers this question and the ones up to the end of its range.
        groupLogic = [{ ...logic, group: true }];
        groupUntil = range.to;
      } else if (pending.role === "display" && (BASE_LINE.test(pending.text) || (sectionFilterOpen && SECTION_WORDS.test(pending.text)))) {
        // A base line holds until the next base line ("BASE: …" … "BASE: ALL"), and a filter under a section heading,
        // before its first question, that says it is the section's ("ASK THIS SECTION IF …", "Questions in this part
        // only for …") holds for the section — both until "ASK ALL" or a new section. (A plain "ASK IF SC1 = 2" there
        // is the first question's own filter.)
        groupLogic = [{ ...logic, group: true }];
        groupUntil = null;
      } else if (pending.role === "display" && textAfter && !/\b(?:ask|go to|skip to)\s+(?:q\.?\s*)?\d/i.test(pending.text)) {
        groupLogic = [{ ...logic, group: true }];
        groupUntil = null;
      } else own.push(logic);
    }
    sectionFilterOpen = false;
    checkScopes = checkScopes.filter((scope) => unitIndex < scope.until);
    question.logic.push(...checkScopes.map((scope) => scope.logic), ...groupLogic.map((logic) => ({ ...logic, group: true })), ...own);
    pendingLogic = [];
    pendingNotes = [];
    for (const instruction of pendingInstructions) question.body.push({ kind: "instruction", line: instruction, text: instruction.text });
    pendingInstructions = [];
    current = question;
    return question;
  };

  const addWording = (question: RawQuestion, line: LogicalLine, text: string) => {
    question.body.push({ kind: "wording", line, text });
    question.end = Math.max(question.end, line.end);
    question.awaitingWording = false;
    if (question.fieldAfterWording) {
      question.body.push({ kind: "entry", line });
      question.fieldDeclared = true;
    }
    question.fieldAfterWording = false;
  };

  const addOption = (question: RawQuestion, line: LogicalLine, text: string, numbered = false) => {
    // The first answer printed at the end of the wording line ("12. Reviews matter to me. a) 1 – Agree" / "b) 2 – …").
    if (!hasAnswers(question)) {
      const split = firstAnswerInWording(question, text);
      if (split) {
        split.part.text = split.wording;
        question.body.push({ kind: "option", line: split.part.line, option: parseOption(split.answer), text: split.answer, numbered });
      }
    }
    // A scale written as its two end points joined by an arrow ("- 1 (Strongly Disagree) → 5 (Strongly Agree)"):
    // one answer per point, not an answer with a route to question 5.
    const range = scaleRange(text);
    if (range) {
      for (const point of range) question.body.push({ kind: "option", line, option: { label: point.label, code: point.code }, text: point.label, numbered });
      question.end = Math.max(question.end, line.end);
      return;
    }
    // Answers printed in columns on one line of a PDF ("o Spring   o Summer   o Autumn").
    // So are answers each coded in front, one per column ("1 Wood      4 Electricity"): the same shape repeated.
    const columns = text === line.text && line.segments && line.segments.length >= 2 && (line.segments.every((segment) => MARKER.test(segment.text) && segment.text.trim().length > 2 && !isGlyphArrowRoute(segment.text)) || codedColumns(line.segments.map((segment) => segment.text)));
    const pieces = columns ? line.segments!.map((segment) => segment.text) : splitInlineOptions(text, false);
    const inline = pieces ? withGlyphRoutesJoined(pieces) : null;
    if (inline) {
      for (const part of inline) question.body.push({ kind: "option", line, option: parseOption(part), text: part, numbered });
    } else question.body.push({ kind: "option", line, option: parseOption(text), text, numbered });
    question.end = Math.max(question.end, line.end);
  };

  /** Applies a declared answer format: answer-less formats get their field or their implied answers. */
  const declareType = (question: RawQuestion, line: LogicalLine, text: string, value: string, wordingBelow = false) => {
    const format = value.trim();
    // Form builders call a one-answer list "Multiple choice" (radio buttons) and the many-answer list "Checkboxes":
    // declared alone, "Multiple choice" is one answer.
    const declaredFormat = answerFormat(format);
    const oneOfList = /^(?:multiple[- ]choice|radio(?: buttons?)?|likert(?: scale)?)\s*\.?$/i.test(format) || declaredFormat === "one";
    const manyOfList = /^(?:check ?boxe?s?|tick ?boxe?s?)\s*\.?$/i.test(format) || declaredFormat === "many";
    const numberField = declaredFormat === "number" && !/numeric/i.test(text);
    question.body.push({ kind: "instruction", line, text: oneOfList ? "Type: select one" : manyOfList ? "Type: select all that apply" : numberField ? `${text} (numeric)` : text });
    question.end = Math.max(question.end, line.end);
    const yesNo = /^(yes\s*\/\s*no(?:\s*\/\s*(?:not sure|don'?t know|unsure|maybe))?)\b\s*(?:\((.*)\))?/i.exec(format);
    if (yesNo) {
      // "yes/no/not sure (if no/not sure: [NEXT](#anchor))": the answers, and where some of them go.
      const routed = yesNo[2] ? /^if\s+(.+?)(?:(?<!\s)\s*|(?<=\s))[:,](?:\s*(?!\s)|\s*(?=\s$))(.+)$/i.exec(yesNo[2].trim()) : null;
      const routedAnswers = routed ? routed[1].split(/(?:(?<!\s)\s*|(?<=\s))(?:\/|,|\bor\b)\s*/i).map((answer) => answer.trim().toLowerCase()) : [];
      const target = routed ? (/^(?:end(?: (?:of )?(?:the )?survey)?|end survey)$/i.test(routed[2].trim()) ? "→ END" : routed[2].trim()) : "";
      for (const answer of yesNo[1].split("/").map((part) => part.trim())) {
        const label = answer.charAt(0).toUpperCase() + answer.slice(1);
        addOption(question, line, routedAnswers.includes(answer.toLowerCase()) && target ? `${label} ${target}` : label);
      }
      return;
    }
    if (/^(?:matrix|grid|likert (?:matrix|grid)|table|(?:multiple[- ]choice|checkbox(?:es)?|tick[- ]box) grid)\b/i.test(format)) {
      question.matrixDeclared = true;
      return;
    }
    // Formats with nothing to choose from: the answer is typed (a field), or a rating whose points are not printed.
    // (Declared on a header line with the wording still to come, the field waits: the lines under it are the wording.)
    if (/^(?:free[- ]?form|open(?:[- ]ended)?|(?:open|free|short|long)[- ]?(?:text|response|answer)|text(?:\s*(?:box|area|field|entry))?|paragraph|essay|comments?|rating(?: scale)?|star rating|scale|number|numeric|integer|date)\b/i.test(format) || declaredFormat === "text" || declaredFormat === "number" || declaredFormat === "date") {
      if (wordingBelow) question.fieldAfterWording = true;
      else question.body.push({ kind: "entry", line });
    }
  };

  const enumerationLines = proseEnumerationLines(units);
  const spacedLists = spacedListIds(units);
  /** The last line of answers printed side by side (side-by-side-answers.ts) and the options it gave. */
  let lastAcross: AcrossLine | null = null;
  const acceptNumbered = (id: QuestionIdMatch, line: LogicalLine): boolean => {
    if (id.kind !== "numeric" && id.kind !== "decimal") return true;
    // A start the document's numbering vouches for (numbering-spine.ts): its place in the sequence is checked.
    if (line.spine === id) return true;
    // A volunteered code whose number jumps ("1. YES", "2. NO", "9. REFUSED [TERMINATE]") is one more answer.
    const open = current as RawQuestion | null;
    if (open && !open.closed && hasAnswers(open) && VOLUNTEERED_LABEL.test(replaceEnclosed(id.rest, ["[]"], "").trim())) return false;
    const n = id.number ?? 0;
    const list = line.first.list;
    if (list?.ordered && questionListId !== undefined) {
      // Questions are one level of one Word list; deeper levels of that list number their answers.
      if (list.listId === questionListId) return list.level === questionListLevel;
      // A new numbered list whose items are spaced by their answers is the next block's questions (spaced-lists.ts),
      // numbered on from the last block or from 1 again.
      if (list.listId && spacedLists.has(list.listId) && list.level === questionListLevel && (n === 1 || (lastNumber !== null && n === lastNumber + 1))) {
        questionListId = list.listId;
        return true;
      }
      // Word counts on across list instances (a question pasted in keeps a list of its own): an item at the questions'
      // level numbered one past the last question and worded as one, under a question that has its answers, is the
      // next question. A numbered answer list starts at 1 and reads as answers, so it never passes.
      const open = current as RawQuestion | null;
      if (list.level === questionListLevel && lastNumber !== null && n === lastNumber + 1 && list.value === n && open && hasAnswers(open) && looksLikeQuestionText(id.rest)) return true;
      if (current && !current.closed) return false;
    }
    if (list?.ordered && questionListId === undefined && list.level > 0 && current && !current.closed) return false;
    const cur = current as RawQuestion | null;
    // Under a question with a lettered id ("Q1.", "S2"), plain numbers number its answers.
    if (cur && !cur.closed && cur.id && cur.id.kind !== "numeric" && cur.id.kind !== "decimal" && cur.id.kind !== "standalone" && !(hasAnswers(cur) && /[?？]/.test(id.rest))) {
      if (!hasAnswers(cur) || lastOptionNumber(cur) === null || continuesAnswerNumbers(cur, n)) return false;
    }
    if (cur && !cur.closed) {
      if (continuesAnswerNumbers(cur, n) && !/[?？]/.test(id.rest)) return false;
      if (!hasAnswers(cur) && wordingComplete(cur) && n <= 1 && lastNumber !== null && lastNumber >= 1) return false;
    }
    const sequenceOk =
      lastNumber === null
        ? n <= 3 || looksLikeQuestionText(id.rest)
        : (n > lastNumber && n <= lastNumber + NUMBERING_WINDOW) || (n === 1 && (sectionSinceNumber || (introSinceNumber && lastNumber >= 2 && /^[„“"«‚]?\p{Lu}/u.test(id.rest.trim()) && looksLikeQuestionText(id.rest)))) || (id.kind === "decimal" && lastDecimal !== null && followsDecimal(lastDecimal, id.id)) || (n === lastNumber && Boolean(cur && hasAnswers(cur)) && looksLikeQuestionLine(id.rest)) || (n === lastNumber && nextPart(lastNumberedId, id.id) && looksLikeQuestionText(id.rest)) || (id.kind === "decimal" && lastDecimal === null && lastNumberedId !== null && (opensNextNumber(lastNumberedId, id.id) || (opensFollowUp(lastNumberedId, id.id) && /[?？]/.test(id.rest)))) || (sectionSinceNumber && n < lastNumber && /[?？]/.test(id.rest) && looksLikeQuestionText(id.rest)) || (id.kind !== "decimal" && lastDecimal !== null && n === parseInt(lastDecimal, 10) + 1);
    if (!sequenceOk) return false;
    // A part whose numbering Word restarts at 1 as a list of its own ("Part B" / "1." in a new list): that list
    // numbers the part's questions from here on, its deeper levels their answers.
    const restartsInPart = n === 1 && sectionSinceNumber && list?.listId !== undefined && list.listId !== questionListId && list.level === questionListLevel;
    if (list?.ordered && list.listId && (questionListId === undefined || restartsInPart)) {
      questionListId = list.listId;
      questionListLevel = list.level;
    }
    return true;
  };

  /**
   * An unnumbered question read from the layout: the line asks by its punctuation and the lines under it are shaped
   * as an answer block (answer-blocks.ts). The question is started with the block as its answers; the number of
   * answer units consumed is returned (0: not such a question, nothing started).
   */
  const rhythm = rhythmLabels(units);
  const plainRhythm = plainAnswerRhythm(units);
  const shapedQuestion = (index: number, line: LogicalLine, text: string, request = false): number => {
    // (A request the line rules read — "Choose one or more …" — asks whatever its punctuation.)
    const asks = request ? text.split(/\s+/).length >= 4 && !/^\(.*\)$/.test(text) : asksByPunctuation(text);
    // (A label styled as a heading asks only over answers set deeper than itself.)
    const label = !asks && !request && styledLabel(line);
    const inRhythm = !asks && !request && rhythm.has(index);
    if ((!asks && !label && !inRhythm) || isProgrammingNoteText(text)) return 0;
    // (Before the first question, a label over a list is front matter: a team, requirements, contents — unless the
    // document repeats the label-over-answers shape.)
    if ((!/[?？؟]/.test(text) || label) && !inRhythm && !current && !items.some((item) => item.kind === "question")) return 0;
    const count = shapedAnswerBlock(units, index + 1, line, { indentedOnly: inRhythm || (label && !line.first.heading), plain: plainRhythm });
    if (count === 0) return 0;
    const name = labelAbove(pendingText, line);
    if (name) pendingText.pop();
    const question = startQuestion(null, line, name ?? undefined);
    addWording(question, line, text);
    for (let k = 1; k <= count; k++) {
      const answer = units[index + k] as Extract<Unit, { kind: "line" }>;
      addOption(question, answer.line, answer.line.text.trim());
    }
    return count;
  };
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    unitIndex = index;
    const check = checks.get(index);
    if (check && unit.kind === "line") {
      // Routing, not a question nor text: its branch holds for what is printed before its farther target.
      const lines = units.slice(index, index + check.length).flatMap((entry) => (entry.kind === "line" ? [entry.line] : []));
      const printed = lines.map((entry) => entry.text.trim()).join(" ");
      const logic: LogicText = { text: printed, span: { start: lines[0].start, end: lines[lines.length - 1].end }, role: "display", group: true, branch: { condition: check.condition, negated: check.negated } };
      checkScopes.push({ logic, until: check.until });
      index += check.length - 1;
      continue;
    }
    if (instrument && (index <= instrument.start || index >= instrument.end)) {
      if (unit.kind === "line") docNotes.push({ text: unit.line.text.trim(), span: span(unit.line) });
      continue;
    }
    if (declarations.has(index) && unit.kind === "line") {
      docNotes.push({ text: unit.line.text.trim(), span: span(unit.line) });
      continue;
    }
    if (unit.kind === "table") {
      closeDisplay();
      if (unit.table.battery) {
        // A battery whose scale is stated apart (stated-scales.ts) is a question of its own.
        const { label, wording, wordingLine } = unit.table.battery;
        const question = startQuestion(null, wordingLine, label);
        addWording(question, wordingLine, wording);
        question.body.push({ kind: "table", table: unit.table });
        question.start = Math.min(question.start, unit.table.start);
        question.end = Math.max(question.end, unit.table.end);
        question.closed = true;
        // A lettered grid's rows carry the questionnaire's numbers (column-grids.ts): the numbering goes on after them.
        const lastRow = unit.table.lettered ? Number(/^\d+/.exec(unit.table.rows.at(-1)?.[0]?.text.trim() ?? "")?.[0]) : NaN;
        if (lastRow > 0) lastNumber = lastRow;
        continue;
      }
      const cur = current as RawQuestion | null;
      // A web form's grid under its title and help text, printed without a question number (a form's respondent
      // view): a question of its own, worded by the title — the line marked required ("… *"), else the last that
      // asks, else the line right over the grid; the lines between the title and the grid are its help.
      if (unit.table.formGrid && pendingText.length) {
        const at = formTitleLine(pendingText);
        const wording = pendingText[at];
        const help = pendingText.slice(at + 1);
        pendingText = pendingText.slice(0, at);
        finishQuestion();
        const question = startQuestion(null, wording);
        addWording(question, wording, formTitleText(wording.text));
        for (const extra of help) question.body.push({ kind: "instruction", line: extra, text: extra.text });
        question.body.push({ kind: "table", table: unit.table });
        question.end = unit.table.end;
        question.closed = true;
        continue;
      }
      // A table of items rated in a shared answer cell (rated-item-tables.ts) after a question that has more than
      // its first line is a grid of its own; the line printed over it (taken as one more answer or line of
      // wording) is its title.
      const firstWording = cur?.body.find((part) => part.kind === "wording");
      const answered = cur ? hasAnswers(cur) || Boolean(firstWording && firstWording !== cur.body.at(-1) && /_{3,}|[?？]\s*$/.test(firstWording.text)) : false;
      if (cur && !cur.closed && cur.body.length >= 2 && answered && ratedItemTable(unit.table)) {
        const titlePart = cur.body.at(-1);
        const title = titlePart && (titlePart.kind === "wording" || titlePart.kind === "option" || titlePart.kind === "note") ? titlePart.line : null;
        if (title) {
          cur.body.pop();
          cur.end = cur.body.reduce((end, part) => Math.max(end, part.kind === "table" ? part.table.end : part.line.end), cur.start);
        }
        finishQuestion();
        startTableGrid(title, unit.table);
        continue;
      }
      // A tick-column table (tick-column-tables.ts) under a title line printed after a question's answers (a
      // section heading after a list of instructions, the next table's heading after a grid) is a grid of its own,
      // titled by that line. An instruction over it ("[RANDOMIZE ORDER]") titles nothing: the table is that
      // question's.
      const tickTitle = cur?.body.at(-1);
      if (cur && !cur.closed && cur.body.length >= 2 && tickTitle && (tickTitle.kind === "option" || tickTitle.kind === "wording" || tickTitle.kind === "note") && hasAnswers({ ...cur, body: cur.body.slice(0, -1) }) && tableTitleLine(tickTitle.line) && tickColumnLabels(unit.table)) {
        cur.body.pop();
        cur.end = cur.body.reduce((end, part) => Math.max(end, part.kind === "table" ? part.table.end : part.line.end), cur.start);
        finishQuestion();
        startTableGrid(tickTitle.line, unit.table);
        continue;
      }
      if (cur && !cur.closed) {
        cur.body.push({ kind: "table", table: unit.table });
        cur.end = Math.max(cur.end, unit.table.end);
        continue;
      }
      // A stem completed by each row of the grid below it ("Is it acceptable to remove deer when they…" over rows
      // "…damage crops?") ends in an ellipsis or a colon rather than a question mark: it is the grid's wording.
      const gridShaped = unit.table.rows.length >= 2 && (unit.table.rows[0] ?? []).filter((cell) => cell && cell.text.trim()).length >= 2;
      // Only instructions right over a grid ("Rate each service on the scale as follows:"): the request words it.
      const lead = pendingText.length === 0 && gridShaped && pendingInstructions.at(-1) === lastLine ? pendingInstructions : pendingText;
      // "(Please use one tick mark per row)" under the request: how to mark the table; the request above it words it.
      const markingNote = lead.length >= 2 && /^\([^()]{3,160}\)$/.test(lead.at(-1)!.text.trim()) ? lead.at(-1)! : null;
      const lastPending = lead.at(markingNote ? -2 : -1)?.text.trim() ?? "";
      const stem = gridShaped && (STEM_END.test(lastPending) || REQUEST_STEM.test(lastPending));
      // A table of items rated in a shared answer cell (rated-item-tables.ts) is a grid: the title over it words it.
      // A table with the scale over its columns and only codes to mark under it (coded-grid-tables.ts) is a grid, so
      // the instruction over it words it.
      if ((pendingText.length && (looksLikeQuestionLine(lastPending) || stem || ratedItemTable(unit.table) || codedGridTable(unit.table))) || (lead === pendingInstructions && lead.length > 0 && stem)) {
        // "Strongly disagree   Strongly agree" over a table of points: the scale's end labels; the line above them
        // words the grid.
        if (markingNote) lead.pop();
        const legend = (pendingText.length >= 2 || pendingInstructions.length > 0) && ratedItemTable(unit.table) && scaleEndLabels(lastPending) ? pendingText.pop()! : null;
        // "Please circle how much …" over the labels: the request is the grid's wording.
        const wording = pendingText.pop() ?? pendingInstructions.pop()!;
        const question = startQuestion(null, wording);
        addWording(question, wording, wording.text);
        if (markingNote) question.body.push({ kind: "instruction", line: markingNote, text: markingNote.text.trim().slice(1, -1).trim() });
        if (legend) question.body.push({ kind: "instruction", line: legend, text: legend.text.trim() });
        question.body.push({ kind: "table", table: unit.table });
        question.end = unit.table.end;
        // Its rows are all its items: the next line (another lead-in, another table's) is not its wording.
        if (codedGridTable(unit.table)) question.closed = true;
        continue;
      }
      if (cur && cur.closed && !hasAnswers(cur)) {
        cur.closed = false;
        cur.body.push({ kind: "table", table: unit.table });
        continue;
      }
      // A heading that asks for the table ("### Rate the following statements:" over a rating table) is its
      // question's wording: documents that style every prompt as a heading do so for grids too.
      const heading = lastLine;
      if (heading?.first.heading && /[:：?？]\s*$/.test(heading.text.trim()) && pendingText.length === 0 && !(cur && !cur.closed)) {
        const question = startQuestion(null, heading);
        addWording(question, heading, heading.text.trim());
        question.body.push({ kind: "table", table: unit.table });
        question.end = unit.table.end;
        continue;
      }
      // Coded statements over cells to mark (coded-statement-tables.ts) are a grid even with nothing over them to
      // word it: the heading they are printed under is its title.
      if (codedStatementRows(unit.table) && !(cur && !cur.closed)) {
        startTableGrid(heading?.first.heading || heading?.first.bold ? heading : null, unit.table);
        continue;
      }
      // So are items over answer columns to tick (tick-column-tables.ts): the line over them titles the grid.
      if (tickColumnLabels(unit.table) && !(cur && !cur.closed)) {
        const title = pendingText.at(-1) === heading && tableTitleLine(heading) ? pendingText.pop()! : heading?.first.heading || heading?.first.bold ? heading : null;
        startTableGrid(title, unit.table);
        continue;
      }
      docNotes.push({ text: unit.table.lines.map((line) => line.text).join(" | "), span: { start: unit.table.start, end: unit.table.end } });
      continue;
    }

    // A decoration in front of answer boxes ("⭐ ☐ 1 ☐ 2 ☐ 3") is not part of the answers.
    const decoration = /^\p{Extended_Pictographic}\uFE0F?\s+(?=[☐□▢◻❑○◯⚪])/u.exec(unit.line.text.trim());
    const line = decoration ? { ...unit.line, text: unit.line.text.trim().slice(decoration[0].length) } : unit.line;
    const previousLine = lastLine;
    // A table row read as one question ends with its row: the paragraph after the table is not its wording.
    const rowOwner = current as RawQuestion | null;
    if (previousLine?.endsRow && rowOwner && !rowOwner.closed) rowOwner.closed = true;
    lastLine = line;
    const text = line.text.trim();
    let cls: LineClass = answerListClass(line, classifyLine(line), style.numberedAnswers === true);
    // Numbered points of the introduction (prose-enumerations.ts) are its text, not questions.
    if (cls.kind === "qid" && enumerationLines.has(unit.line)) cls = { kind: "text" };
    // Bullets before a labelled list of questions ("Objective:" / "• Measure …" above "Questions:") describe the study.
    if (cls.kind === "option" && line.first.list && style.leveled?.labelledAt !== undefined && index < style.leveled.labelledAt) cls = { kind: "text" };
    // A dotted rule between two answers of one list ("agree … disagree", a dotted line, "no answer") sets the
    // non-substantive answer apart; it is neither an answer blank nor a new question.
    const dottedUnder = current as RawQuestion | null;
    if (/^(?:[.…·] ?){4,}$/.test(text) && dottedUnder && !dottedUnder.closed && dottedUnder.body.at(-1)?.kind === "option") {
      const next = units[index + 1];
      if (next?.kind === "line" && classifyLine(next.line).kind === "option") continue;
    }
    // A numbered reference ("[1] https://…", a source cited in the introduction) is no answer.
    if (cls.kind === "option" && cls.option.code !== undefined && /^(?:https?:\/\/|www\.)\S+$/i.test(cls.option.label.trim())) cls = { kind: "note" };
    // A one-line follow-up under the answers, marked like them ("► If yes, how much? ___"), asks; it is no answer.
    if (cls.kind === "option" && (current as RawQuestion | null)?.body.at(-1)?.kind === "option" && conditionalFollowUp(text)) cls = { kind: "text" };
    // Person (or mention) columns numbered over a code list repeated under each ("01 02 03 04" over "Male 1 1 1 1"):
    // the numbers head the columns; the answers are the rows.
    if ((cls.kind === "option" || cls.kind === "text") && units[index + 1]?.kind === "line" && personColumnsHeading(line, (units[index + 1] as Extract<Unit, { kind: "line" }>).line)) cls = { kind: "note" };
    // Answers printed side by side on a line under the wording (side-by-side-answers.ts).
    const openQuestion0 = current as RawQuestion | null;
    // (Assigned further down the loop, which TypeScript does not follow.)
    const across = lastAcross as AcrossLine | null;
    const wrapped = openQuestion0 && !openQuestion0.closed && across?.question === openQuestion0 && openQuestion0.body.at(-1) === across.parts.at(-1) ? wrappedUnder(line, across.line) : null;
    if (openQuestion0 && across && wrapped !== null) {
      const part = across.parts[wrapped];
      part.text = `${part.text} ${text}`;
      part.option = { ...part.option, label: part.text };
      openQuestion0.end = Math.max(openQuestion0.end, line.end);
      continue;
    }
    if (openQuestion0 && !openQuestion0.closed && line.segments && (cls.kind === "text" || cls.kind === "option") && hasWording(openQuestion0) && (!hasAnswers(openQuestion0) || across?.question === openQuestion0) && (boxedPairs(line) || !gridAhead(units, index))) {
      const last = across?.question === openQuestion0 && boxedPairs(across.line) ? lastBoxedAnswer(line) : null;
      const labels = answersAcross(line) ?? (last ? [last] : null);
      if (labels && answersEndAt(units, index, line)) {
        // Answers coded in columns ("a) Wood" | "d) Electricity") keep their codes.
        const coded = sameCodeShape(labels);
        const parts: AcrossLine["parts"] = labels.map((label) => ({ kind: "option" as const, line, option: coded ? parseOption(label) : { label }, text: label, numbered: false }));
        openQuestion0.body.push(...parts);
        openQuestion0.end = Math.max(openQuestion0.end, line.end);
        lastAcross = { line, question: openQuestion0, parts };
        continue;
      }
    }
    // "For office use only" blocks (scoring boxes, coder fields) are not for the respondent.
    // An appendix after the questionnaire (item reference guides, references, codebooks) restates or explains
    // the items: it is documentation, kept as notes, never questions.
    const bracketed = BRACKETED_HEADING.exec(text);
    const heading = bracketed ? bracketed[1].trim() : text;
    if (!appendix && !(instrument && isInstrumentHeading(line)) && (APPENDIX.test(heading) || SCORING_SECTION.test(heading)) && text.length < 80 && !/[?？]/.test(text) && (line.first.bold || line.first.heading || bracketed || isMostlyUpper(text)) && items.filter((item) => item.kind === "question").length + (current ? 1 : 0) >= 5) {
      closeDisplay();
      finishInfo();
      finishQuestion();
      flushText(false);
      appendix = true;
    }
    if (appendix) {
      docNotes.push({ text, span: span(line) });
      continue;
    }
    // A required mark the print set on a line of its own says nothing more about the question it follows.
    if (text === "*" && helpPrint) continue;
    // A printable web survey (printed-help.ts): the line above an answer help line is a question's wording — a new
    // question unless the open one is still waiting for its own help line. The tool's marks may stand between the
    // two: the required "*" on a line of its own, a "! …" tip that an answer is needed.
    let helpAt = index + 1;
    while (helpAt < index + 3 && units[helpAt]?.kind === "line" && TOOL_MARK.test((units[helpAt] as { line: LogicalLine }).line.text.trim())) helpAt++;
    const helpNext = units[helpAt];
    if (helpNext?.kind === "line" && isAnswerHelp(helpNext.line.text) && !isAnswerHelp(text) && !TOOL_MARK.test(text) && cls.kind !== "qid" && text.length <= 400) {
      const open = current as RawQuestion | null;
      const waiting = open && !open.closed && !open.body.some((part) => "text" in part && isAnswerHelp(part.text));
      if (!waiting) {
        // Wording wrapped over several lines arrives as text lines without a sentence end before this one.
        const wrapped: LogicalLine[] = [];
        while (pendingText.length && pendingText[pendingText.length - 1].text.trim().length >= 50 && !/[.!?？:：]$/.test(pendingText[pendingText.length - 1].text.trim())) wrapped.unshift(pendingText.pop()!);
        // After a question the print closed with its own help line, every line of the wording's column since then is
        // this question's text (a long question prints paragraphs and its scale's legend before the help line).
        const afterHelped = !open || open.body.some((part) => "text" in part && isAnswerHelp(part.text));
        const column = line.first.indent;
        if (afterHelped && open && column !== undefined) {
          while (pendingText.length && Math.abs((pendingText[pendingText.length - 1].first.indent ?? -1) - column) <= 0.01 && pendingText[pendingText.length - 1].start > open.end) wrapped.unshift(pendingText.pop()!);
        }
        const question = startQuestion(null, wrapped[0] ?? line);
        question.answerHelp = helpFormat(helpNext.line.text);
        for (const part of wrapped) addWording(question, part, part.text.trim());
        addWording(question, line, withoutRequiredMark(text));
        continue;
      }
    }
    // A scale's legend printed above a help line ("0= not at all able" / "7= fully able" / "Please choose … for each
    // item:"): the next question's wording, not answers.
    if (helpPrint && /^\d{1,2}\s*=\s*\p{L}/u.test(text) && legendBeforeHelp(units, index)) {
      pendingText.push(line);
      continue;
    }
    if (OFFICE_USE.test(text) && text.length < 80) {
      closeDisplay();
      finishInfo();
      finishQuestion();
      flushText(false);
      officeUse = true;
      docNotes.push({ text, span: span(line) });
      continue;
    }
    if (officeUse) {
      // The block is its fields; a new paragraph of text after it ("See you soon!") is the questionnaire again.
      if (cls.kind !== "qid" && cls.kind !== "section" && cls.kind !== "page-break" && !(line.first.blankBefore && cls.kind !== "entry")) {
        docNotes.push({ text, span: span(line) });
        continue;
      }
      officeUse = false;
    }
    if (isGridRow(line) && cls.kind !== "qid") {
      const cur = current as RawQuestion | null;
      if (cur) {
        cur.body.push({ kind: "grid-row", line });
        cur.end = Math.max(cur.end, line.end);
        cur.closed = false;
        continue;
      }
    }

    // Qualtrics-style display logic: "Display This Question:" then If/And/Or clauses.
    if (display) {
      const continues = cls.kind === "text" || cls.kind === "logic" || cls.kind === "instruction" || (cls.kind === "option" && !/^[o▢☐○]\s/.test(text));
      const clause = /^(?:if|and|or)\b/i.test(text);
      if (continues && !/^carry forward\b/i.test(text) && (clause || !outdentedFromClause(line, displayIndent) || !conditionComplete(display.text.slice(display.text.lastIndexOf("\n") + 1)))) {
        display.text = `${display.text}${clause ? "\n" : " "}${text}`;
        display.span.end = line.end;
        if (clause) displayIndent = line.first.indent ?? 0;
        continue;
      }
      closeDisplay();
    }
    // (Set inside closeDisplay, which TypeScript does not follow.)
    const choiceLogic = pendingChoice as LogicText | null;
    if (choiceLogic) {
      const target = current as RawQuestion | null;
      if (target && cls.kind === "option") (target.choiceLogic ??= []).push({ start: line.start, text: choiceLogic.text, span: choiceLogic.span });
      pendingChoice = null;
    }

    // "| Yes | No |": the column headings of the answers under it (column-headers.ts, form-print.ts) belong to the
    // open question's wording, never to its answers.
    const headed = current as RawQuestion | null;
    if (cls.kind === "text" && headed && !headed.closed && !hasAnswers(headed) && hasWording(headed) && SCALE_LINE.test(text)) {
      addWording(headed, line, text);
      continue;
    }
    // Bulleted items that carry the next printed ids ("- Q5. Classmates ignored me.") are questions (the
    // statements of a battery), not the answers of the line above them.
    if (cls.kind === "option" && style.bulleted) {
      const inner = carriesBulletedId(text, style.bulleted);
      if (inner) cls = { kind: "qid", id: inner };
      else if (isSiblingNote(line, style.bulleted)) cls = { kind: "instruction" };
    }
    if (cls.kind === "option" && lastPrefixed) {
      const bullet = /^[-*•–·]\s+(?=\S)/.exec(text);
      const inner = bullet ? matchQuestionId(text.slice(bullet[0].length)) : null;
      if (inner?.kind === "prefixed" && inner.number !== undefined && idPrefix(inner.id) === lastPrefixed.prefix && inner.number > lastPrefixed.number && inner.number <= lastPrefixed.number + 4) {
        cls = { kind: "qid", id: inner };
      }
    }
    // A new spaced Word list numbered from 1 again (spaced-lists.ts): the block's title line ("CUESTIONARIO 2",
    // "True or false", just before the item or before the block's instruction) opens the next part, so the repeated
    // numbers are qualified by it.
    const spacedRestart = cls.kind === "qid" && !sectionSinceNumber && lastNumber !== null && lastNumber >= 2 && opensSpacedList(line, questionListId, spacedLists);
    const titleLine = spacedRestart ? blockTitle(units, index) : null;
    const restartTitle = titleLine ?? (cls.kind === "qid" && previousLine && (numberingRestarts(cls.id, previousLine, lastNumber, current, units, index) || headsNumberedPart(cls.id, previousLine)) ? previousLine : null);
    if (restartTitle) {
      // Numbering that starts again at 1 under a title line ("Phase one Questionnaire" / "1. Are you …?"): the
      // title opens a new part, whose questions are not answers of the question before it.
      const title = restartTitle.text.trim().replace(/^[•◦▪►➢-]\s+/, "").replace(/[:：]\s*$/, "");
      const open = current as RawQuestion | null;
      const titlePart = open?.body.findIndex((part) => "line" in part && part.line === restartTitle) ?? -1;
      if (open && titlePart >= 0) {
        open.body.splice(titlePart, 1);
        open.end = open.body.reduce((end, part) => Math.max(end, part.kind === "table" ? part.table.end : part.line.end), open.start);
      } else if (pendingText.includes(restartTitle)) pendingText.splice(pendingText.indexOf(restartTitle), 1);
      else if (info?.lines.includes(restartTitle)) info.lines.splice(info.lines.indexOf(restartTitle), 1);
      closeDisplay();
      finishInfo();
      finishQuestion();
      flushText(false);
      startSection(title, undefined, span(restartTitle));
    }
    // "### Question 1: Monolithic or modular" over "### 1.1 …": a numbered heading that titles the sub-numbered questions after it.
    if (cls.kind === "qid" && line.first.heading && opensNumberedPart(cls.id, units, index)) cls = { kind: "section", title: text };
    // "3.<TAB>Experiment one:" over questions named by their variables ("… ? (Q5)"): a numbered title of a part.
    if (cls.kind === "qid" && numberedPartTitle(cls.id, units, index)) cls = { kind: "section", title: text };
    // A line in capitals set apart by space at the wording's column, after answers indented under it: the next part's
    // heading ("VOTRE FORMATION CONTINUE"), not one more answer (capitalsHeadingAfter).
    if (cls.kind === "text" && capitalsHeadingAfter(line, current)) cls = { kind: "section", title: text };
    // The end of a labelled list of questions ends its last question: lines after the list are not its answers.
    const listEnded = index === style.leveled?.labelledEnd ? (current as RawQuestion | null) : null;
    if (listEnded) listEnded.closed = true;
    // "• SECTOR OF ACTIVITY" over "o Farming" / "o Retail": a list item with its answers one level deeper is a question.
    if (cls.kind !== "qid" && cls.kind !== "section" && style.leveled && isLeveledQuestion(units, index, style.leveled)) {
      const question = startQuestion(null, line);
      const wording = leveledQuestionText(line, text);
      addWording(question, line, wording);
      // Under a label that names them ("Questions:"), every item is asked, also one worded as a request ("Describe …").
      // A glyph-leveled list's question line that requests an answer in words ("• Please give a phone number we can call.") is asked too.
      const requests = style.leveled?.glyphs !== undefined && ANSWER_REQUEST.test(wording) && !glyphAnswerNext(units, index, style.leveled.glyphs);
      if ((/[?？]/.test(wording) || style.leveled?.labelledAt !== undefined || requests) && !nextIsListItemBelow(units, index)) question.askedByPlace = true;
      continue;
    }
    // "Q) Select your gender:", "Q). The signs are", "Q.Which …": a question marker without a number starts a question.
    const bareMarker = cls.kind !== "qid" ? BARE_QUESTION_MARKER.exec(text) : null;
    if (bareMarker) {
      const question = startQuestion(null, line);
      addWording(question, line, text.slice(bareMarker[0].length).trim());
      continue;
    }
    // Numbered statements under a question that already printed its scale ("Using the 1–7 scale below …" / the
    // scale / "1. _ In most ways my life is close to my ideal."): the rows the scale rates, not questions.
    const openQuestion = current as RawQuestion | null;
    if (cls.kind === "qid" && cls.id.kind === "numeric" && openQuestion && !openQuestion.closed) {
      const open = openQuestion;
      const rows = open.rowsLast && open.listGroups ? open.body.length - open.listGroups[1] : -1;
      if (rows >= 1 ? cls.id.number === rows + 1 : cls.id.number === 1 && ratedStatement(open, cls.id.rest)) {
        if (rows < 0) {
          open.matrixDeclared = true;
          open.rowsLast = true;
          open.listGroups = [open.body.findIndex((part) => part.kind === "option"), open.body.length];
        }
        addOption(open, line, cls.id.rest.replace(/^_+\s*/, ""));
        continue;
      }
    }
    // "In this part we ask about …" on a paragraph of its own between two blocks whose numbering starts again at 1
    // without a heading: a part's introduction, after which a "1." that asks opens the next block.
    if (lastNumber !== null && introParagraph(line, cls)) introSinceNumber = true;
    // "SEXO DEL ENTREVISTADO   1. VARON   2. MUJER": a field's label and its numbered answers on one line.
    const labelledRow = cls.kind === "text" ? labelledAnswerRow(text) : null;
    if (labelledRow) {
      finishQuestion();
      const question = startQuestion(null, line);
      addWording(question, line, labelledRow.wording);
      for (const piece of labelledRow.answers) question.body.push({ kind: "option", line, option: parseOption(piece), text: piece, numbered: true });
      question.closed = true;
      continue;
    }
    // "1. Asian   2. Latino" under a question: numbered answers printed two or three to a line, not question 1.
    const answerRow = cls.kind === "qid" && cls.id.kind === "numeric" && !line.spine ? numberedAnswerRow(text) : null;
    let rowHost = current as RawQuestion | null;
    const asking = (wording: string | undefined) => /[?？:：]\s*$/.test(wording?.trim() ?? "");
    if (answerRow && (!rowHost || rowHost.closed || !(hasAnswers(rowHost) || asking(rowHost.body.filter((part) => part.kind === "wording").at(-1)?.text))) && asking(pendingText.at(-1)?.text)) {
      const wording = pendingText.pop()!;
      rowHost = startQuestion(null, wording);
      addWording(rowHost, wording, wording.text.trim());
    }
    if (answerRow && rowHost && !rowHost.closed && (hasAnswers(rowHost) || asking(rowHost.body.filter((part) => part.kind === "wording").at(-1)?.text))) {
      for (const piece of answerRow) rowHost.body.push({ kind: "option", line, option: parseOption(piece), text: piece, numbered: true });
      rowHost.end = Math.max(rowHost.end, line.end);
      continue;
    }
    if (cls.kind === "qid") {
      const id = cls.id;
      if (!acceptNumbered(id, line)) {
        // "### 3. Your library" after question 3's answers: a numbered heading out of the questions' sequence titles a
        // part; it is never an answer.
        cls = line.first.heading ? { kind: "section", title: text } : { kind: "option", option: parseOption(text) };
      } else {
        // "Q6 only if Q5 = Yes" / "Q6. How much is your rent?": a filter line that names its question, then the
        // question under the same id — one question, the filter its own.
        const waiting = current as RawQuestion | null;
        if (waiting && waiting.awaitingWording && !hasWording(waiting) && !hasAnswers(waiting) && waiting.logic.length && waiting.id && normalizeName(waiting.id.id) === normalizeName(id.id) && id.rest.trim()) {
          addWording(waiting, line, id.rest.trim());
          waiting.awaitingWording = false;
          continue;
        }
        // "CSS_Q05 Have you …?" / "CSS_05": a specification prints under the item's name the variable that stores
        // its answer — the name without the item's kind letter. It names the item again, it opens none.
        const named = current as RawQuestion | null;
        if (named && !named.closed && !hasAnswers(named) && named.id && storedVariable(named.id.id) === id.id) {
          if (!named.aliases.includes(id.id)) named.aliases.push(id.id);
          if (id.rest.trim()) addWording(named, line, id.rest.trim());
          continue;
        }
        const question = startQuestion(id, line);
        if (id.kind === "prefixed" && id.number !== undefined) lastPrefixed = { prefix: idPrefix(id.id), number: id.number };
        if (id.number !== undefined && (id.kind === "numeric" || id.kind === "decimal")) {
          lastNumber = id.number;
          lastDecimal = id.kind === "decimal" ? id.id : null;
          lastNumberedId = id.id;
          sectionSinceNumber = false;
          introSinceNumber = false;
        }
        // A script header declares the answer format (grids and sliders are read from their printed rows).
        if (id.format && id.format !== "matrix" && id.format !== "slider") declareType(question, line, `Type: ${id.format}`, id.format, !id.rest.trim());
        const rest = id.rest.trim();
        const restClass = rest ? classifyLine({ ...line, text: rest }) : null;
        const filtered = restClass?.kind === "logic" ? filterBeforeWording(rest, line) : null;
        if (id.kind === "standalone" || !rest) question.awaitingWording = true;
        else if (filtered) {
          // "S5. ASK IF S4 = 1,2: Which tools do you use?": the base, then the wording, on the id's line.
          question.logic.push({ text: filtered.filter, span: span(line), role: "display" });
          addWording(question, line, filtered.wording);
        } else if ((restClass?.kind === "logic" || (restClass?.kind === "note" && UNIVERSAL.test(rest))) && !/^(?:\[[^\]]*\]|\([^()]*\))\s*\S/.test(rest) && !asksBeforeBrackets(rest, line) && !asksAfterLeadIn(rest)) {
          // "A3  IF OWNED (CODE 1 OR 2 AT A2)" / "A4  ASK ALL": the filter sits where the wording usually starts.
          if (restClass.kind === "logic") question.logic.push({ text: rest, span: span(line), role: ROUTING_LOGIC.test(rest) && !DISPLAY_LOGIC.test(rest) ? "route" : "display" });
          else question.notes.push({ text: rest, span: span(line) });
          question.awaitingWording = true;
        } else if (restClass?.kind === "option" && restClass.option.code !== undefined && (CHECKBOX_MARKER.test(rest) || RADIO_MARKER.test(rest))) {
          // "3.  ☐ 0 No abnormal signs in this part": a number whose first answer stands where the wording would (a
          // gateway question worded by its heading) — the line is the first answer, not the wording.
          addOption(question, line, rest);
        } else addWording(question, line, rest);
        continue;
      }
    }

    const cur = current as RawQuestion | null;
    // Inside a printed grid (PDF): header and row-label lines stay with the question until its last row.
    if (cur && !cur.closed && (cls.kind === "text" || cls.kind === "option" || cls.kind === "instruction")) {
      const hasRows = cur.body.some((part) => part.kind === "grid-row");
      if (gridAhead(units, index) || (hasRows && (/^\(\d{1,3}\)$/.test(text) || rowLabelOpen(cur)))) {
        cur.body.push({ kind: "wording", line, text });
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
    }
    // The wrapped end of an option ("… unrelated to" / "music (4) Others"), in lower case after an option line.
    const lastPart = cur?.body[cur.body.length - 1];
    // A line of inline answers that ends with a code whose label went to the next line ("… (6)" / "Above ¥1,000,000").
    const danglingCode = lastPart?.kind === "option" && /\s[([]\d{1,3}[)\]]\s*$/.test(lastPart.line.text) && /^[([]\d{1,3}[)\]]/.test(lastPart.line.text.trim());
    // A marked answer wrapped over lines whose last line carries the answer's code ("○ … other animal, object" /
    // "or event … (1)"): the lower-case line with the code completes the answer above, which has no code yet.
    const codeCompletes =
      cls.kind === "option" && cls.option.marker === undefined && cls.option.code !== undefined && /^\p{Ll}/u.test(text) && lastPart?.kind === "option" && lastPart.option.marker !== undefined && lastPart.option.code === undefined;
    // A Word list item is its own paragraph, never the wrapped end of the item before it ("ii. Magazines").
    const ownListItem = line.first.list !== undefined && lastPart?.kind === "option" && lastPart.line.first.list !== undefined;
    // Under a tool's help line an answer that ends short of the middle of the page did not wrap: the next line is the
    // next answer ("less than 5 years" / "between 5 and 10 years").
    const helpRow = cur?.answerHelp !== undefined && lastPart?.kind === "option" && (lastPart.line.first.right ?? 1) < 0.5 && !codeCompletes && !danglingCode;
    if (cur && !cur.closed && !ownListItem && !helpRow && ((cls.kind === "text" && (/^[\p{Ll}]/u.test(text) || danglingCode)) || codeCompletes) && lastPart?.kind === "option") {
      const last = cur.body.pop() as Extract<BodyPart, { kind: "option" }>;
      const merged = `${last.text} ${text}`;
      const lastLine = last.line;
      // Re-split the joined text: it may hold several inline options.
      const inline = splitInlineOptions(merged, false);
      const parts = inline ?? [merged];
      const siblings: BodyPart[] = [];
      while (cur.body.length && cur.body[cur.body.length - 1].kind === "option" && (cur.body[cur.body.length - 1] as { line: LogicalLine }).line === lastLine && inline) {
        siblings.unshift(cur.body.pop()!);
      }
      const prefix = siblings.map((part) => (part as { text: string }).text).join(" ");
      const all = inline ? splitInlineOptions(prefix ? `${prefix} ${merged}` : merged, false) ?? parts : parts;
      for (const piece of all) cur.body.push({ kind: "option", line: lastLine, option: parseOption(piece), text: piece, numbered: last.numbered });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // The next item of a Word list whose items are the answers, at their level or one deeper (the rows of a grid under its
    // scale, list-level-grids.ts) and labelled by the list ("ii.", "iii."), is an answer line too.
    if (cur && !cur.closed && ownListItem && cls.kind === "text" && lastPart?.kind === "option") {
      const own = line.first.list!;
      const before = lastPart.line.first.list!;
      if (own.listId === before.listId && (own.level === before.level || own.level === before.level + 1) && own.label && own.label.trim().length <= 8 && text.startsWith(own.label)) {
        const label = text.slice(own.label.length).trim();
        cur.body.push({ kind: "option", line, option: parseOption(label), text: label, numbered: false });
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
    }
    // A code scale labelled only at its ends ("Very dissatisfied ..... 1" / "2" / "3" / "4" / "Very satisfied ..... 5"):
    // a bare number that continues the codes is the next answer.
    const lastCode = cur && !cur.closed ? lastOptionNumber(cur) : null;
    if (cur && lastCode !== null && /^\d{1,2}$/.test(text) && Number(text) === lastCode + 1 && lastPart?.kind === "option") {
      cur.body.push({ kind: "option", line, option: { label: text, code: text }, text, numbered: false });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // An answer's explanation in parentheses on the lines under it ("☐ Asian" / "(A person having origins in …)"):
    // part of that answer, not a question of its own; its wrapped lines (in lower case) follow by the rule above.
    if (cur && !cur.closed && cls.kind === "text" && text.startsWith("(") && lastPart?.kind === "option" && lastPart.option.marker !== undefined && lastPart.line !== line) {
      const last = lastPart;
      const merged = `${last.text} ${text}`;
      cur.body[cur.body.length - 1] = { ...last, text: merged, option: { ...last.option, label: `${last.option.label} ${text}` } };
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // "or" printed between two options.
    if (cur && !cur.closed && /^(?:or|and\/or|oder|o|ou)$/i.test(text) && cur.body[cur.body.length - 1]?.kind === "option") continue;
    // A routing arrow alone on the line between two answers ("Oui ..... 1" / "→ 23" / "Non ..... 2") is the route
    // of the answer above it; so is one set under the last of a dot-leader code list ("NO ..... 2" / "► 7"), where
    // statistics offices' forms print it when the code's box is too narrow to hold it.
    if (cur && !cur.closed && LONE_ARROW_ROUTE.test(text)) {
      const last = cur.body[cur.body.length - 1];
      const after = units[index + 1];
      const nextIsOption = after?.kind === "line" && classifyLine(after.line).kind === "option";
      if (last && last.kind === "option" && !last.option.label.includes("→") && (nextIsOption || last.option.leader)) {
        const merged = `${last.text} ${text}`;
        cur.body[cur.body.length - 1] = { ...last, text: merged, option: parseOption(merged) };
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
    }
    // A code printed alone on the next line belongs to the option above it ("Shopping for groceries" / "(2)").
    if (cur && !cur.closed && /^\(\d{1,3}\)$/.test(text)) {
      const last = cur.body[cur.body.length - 1];
      if (last && last.kind === "option") {
        const merged = `${last.text} ${text}`;
        cur.body[cur.body.length - 1] = { ...last, text: merged, option: parseOption(merged) };
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
    }
    // "YES ..... 1 < END" then "THANK YOU VERY MUCH FOR YOUR HELP.": the closing words of that answer's route,
    // wrapped onto a line of their own; the question's other answers follow.
    if (cur && !cur.closed && (cls.kind === "end" || cls.kind === "text") && CLOSING_WORDS.test(text)) {
      const last = cur.body.at(-1);
      if (last?.kind === "option" && ROUTE_TO_END.test(last.option.label)) {
        cur.body.push({ kind: "note", line, text });
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
    }
    switch (cls.kind) {
      case "display-start":
        closeDisplay();
        // Display logic of a choice sits inside the answer list: the question goes on.
        displayForChoice = Boolean(cur) && /^display this choice\b/i.test(text);
        if (cur && !displayForChoice) cur.closed = true;
        display = { text: "", span: span(line), role: "display" };
        display.text = text;
        displayIndent = null;
        continue;
      case "section": {
        // "#### 31. Considering the terms …:" then the terms, then "#### Have you already:" over its answer table: an
        // unnumbered heading that ends in a colon, under a numbered question with no answers yet, leads in to
        // that question's answers — its wording goes on, no section starts.
        if (cur && cur.id && !cur.closed && !hasAnswers(cur) && line.first.heading && !cls.label && /[:：]\s*$/.test(text) && text.length <= 120) {
          addWording(cur, line, text);
          continue;
        }
        // "### 请写下您的建议【开放题】": an unnumbered heading tagged with an answer type asks a question, whether or
        // not answers follow (online-form drafts in Chinese, Japanese or Korean tag every question this way).
        if (line.first.heading && !cls.label && ANSWER_TYPE_TAG.test(text)) {
          const question = startQuestion(null, line);
          addWording(question, line, text);
          continue;
        }
        // An unnumbered heading over an answer block of its own shape is a question worded as a heading ("### Household
        // size" over "- One" / "- Two" …), once the questions have begun (answer-blocks.ts).
        const headingQuestion = line.first.heading && !cls.label ? shapedQuestion(index, line, text) : 0;
        if (headingQuestion) {
          index += headingQuestion;
          continue;
        }
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        // "SECTION B: TRAIN USERS (ASK IF Q1 = 1)", "Part 3 – Parents only [IF S4 = 1]": a filter in the heading is
        // the section's (detect: any wrapper; scope: the section), and it stays out of the title.
        const headed = /^(.*?\S)\s*[([]([^()[\]]{3,140})[)\]]\s*$/.exec(cls.title);
        if (headed && DISPLAY_LOGIC.test(headed[2]) && !UNIVERSAL.test(headed[2])) {
          startSection(headed[1].replace(/(?<![\s:–—-])[\s:–—-]+$/, ""), cls.label, span(line), line.first.heading);
          groupLogic = [{ text: headed[2].trim(), span: span(line), role: "display", group: true }];
          continue;
        }
        startSection(cls.title, cls.label, span(line), line.first.heading);
        continue;
      }
      case "screen": {
        // A script export's text screen: the lines up to the next header are its text; a filter above it is its own.
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        const logic: LogicText[] = pendingLogic.map((entry) => ({ text: entry.text, span: entry.span, role: entry.role }));
        pendingLogic = [];
        info = { kind: "info", role: "text", lines: [], logic, notes: [], section, page, pageBreakBefore: consumePageBreak() };
        continue;
      }
      case "separator":
        closeDisplay();
        if (cur) cur.closed = true;
        finishInfo();
        continue;
      case "end-of-block":
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        continue;
      case "page-break": {
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        pageBreakPending = true;
        const rest = cls.rest ?? "";
        if (/\b(?:if|show|ask|only)\b/i.test(rest)) {
          groupLogic = [{ text: rest, span: span(line), role: "display", group: true }];
        } else {
          groupLogic = [];
          groupUntil = null;
          if (rest) startSection(rest, undefined, span(line));
        }
        continue;
      }
      case "page-label":
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        page = cls.label;
        pageBreakPending = true;
        continue;
      case "end":
      case "terminate-screen": {
        closeDisplay();
        finishInfo();
        finishQuestion();
        flushText(false);
        info = {
          kind: "info",
          role: cls.kind === "end" ? "end" : "terminate",
          lines: [line],
          logic: [],
          notes: [],
          section,
          page,
          pageBreakBefore: consumePageBreak(),
        };
        continue;
      }
      default:
        break;
    }

    // "Type: select one", "Question type: free form", "Type: yes/no (if no: [NEXT](#…))": the author declares the
    // answer format of the question above it. The declaration is an instruction, never the question's wording.
    // Specification fields ("- Type: Text input", "- Options:", "**Possible answers:**", "- Placeholder: …") describe
    // the answers of the question above them; they are never answers themselves (see spec-fields.ts).
    const field = specField(text);
    const declared = TYPE_DECLARATION.exec(text) ?? (field?.kind === "type" ? ([text, field.value] as const) : null);
    const openForField = current as RawQuestion | null;
    const listLabel = field?.kind === "list" && !info && !(openForField && !openForField.closed && openForField.matrixDeclared) && (!field.value || SAME_AS_ABOVE.test(field.value));
    // "**Question:** "…"", "**Domanda:** …": a specification gives the wording as a field — a question starts, and
    // the fields after it (format, options, properties) describe its answers.
    if (field?.kind === "wording" && !(openForField && !openForField.closed && !hasWording(openForField))) {
      const question = startQuestion(null, line);
      addWording(question, line, field.value);
      question.specDeclared = true;
      continue;
    }
    if (field?.kind === "wording" && openForField) {
      addWording(openForField, line, field.value);
      openForField.specDeclared = true;
      continue;
    }
    if (field?.kind === "property" && openForField && !openForField.closed && openForField.specDeclared) {
      openForField.notes.push({ text: `${field.label}: ${field.value}`, span: span(line) });
      continue;
    }
    // The placeholder under a label that is not yet a question ("**Age**" / "* [Your response]") makes it one. A form's
    // respondent view prints the question's help text between its title and the placeholder ("How old are you? *" /
    // "Count full years." / "Your answer"): the title is the line marked required (else the last that asks), and the
    // lines after it are help.
    let labelForField: LogicalLine | null = null;
    if (isFormatPlaceholder(text) && !(openForField && !openForField.closed && !hasAnswers(openForField) && hasWording(openForField)) && pendingText.length) {
      const at = formTitleLine(pendingText);
      labelForField = pendingText[at];
      const help = pendingText.slice(at + 1);
      pendingText = pendingText.slice(0, at);
      const question = startQuestion(null, labelForField);
      addWording(question, labelForField, formTitleText(labelForField.text));
      for (const extra of help) question.body.push({ kind: "instruction", line: extra, text: extra.text });
    }
    const fieldOwner = current as RawQuestion | null;
    if (isFormatPlaceholder(text) && fieldOwner && !fieldOwner.closed && !hasAnswers(fieldOwner) && hasWording(fieldOwner)) {
      const openForField = fieldOwner;
      openForField.body.push({ kind: "instruction", line, text: `Answer format: ${text.replace(/^[-*•–·]\s+/, "")}` }, { kind: "entry", line });
      openForField.end = Math.max(openForField.end, line.end);
      // A label made a question by its placeholder has no more answers: the next line is not one of them. Nor has a
      // question whose answer box a form's respondent view prints in its language ("Your answer", "Sua resposta").
      if (labelForField || RESPONDENT_BOX.test(text)) openForField.closed = true;
      continue;
    }
    if ((declared || listLabel) && !info) {
      const open = current as RawQuestion | null;
      let question = open && !open.closed && !hasAnswers(open) && hasWording(open) ? open : null;
      if (!question && pendingText.length) {
        const at = wordingLine(pendingText);
        const wording = pendingText[at];
        const description = pendingText.slice(at + 1);
        pendingText = pendingText.slice(0, at);
        question = startQuestion(null, wording);
        addWording(question, wording, wording.text);
        for (const extra of description) question.body.push({ kind: "instruction", line: extra, text: extra.text });
      }
      // A heading taken for a section title ("Your GitHub username") is the question when its format follows.
      if (!question) question = headingAsQuestion(previousLine);
      if (question && declared) {
        question.specDeclared = true;
        declareType(question, line, text, declared[1]);
        continue;
      }
      if (question && field?.kind === "list") {
        // "Options: Same as above": the answers of the previous question with answers.
        if (field.value) {
          const previous = [...items].reverse().find((item): item is RawQuestion => item.kind === "question" && item !== question && item.body.some((part) => part.kind === "option"));
          if (previous) for (const part of previous.body) if (part.kind === "option") question.body.push({ ...part });
          question.notes.push({ text: `${field.value.trim()}`, span: span(line) });
        }
        question.end = Math.max(question.end, line.end);
        continue;
      }
    }

    // Information screens collect the plain text that follows them.
    const openInfo = info as RawInfo | null;
    if (openInfo && (cls.kind === "text" || cls.kind === "instruction")) {
      openInfo.lines.push(line);
      continue;
    }
    if (openInfo && cls.kind === "note") {
      openInfo.notes.push({ text, span: span(line) });
      continue;
    }
    finishInfo();

    // A question id on its own line is followed by wording; a bold CAPS-NAME right after it is the variable name.
    if (cur && cur.awaitingWording && !hasWording(cur)) {
      if ((line.first.bold || /^[A-Z][A-Z0-9_-]{2,}$/.test(text)) && /^[A-Z][A-Z0-9_.-]{2,}$/.test(text) && cur.aliases.length === 0) {
        cur.aliases.push(text);
        continue;
      }
    }

    // Qualtrics "Display This …" / "Skip To: … If <quoted wording>" quote the wording, capitals and commas included.
    if (cls.kind === "logic" && /,\s+[A-Z]{2,}/.test(text) && !/^(?:display this|skip to:)/i.test(text)) {
      // "ASK IF QREACH=1, OPENENDED TEXT BOX 3 LINES": a condition and a programming note on one line.
      const { logic, notes } = splitNote(text);
      if (logic.length === 1 && notes.length) {
        const target = cur && !cur.closed && !hasAnswers(cur) ? cur : null;
        for (const note of notes) (target ? target.notes : pendingNotes).push({ text: note, span: span(line) });
        if (logic[0].role === "route") {
          if (cur) cur.logic.push({ text: logic[0].text, span: span(line), role: "route" });
          else floatingLogic.push({ text: logic[0].text, span: span(line), role: "route" });
        } else {
          if (cur) cur.closed = true;
          flushText(false);
          pendingLogic.push({ text: logic[0].text, span: span(line), role: "display", textAfter: false });
        }
        continue;
      }
    }
    switch (cls.kind) {
      case "logic": {
        // A tool's filter printed after the answers of the question it belongs to (tool-logic.ts).
        if (cur && FILTER_OF_QUESTION_ABOVE.test(text)) {
          cur.logic.push({ text, span: span(line), role: "display" });
          continue;
        }
        const isRoute = ROUTING_LOGIC.test(plainRouting(text)) && !DISPLAY_LOGIC.test(text);
        if (UNIVERSAL.test(text)) {
          groupLogic = [];
          groupUntil = null;
          pendingLogic = pendingLogic.filter((logic) => logic.role !== "display");
          pendingNotes.push({ text, span: span(line) });
          continue;
        }
        if (isRoute) {
          if (cur) cur.logic.push({ text, span: span(line), role: "route" });
          else floatingLogic.push({ text, span: span(line), role: "route" });
          continue;
        }
        // "[ASK S1a IF …]" names the question it is for: under another question it waits for that one.
        const forAnother = cur !== null && namesAnotherQuestion(text, cur.id?.id);
        if (cur && !forAnother && !cur.closed && !hasAnswers(cur) && (!hasWording(cur) || cur.awaitingWording || /^\[/.test(text))) {
          cur.logic.push({ text, span: span(line), role: "display" });
          continue;
        }
        if (cur && !cur.closed && !hasAnswers(cur) && hasWording(cur) && /^\[?\s*among\b/i.test(text)) {
          cur.logic.push({ text, span: span(line), role: "display" });
          continue;
        }
        // Where the document writes its filters below the wording, a filter inside an open question is its own.
        if (cur && !cur.closed && style.filtersInside) {
          cur.logic.push({ text, span: span(line), role: "display" });
          continue;
        }
        if (cur) cur.closed = true;
        flushText(false);
        pendingLogic.push({ text, span: span(line), role: "display", textAfter: false });
        continue;
      }
      case "note": {
        const { logic, notes } = splitNote(text);
        const target = cur && !cur.closed && !hasAnswers(cur) ? cur : null;
        for (const item of logic) {
          if (item.role === "route") floatingLogic.push({ text: item.text, span: span(line), role: "route" });
          else if (target && (!hasWording(target) || item.own)) target.logic.push({ text: item.text, span: span(line), role: "display" });
          else {
            if (cur) cur.closed = true;
            pendingLogic.push({ text: item.text, span: span(line), role: item.role, textAfter: false });
          }
        }
        if (UNIVERSAL.test(text) && logic.length === 0) {
          groupLogic = [];
          groupUntil = null;
          pendingLogic = pendingLogic.filter((item) => item.role !== "display");
        }
        for (const note of notes) {
          const namesCurrent = cur?.id && new RegExp(`\\b${cur.id.id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(note);
          if (target) target.notes.push({ text: note, span: span(line) });
          else if (cur && namesCurrent && hasAnswers(cur)) cur.notes.push({ text: note, span: span(line) });
          else if (cur && !cur.closed && hasAnswers(cur) && /^\[/.test(text) && isOptionNote(note)) cur.notes.push({ text: note, span: span(line) });
          else pendingNotes.push({ text: note, span: span(line) });
        }
        continue;
      }
      case "instruction": {
        // A command in the document's question style after a question's answers, with answers of its own under
        // it ("**Tick the life events that affected you:**" / "- [ ] …"), is the next question, not an
        // instruction of the last one.
        if (cur && hasAnswers(cur) && line.first.bold && questionStyled(cur) && nextIsOption(units, index)) {
          const question = startQuestion(null, line);
          addWording(question, line, text);
          continue;
        }
        // So is a request that asks by its punctuation with an answer block shaped under it (answer-blocks.ts).
        const request = cur && hasAnswers(cur) ? shapedQuestion(index, line, text, true) : rhythm.has(index) ? shapedQuestion(index, line, text) : 0;
        if (request) {
          index += request;
          continue;
        }
        // A request between a grid and a web form's next grid (two matrices one under the other) asks for that grid:
        // the grid above ends there.
        const nextUnit = units[index + 1];
        if (cur && !cur.closed && nextUnit?.kind === "table" && nextUnit.table.formGrid && cur.body.some((part) => part.kind === "table")) cur.closed = true;
        if (cur && !cur.closed) {
          cur.body.push({ kind: "instruction", line, text });
          cur.end = Math.max(cur.end, line.end);
        } else if (pendingText.length) pendingText.push(line);
        else pendingInstructions.push(line);
        continue;
      }
      case "entry": {
        // A blank with its own label ("Date of visit: ____   Table number: ___") is a question of its own,
        // unless it answers the open question above it ("How many staff? / Number of staff: ____").
        const labels = fieldLabels(text, line.segments);
        // A run of labelled blanks under a title that asks nothing ("1. Respondent's details" over "Name: ……",
        // "Business: ……") is a form's fields under their heading: the first blank is a field too, not the title's
        // answer.
        const next = units[index + 1];
        const titleOnly = cur && cur.body.length === 1 && cur.body[0].kind === "wording" && !/[?？:：]\s*$/.test(cur.body[0].text) && !REQUESTS_FIELD.test(cur.body[0].text);
        const fieldRun = labels.length > 0 && titleOnly && next?.kind === "line" && fieldLabels(next.line.text.trim(), next.line.segments).length > 0;
        const answersCurrent = cur && !cur.closed && !hasAnswers(cur) && hasWording(cur) && !fieldRun;
        // A question asked on the line before its blank ("Which town do you work in ______", asked-blanks.ts).
        const asked = labels.length === 0 && !answersCurrent ? askedBeforeBlank(text) : null;
        if (asked) {
          const question = startQuestion(null, line);
          addWording(question, line, asked);
          question.body.push({ kind: "entry", line });
          continue;
        }
        if (labels.length && !answersCurrent) {
          for (const label of labels) {
            const question = startQuestion(null, line, label);
            addWording(question, line, label);
            question.body.push({ kind: "entry", line });
          }
          continue;
        }
        if (cur && !cur.closed) {
          cur.body.push({ kind: "entry", line });
          cur.end = Math.max(cur.end, line.end);
        } else if (cur && cur.closed && !hasAnswers(cur) && pendingText.length === 0) {
          cur.closed = false;
          cur.body.push({ kind: "entry", line });
        } else if (pendingText.length) {
          const wording = pendingText.pop()!;
          const question = startQuestion(null, wording);
          addWording(question, wording, wording.text);
          question.body.push({ kind: "entry", line });
        }
        continue;
      }
      case "option": {
        const labelQuestion = labelledItem(text, units[index + 1]);
        if (labelQuestion) {
          const question = startQuestion(null, line, labelQuestion);
          addWording(question, line, labelQuestion);
          continue;
        }
        if (cur && !cur.closed && !cur.awaitingWording) {
          addOption(cur, line, text, cls.option.codeFirst === true && /^\d/.test(text));
          continue;
        }
        if (cur && cur.awaitingWording && !hasWording(cur)) {
          // "Q5" / "Select the title closest to your role:" / "● …": the command sentence under a bare id is the
          // wording, and the marked lines under it its answers.
          const command = cur.body.findIndex((part) => part.kind === "instruction");
          if (command >= 0 && cls.option.marker) {
            const part = cur.body[command] as Extract<BodyPart, { kind: "instruction" }>;
            cur.body[command] = { kind: "wording", line: part.line, text: part.text };
            cur.awaitingWording = false;
            addOption(cur, line, text);
            continue;
          }
          addWording(cur, line, text);
          continue;
        }
        if (pendingText.length) {
          const wording = pendingText.pop()!;
          const question = startQuestion(null, wording);
          addWording(question, wording, wording.text);
          addOption(question, line, text);
          continue;
        }
        if (cur && cur.closed && !pendingText.length) {
          cur.closed = false;
          addOption(cur, line, text);
          continue;
        }
        // "### Soil / Water" over a list of boxes: a heading with answers right under it is their question.
        const question = headingAsQuestion(previousLine, true) ?? startQuestion(null, null);
        if (!hasWording(question)) question.start = line.start;
        addOption(question, line, text);
        continue;
      }
      default:
        break;
    }

    // A question with its answers in brackets starts a new (unnumbered) question even inside another one.
    if (cls.kind === "text" && INLINE_ANSWERS.test(text) && cur && hasWording(cur)) {
      const label = labelAbove(pendingText, line);
      if (label) pendingText.pop();
      const question = startQuestion(null, line, label ?? undefined);
      addWording(question, line, text);
      continue;
    }
    // Rows of a paper rating block ("Food quality   1   2   3   4   5") under the line that asks for them.
    if (isCodeRow(line)) {
      const lastPart = cur?.body[cur.body.length - 1];
      if (cur && !cur.closed && (!hasAnswers(cur) || (lastPart?.kind === "option" && isCodeRow(lastPart.line)))) {
        addOption(cur, line, text);
        continue;
      }
      if (cur && lastPart?.kind === "instruction" && hasAnswers(cur)) {
        cur.body.pop();
        const question = startQuestion(null, lastPart.line);
        addWording(question, lastPart.line, lastPart.text);
        addOption(question, line, text);
        continue;
      }
      const asking = pendingText.pop() ?? pendingInstructions.pop();
      if (asking) {
        const question = startQuestion(null, asking);
        addWording(question, asking, asking.text);
        addOption(question, line, text);
        continue;
      }
    }
    // A row of numbers under a rating question ("1 2 3 4 5") lists its answers.
    if (cur && !cur.closed && !hasAnswers(cur) && hasWording(cur) && isNumberRow(text)) {
      for (const number of text.split(/[\s,]+/)) cur.body.push({ kind: "option", line, option: { label: number, code: number }, text: number, numbered: false });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // Plain text.
    const nextUnit = units[index + 1];
    // (Not the last of a question's indented answers over a question set back at the margin: "65 or older" / "Do you …?")
    const lastAnswer = cur && !cur.closed ? cur.body.at(-1) : undefined;
    const endsIndentedAnswers =
      lastAnswer?.kind === "option" && nextUnit?.kind === "line" && Math.abs((lastAnswer.line.first.indent ?? 0) - (line.first.indent ?? 0)) < 0.01 && (nextUnit.line.first.indent ?? 0) < (line.first.indent ?? 0) - 0.02;
    const labelsNext =
      nextUnit?.kind === "line" && classifyLine(nextUnit.line).kind !== "qid" && looksLikeQuestionLine(nextUnit.line.text) && text.length <= 60 && !/[?？]/.test(text) && !endsIndentedAnswers;
    // A declared matrix lists its rows and its columns under labels ("Workflows:" … "Options:" …).
    if (cur && !cur.closed && cur.matrixDeclared && /^[^?？]{2,60}[:：]$/.test(text)) {
      cur.listGroups = [...(cur.listGroups ?? []), cur.body.length];
      continue;
    }
    // Answers, then an item-list label and the items ("ITEMS:" / "a. …"): a battery whose rows come last.
    if (cur && !cur.closed && !cur.matrixDeclared && ITEM_LIST_LABEL.test(text) && nextUnit?.kind === "line" && classifyLine(nextUnit.line).kind !== "text") {
      const first = cur.body.findIndex((part) => part.kind === "option");
      if (first >= 0 && cur.body.slice(first).every((part) => part.kind === "option" || part.kind === "note" || part.kind === "instruction")) {
        cur.matrixDeclared = true;
        cur.rowsLast = true;
        cur.listGroups = [first, cur.body.length];
        continue;
      }
    }
    // Items, then an answer-list label and a second list ("Choices:" / "- Very important" …): a matrix whose rows
    // are the items (the author wrote the grid as two lists instead of declaring it).
    if (cur && !cur.closed && !cur.matrixDeclared && ANSWER_LIST_LABEL.test(text) && nextUnit?.kind === "line" && classifyLine(nextUnit.line).kind !== "text") {
      const first = cur.body.findIndex((part) => part.kind === "option");
      if (first >= 0 && cur.body.slice(first).every((part) => part.kind === "option" || part.kind === "note" || part.kind === "instruction")) {
        cur.matrixDeclared = true;
        cur.listGroups = [first, cur.body.length];
        continue;
      }
    }
    // The answers printed as a bracketed list on a line of their own under the question ("(Yes/No)").
    const alternatives = cur && !cur.closed && !hasAnswers(cur) && hasWording(cur) ? bracketedAlternatives(text) : null;
    if (cur && alternatives) {
      for (const alternative of alternatives) cur.body.push({ kind: "option", line, option: { label: alternative }, text: alternative, numbered: false });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // "If other please specify" under an "Other" answer: the text field of that answer, not an answer of its own.
    const previousPart = cur && !cur.closed ? cur.body.at(-1) : undefined;
    if (cur && previousPart?.kind === "option" && /^other\b/i.test(previousPart.option.label) && /^(?:if other[,:]?\s*)?(?:please\s+)?specify\b/i.test(text)) {
      cur.body.push({ kind: "note", line, text });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // "Why?" under the answers: the open prompt of the question, not a question of its own.
    if (cur && !cur.closed && cur.body.at(-1)?.kind === "option" && /^(?:why|why not|please explain|explain why|please specify)\s*[?？:]?$/i.test(text)) {
      cur.body.push({ kind: "note", line, text });
      cur.end = Math.max(cur.end, line.end);
      continue;
    }
    // A line naming a block of questions ("Introduction to questions 20-25", "Fragen 3 bis 7") heads what follows:
    // it is neither an answer nor more wording of the question above.
    if (cur && !cur.closed && QUESTION_RANGE_HEADING.test(text)) cur.closed = true;
    if (cur && !cur.closed) {
      if (!hasAnswers(cur)) {
        // The first sub-group's label, over the answer coded 1, under a finished wording.
        if (wordingComplete(cur) && nextUnit?.kind === "line" && subgroupLabel(text, "0", parseOption(nextUnit.line.text).code) && !/[.:：]$/.test(text)) {
          cur.body.push({ kind: "note", line, text });
          cur.end = Math.max(cur.end, line.end);
          continue;
        }
        const listNext = (listExpected(cur) || indentedUnder(line, cur)) && text.length <= 60 && !/[?？:]/.test(text);
        // Under a tool's help line ("Please choose only one of the following:") the indented lines are the answers,
        // whatever case they start with ("less than 5 years").
        const helpDeclared = cur.answerHelp !== undefined && cur.answerHelp !== "open" && indentedUnder(line, cur) && cur.body.some((part) => "text" in part && isAnswerHelp(part.text));
        if (((style.unmarkedOptions && (wordingComplete(cur) || labelWording(cur))) || listNext) && (!looksLikeContinuation(text) || helpDeclared) && !hasInlineAnswers(cur) && !labelsNext && !/[?？]\s*$/.test(text)) {
          addOption(cur, line, text);
          continue;
        }
        if (/^\[?\s*among\b/i.test(text) && !hasWording(cur)) {
          cur.logic.push({ text, span: span(line), role: "display" });
          continue;
        }
        // A labelled paragraph ("Purpose: …", "Aim: …") between a finished question and the next id introduces
        // what follows (an interview guide's section aims); it does not continue the wording above it.
        // A text box's help line ("Please write your answer here:") ends its question: the print draws the box, and
        // what follows is the next question's wording.
        const boxDone = cur.answerHelp === "open" && cur.body.some((part) => "text" in part && isAnswerHelp(part.text));
        if (!boxDone && !(wordingComplete(cur) && LABELLED_PARAGRAPH.test(text) && nextIsQuestion(units, index, style))) {
          addWording(cur, line, text);
          continue;
        }
        cur.closed = true;
      }
      const lastPart = cur.body[cur.body.length - 1];
      const optionContext = lastPart.kind === "option" || lastPart.kind === "grid-row";
      // A line asking by its punctuation over an answer block of its own shape opens the next question (answer-blocks.ts).
      const nextQuestion = optionContext && !cur.matrixDeclared ? shapedQuestion(index, line, text) : 0;
      if (nextQuestion) {
        index += nextQuestion;
        continue;
      }
      // A wrapped option whose code sits alone on the next line ("Shopping for groceries" / "(2)").
      if (optionContext && nextUnit?.kind === "line" && /^\(\d{1,3}\)$/.test(nextUnit.line.text.trim())) {
        addOption(cur, line, text);
        continue;
      }
      // A sub-group label inside a coded answer list ("1 Primary" / "2 Secondary" / "Private" / "3 Primary"): the
      // codes run on across it, so the list goes on and the label only groups the answers under it.
      if (lastPart.kind === "option" && nextUnit?.kind === "line" && subgroupLabel(text, lastPart.option.code, parseOption(nextUnit.line.text).code)) {
        cur.body.push({ kind: "note", line, text });
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
      // A description in brackets under an answer ("Retail" / "(shops, markets and online sales of any kind)")
      // explains that answer: it is no answer of its own, and the list goes on after it.
      if (lastPart.kind === "option" && /^\(.{30,400}\)\.?$/.test(text)) {
        cur.notes.push({ text: `${lastPart.option.label}: ${text}`, span: span(line) });
        cur.end = Math.max(cur.end, line.end);
        continue;
      }
      // "Other (please specify)" printed without the marker the other options have.
      if (optionContext && /^(?:other|others|otro|otra|autre|andere)\b.{0,40}(?:specify|describe|write|_{2,})/i.test(text)) {
        addOption(cur, line, text);
        continue;
      }
      // An answer whose code was not aligned with the others' ("Refused 9" under "55+      3").
      const lastOption = lastPart.kind === "option" ? lastPart : null;
      const unaligned = /^(\D.*?\S)\s+(\d{1,3})$/.exec(text);
      if (lastOption?.option.leader && unaligned && text.length <= 80 && !labelsNext) {
        addOption(cur, line, `${unaligned[1]} ..... ${unaligned[2]}`);
        continue;
      }
      // A drop-down's values printed one per line without markers, or answers indented under the question.
      // (An answer set apart from what it leads to by a colon — "No: Exit" after "Yes: Continue" — is one of them.)
      const sibling = indentedUnder(line, cur) && lastPart.kind === "option" && Math.abs((lastPart.line.first.indent ?? 0) - (line.first.indent ?? 0)) < 0.01;
      if (optionContext && (listExpected(cur) || sibling) && text.length <= 60 && !/[?？]/.test(text) && (!/[:]/.test(text) || (sibling && SET_APART_ANSWER.test(text))) && !labelsNext && !(line.first.blankBefore && /[.!。！]$/.test(text))) {
        addOption(cur, line, text);
        continue;
      }
      // Answers printed with codes or markers are not continued by a plain line ("Thank you for your time.").
      if (style.unmarkedOptions && optionContext && !/[?？]/.test(text) && text.length <= 160 && !/^intro\b/i.test(text) && !labelsNext && !(optionsMarked(cur) && (line.first.blankBefore || /[.!。！]$/.test(text))) && !pageHeadingAfter(line, cur)) {
        addOption(cur, line, text);
        continue;
      }
      if (lastPart.kind === "table" && text.length < 160 && !/[?？]/.test(text) && !line.first.bold && !statementOverAnswerRow(line, units[index + 1])) {
        cur.body.push({ kind: "note", line, text });
        continue;
      }
      // Short alternatives printed under an entry field ("Will not consider buying [EXCLUSIVE]", "I'm not sure"); under
      // a field a header declared, the lines are its help ("Please write it in:").
      if ((lastPart.kind === "entry" || (lastPart.kind === "note" && cur.body.some((part) => part.kind === "entry"))) && text.length < 100 && !/[?？]/.test(text) && !style.unmarkedOptions && !line.first.heading && !(line.first.blankBefore && /[.!。！]$/.test(text))) {
        cur.body.push({ kind: "note", line, text: cur.fieldDeclared ? text : `Also offered: ${text}` });
        continue;
      }
      cur.closed = true;
    }
    // An unnumbered question: a question sentence followed by answers (or with its answers in brackets).
    const next = units[index + 1];
    if ((looksLikeQuestionLine(text) && next && (startsAnswers(next) || indentedAnswer(next, line))) || INLINE_ANSWERS.test(text) || inlineAnswerSegments(text, line.segments) || statementOverAnswerRow(line, next) || (cur?.body.at(-1)?.kind === "option" && conditionalFollowUp(text))) {
      const label = labelAbove(pendingText, line);
      if (label) pendingText.pop();
      const question = startQuestion(null, line, label ?? undefined);
      addWording(question, line, text);
      continue;
    }
    // Layout first: a line asking by its punctuation with an answer block shaped under it (answer-blocks.ts).
    const shaped = shapedQuestion(index, line, text);
    if (shaped) {
      index += shaped;
      continue;
    }
    for (const pending of pendingLogic) pending.textAfter = true;
    pendingText.push(line);
  }
  closeDisplay();
  finishInfo();
  finishQuestion();
  flushText(false);
  for (const pending of pendingLogic) floatingLogic.push({ text: pending.text, span: pending.span, role: pending.role });
  return { items: items.map((item, at) => partedStem(item, items[at + 1]) ?? item), sections, notes: docNotes, floatingLogic, title };
}

/** A grid row (answer circles in columns) follows before the next question or logic line. */
function gridAhead(units: Unit[], index: number): boolean {
  for (let k = index + 1; k < Math.min(units.length, index + 9); k++) {
    const unit = units[k];
    if (unit.kind === "table") return false;
    if (isGridRow(unit.line)) return true;
    const kind = classifyLine(unit.line).kind;
    if (["qid", "display-start", "page-break", "page-label", "section", "end", "terminate-screen", "logic", "end-of-block", "separator"].includes(kind)) return false;
  }
  return false;
}

/** "Food quality   1   2   3   4   5": a label followed by a run of consecutive codes set apart by wide gaps. */
function isCodeRow(line: LogicalLine): boolean {
  const pieces = line.segments?.map((segment) => segment.text.trim()) ?? [];
  // The first code may have run into the label ("Friendliness of staff 1   2   3").
  const ranInto = pieces.length >= 3 ? /^(.*\D)\s(\d{1,2})$/.exec(pieces[0]) : null;
  if (ranInto && /^\d{1,2}$/.test(pieces[1]) && Number(ranInto[2]) === Number(pieces[1]) - 1) pieces.splice(0, 1, ranInto[1], ranInto[2]);
  if (pieces.length < 4 || /^\d+$/.test(pieces[0])) return false;
  const codes = pieces.slice(1);
  return codes.every((code, index) => /^\d{1,2}$/.test(code) && (index === 0 || Number(code) === Number(codes[index - 1]) + 1));
}

/**
 * A part's heading printed as a plain line in capitals (no bold, no heading style) after a question whose answers are
 * printed without markers, indented under its wording: set apart by space, two words or more, at the wording's column
 * or left of it — never at the answers' indent, where an answer in capitals ("DON'T KNOW") would be.
 */
function capitalsHeadingAfter(line: LogicalLine, question: RawQuestion | null): boolean {
  if (!question || !line.first.blankBefore || line.first.indent === undefined) return false;
  const text = line.text.trim();
  if (!isMostlyUpper(text) || text.split(/\s+/).length < 2 || /[?？]/.test(text) || /\d\s*$/.test(text)) return false;
  const wording = question.body.find((part) => part.kind === "wording");
  const answers = question.body.filter((part) => part.kind === "option");
  if (!wording || wording.line.first.indent === undefined || !answers.length) return false;
  const at = line.first.indent;
  return at <= wording.line.first.indent + 0.005 && answers.every((part) => (part.line.first.indent ?? -1) > at + 0.004);
}

/** A line at the top of a later page, set left of the question's wording: the page's heading, not an answer. */
function pageHeadingAfter(line: LogicalLine, question: RawQuestion): boolean {
  const wording = question.body.find((part) => part.kind === "wording");
  const last = question.body.at(-1);
  if (!wording || !last || last.kind === "table" || line.first.page === undefined || last.line.first.page === undefined) return false;
  return line.first.page > last.line.first.page && (line.first.indent ?? 1) < (wording.line.first.indent ?? 0) - 0.01;
}

/** A short plain line indented under a question sentence (answers printed without markers in a text file). */
function indentedAnswer(unit: Unit, questionLine: LogicalLine): boolean {
  if (unit.kind !== "line" || unit.line.first.indent === undefined || questionLine.first.indent === undefined) return false;
  const text = unit.line.text.trim();
  return unit.line.first.indent > questionLine.first.indent + 0.02 && text.length <= 60 && !/[?？:：]/.test(text) && classifyLine(unit.line).kind === "text";
}

function indentedUnder(line: LogicalLine, question: RawQuestion): boolean {
  const wording = question.body.find((part) => part.kind === "wording");
  if (!wording) return false;
  // Wording set flush at one indent, its sentence ended, the answers indented under it (indented-answers.ts).
  // The answers so far are lines at this line's indent (the next answer of the list).
  const firstAnswer = question.body.findIndex((part) => part.kind !== "wording" && part.kind !== "instruction");
  const lead = question.body.slice(0, firstAnswer < 0 ? undefined : firstAnswer) as Extract<BodyPart, { kind: "wording" | "instruction" }>[];
  const answers = firstAnswer < 0 ? [] : question.body.slice(firstAnswer);
  const sameList = answers.every((part) => part.kind === "option" && Math.abs((part.line.first.indent ?? -1) - (line.first.indent ?? -2)) < 0.01);
  if (lead.length && sameList && indentedUnderWording(line, [...new Set(lead.map((part) => part.line))], lead.at(-1)!.text, answers.length > 0)) return true;
  if (!/[?？]\s*$/.test(wording.text) || question.id) return false;
  return indentedAnswer({ kind: "line", line }, wording.line);
}

/** The question says its answers are a list to pick from (a drop-down / pull-down list). */
function listExpected(question: RawQuestion): boolean {
  return question.body.some((part) => (part.kind === "wording" || part.kind === "instruction" || part.kind === "note") && HINT.dropdown.test(part.text));
}

/** Every answer of the question so far was printed with a code, a number or a marker. */
function optionsMarked(question: RawQuestion): boolean {
  const options = question.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
  return options.length >= 2 && options.every((part) => part.option.code !== undefined || part.option.marker !== undefined || part.numbered || Boolean(part.line.first.list));
}

/** The question's answers were listed inline after its wording ("… ? [yes, no]"). */
function hasInlineAnswers(question: RawQuestion): boolean {
  return question.body.some(
    (part) =>
      part.kind === "wording" &&
      (INLINE_ANSWERS.test(part.text) ||
        (part.text === part.line.text ? inlineAnswerSegments(part.text, part.line.segments) !== null : question.body[0] === part && answersBesideQuestion(part.text, part.line) !== null) ||
        markedAnswersOnLine(part.text) !== null),
  );
}

/** A short label printed above an unnumbered question ("Gender", "Age¹") names it. */
/**
 * The label printed just above an unnumbered question ("Age" / "How old are you?"). A short line set off from the
 * question by a gap is not its label but a heading: a web survey's printed block name ("Demographics", "Primary
 * tool") or an answer left over from the list before ("Other (please specify)" printed right of its text box).
 */
function labelAbove(pendingText: LogicalLine[], question: LogicalLine): string | null {
  if (!pendingText.length || question.first.blankBefore) return null;
  return labelOf(pendingText[pendingText.length - 1]);
}

function labelOf(line: LogicalLine | undefined): string | null {
  if (!line) return null;
  const text = line.text.trim().replace(/(?<=[a-z)])\d{1,2}$/, "");
  if (text.length > 40 || text.split(/\s+/).length > 5 || /[?？.!:;,]$/.test(text) || /^\d+$/.test(text)) return null;
  return text;
}

function isNumberRow(text: string): boolean {
  if (!/^\d{1,2}(?:[\s,]+\d{1,2}){2,}$/.test(text.trim())) return false;
  const numbers = text.trim().split(/[\s,]+/).map(Number);
  return numbers.every((value, index) => index === 0 || value === numbers[index - 1] + 1);
}

function isOptionNote(note: string): boolean {
  return /anchor|exclusive|randomi[sz]e|rotate|quota|terminate/i.test(note);
}

/** "| Never | Sometimes | Often |": a grid's column headings written as one line. */
const SCALE_LINE = /^\|(?:[^|]+\|){2,}$/;

/** The first item (numbered 1) of a spaced Word list other than the questions' list. */
function opensSpacedList(line: LogicalLine, questionListId: string | undefined, spacedLists: Set<string>): boolean {
  const list = line.first.list;
  return Boolean(list?.ordered && list.value === 1 && list.listId && list.listId !== questionListId && spacedLists.has(list.listId));
}

/**
 * The title line of a block that starts at units[index]: a short line that asks nothing and is no list item, just
 * before the block or before the block's one instruction paragraph.
 */
function blockTitle(units: Unit[], index: number): LogicalLine | null {
  for (let k = index - 1; k >= Math.max(0, index - 2); k--) {
    const unit = units[k];
    if (unit.kind !== "line") return null;
    const title = unit.line.text.trim();
    if (!unit.line.first.list && !unit.line.first.cell && title.length >= 4 && title.length <= 60 && !/[?？:：_□☐]/.test(title) && /^[\p{Lu}\p{P}]/u.test(title)) return unit.line;
  }
  return null;
}

/** An answer's label that ends in a route to the end of the interview ("YES → END", "No - END"). */
const ROUTE_TO_END = /(?:→|->|=>|<)\s*(?:end|fin|ende|fim)\.?$/i;
/** Closing words thanking the respondent ("THANK YOU VERY MUCH FOR YOUR HELP.", "Merci de votre aide"). */
const CLOSING_WORDS = /^(?:thank(?:s| you)|merci|gracias|muchas gracias|danke|obrigad[oa]|grazie)\b.{0,80}$/i;

/** "→ 23", "-> Q7": a routing arrow and its target, alone on a line. */
const LONE_ARROW_ROUTE = /^(?:→|->|=>)\s*[\p{L}\p{N}][\p{L}\p{N}.]{0,12}$/u;

/** "IF NO, why not?": a lead-in, then wording that asks — the question's wording, not a filter line. */
/**
 * A display filter and the wording after it on one line, set apart by a colon or a spaced dash ("ASK IF S4 = 1,2:
 * Which tools do you use?", "IF EMPLOYED - How many hours a week do you work?"): both parts, or null when the part
 * after the break is not wording (another instruction, a disposition, nothing that asks).
 */
function filterBeforeWording(text: string, line: LogicalLine): { filter: string; wording: string } | null {
  const match = /^([^:?？]{4,120}?)\s*(?::|\s[-–—]\s)\s*(\S[^]{2,400})$/u.exec(text.trim());
  if (!match) return null;
  const [, filter, wording] = match;
  if (!DISPLAY_LOGIC.test(filter) || ROUTING_LOGIC.test(plainRouting(filter))) return null;
  const asks = /[?？]\s*(?:\([^()]*\)|\[[^[\]]*\])*\s*$/.test(wording) || (/\p{Ll}/u.test(wording) && wording.split(/\s+/).length >= 4);
  if (!asks || classifyLine({ ...line, text: wording }).kind === "logic") return null;
  return { filter: filter.trim(), wording: wording.trim() };
}

/**
 * "If yes, which one? ____", "(if a or b) Why? ____", "Si oui, lesquels ?": a follow-up asked in one line right
 * after a question's answers, its write-in space on the same line or none — a question of its own (its condition
 * is read by the logic passes), not a text screen. (A lead-in ending in a colon introduces the lines after it.)
 */
function conditionalFollowUp(text: string): boolean {
  // (Behind the pointer or bullet it may be printed with: "⇒ SE SIM: …", "► If yes, …".)
  const value = withoutTrailing(text.trim(), "_ ").replace(/^[→⇒►▶➔➜•*-]\s*/u, "");
  if (!/[?？]$/.test(value) || value.length > 200) return false;
  return asksAfterLeadIn(value) || /^[([]\s*(?:if|si|se|wenn|falls|als)\s[^()[\]]{1,40}[)\]]\s*\p{L}/iu.test(value);
}

function asksAfterLeadIn(text: string): boolean {
  return leadIn(text) !== null && LEAD_IN_THEN_QUESTION.test(text.trim());
}
const LEAD_IN_THEN_QUESTION = /^[^,:;?]{2,24}[,:;]\s*\p{L}[^?？]{2,200}[?？]$/u;

/** "4b" after "4a": the next lettered part of the same question number. */
function nextPart(previous: string | null, id: string): boolean {
  const before = previous ? /^(\d{1,3})([a-z])$/.exec(previous) : null;
  const after = /^(\d{1,3})([a-z])$/.exec(id);
  return Boolean(before && after && before[1] === after[1] && after[2].charCodeAt(0) === before[2].charCodeAt(0) + 1);
}

/**
 * Question numbering that starts again at 1 after a short title line (a part or phase heading not styled as
 * one): the numbered line asks something, and the title line is plain text of its own paragraph.
 */
/** Words of prose before a block's numbering starts again: a sentence of at least this many words. */
const INTRO_WORDS = 8;

/** A paragraph of prose on its own: a text line after a blank, several words (its first line, when it wraps) that ask nothing. */
function introParagraph(line: LogicalLine, cls: LineClass): boolean {
  if (cls.kind !== "text" || !line.first.blankBefore || line.first.list) return false;
  const text = line.text.trim();
  return /^\p{Lu}/u.test(text) && !/[?？]/.test(text) && text.split(/\s+/).length >= INTRO_WORDS;
}

function numberingRestarts(id: QuestionIdMatch, previous: LogicalLine, lastNumber: number | null, current: RawQuestion | null, units: Unit[], index: number): boolean {
  if ((id.kind !== "numeric" && id.kind !== "decimal") || id.number !== 1 || lastNumber === null || lastNumber < 2) return false;
  const rest = id.rest.trim();
  if (!/[?？]/.test(rest) && !/[:：]\s*$/.test(rest) && !statementRunFollows(units, index)) return false;
  let title = previous.text.trim();
  // A part title may be printed as a bullet ("• Product Experience:"): a short capitalised label ending in a colon
  // that asks nothing, on a paragraph of its own, with the numbering starting again under it. An answer printed as
  // a bullet is not followed by a restart at 1 that asks, and rarely ends in a colon.
  const bulleted = /^[•◦▪►➢-]\s+/.exec(title);
  if (bulleted) {
    const label = title.slice(bulleted[0].length);
    if (!previous.first.blankBefore || !/^\p{Lu}/u.test(label) || !/[:：]$/.test(label) || label.split(/\s+/).length > 6) return false;
    title = label;
  }
  if (title.length < 4 || title.length > 80 || /[?？]/.test(title) || /^[\p{Ll}(]/u.test(title)) return false;
  if (!(previous.first.blankBefore || previous.first.bold || previous.first.heading || /[:：]$/.test(title))) return false;
  if (!bulleted) {
    const titleClass = classifyLine(previous);
    if (titleClass.kind !== "text" && titleClass.kind !== "option") return false;
    if (titleClass.kind === "option" && (MARKER.test(title) || titleClass.option.code !== undefined)) return false;
  }
  // The previous question must really be a question of its own (worded), so the title is not its answer.
  return Boolean(current && current.body.some((part) => part.kind === "wording"));
}

/** Fewest words of a numbered statement to be rated ("1. The menus are easy to find."). */
const STATEMENT_WORDS = 4;
const isStatement = (rest: string) => /[.!。]$/.test(rest) && rest.split(/\s+/).length >= STATEMENT_WORDS;

/**
 * Statements to be rated, numbered from 1 again ("1. The screens load quickly." / "2. The labels are clear."): the
 * item at `index` and the next line, numbered 2 the same way, are full sentences. An answer list reads as short
 * labels without a closing full stop, so a restart of sentences opens a block of items, not the previous question's
 * answers.
 */
function statementRunFollows(units: Unit[], index: number): boolean {
  const own = units[index];
  const next = units[index + 1];
  if (own?.kind !== "line" || next?.kind !== "line") return false;
  const first = matchQuestionId(own.line.text);
  const second = matchQuestionId(next.line.text);
  return Boolean(first && second && second.number === 2 && second.kind === first.kind && isStatement(first.rest.trim()) && isStatement(second.rest.trim()));
}

/** Most words of a numbered part's title ("2. Demographic variables:"). */
const PART_TITLE_WORDS = 7;
/** How far ahead a numbered part title looks for the next question line. */
const PART_TITLE_REACH = 40;

/**
 * A numbered line whose rest is a short title ending in a colon that asks nothing ("2. Demographic variables:"),
 * where the next question line is named by a variable of its own ("What is your sex? (Q1)", "Q1. …"): the numbers
 * number the document's parts, not its questions.
 */
function numberedPartTitle(id: QuestionIdMatch, units: Unit[], index: number): boolean {
  if (id.kind !== "numeric") return false;
  const rest = id.rest.trim();
  if (!/^\p{Lu}/u.test(rest) || !/[:：]$/.test(rest) || /[?？]/.test(rest) || rest.split(/\s+/).length > PART_TITLE_WORDS) return false;
  for (let k = index + 1; k < Math.min(units.length, index + PART_TITLE_REACH); k++) {
    const unit = units[k];
    if (unit.kind !== "line") continue;
    const next = classifyLine(unit.line);
    if (next.kind === "qid") return next.id.kind === "variable" || next.id.kind === "prefixed";
  }
  return false;
}

/**
 * A heading numbered N (with or without a question word) that asks nothing, whose next numbered line is N.0 or
 * N.1 — or a plain line numbered N again: the title of a part whose questions are numbered under it.
 */
function opensNumberedPart(id: QuestionIdMatch, units: Unit[], index: number): boolean {
  if (id.number === undefined || /[?？]/.test(id.rest) || !/^(?:Q|question\s*)?\d{1,2}$/i.test(id.id)) return false;
  for (let k = index + 1; k < Math.min(units.length, index + 60); k++) {
    const unit = units[k];
    if (unit.kind !== "line") continue;
    const next = classifyLine(unit.line);
    if (next.kind === "section") return false;
    // "### 2. Your home" over "2. How many rooms …?": the question under the heading repeats its number.
    if (next.kind === "qid") return (next.id.kind === "decimal" && (next.id.id === `${id.number}.1` || next.id.id === `${id.number}.0`)) || (next.id.kind === "numeric" && next.id.id === id.id && !unit.line.first.heading);
  }
  return false;
}

/** "9.1" after "8" (or "8b"): the first part of the next question number, printed with a decimal. */
function opensNextNumber(last: string, next: string): boolean {
  const from = /^(\d{1,3})[a-z]?$/.exec(last);
  const to = /^(\d{1,3})\.1$/.exec(next);
  return Boolean(from && to && Number(to[1]) === Number(from[1]) + 1);
}

/** Longest answer in a row of numbered answers. */
const ROW_ANSWER_CHARS = 50;

/**
 * "1. Asian American   2. African American" → ["1. Asian American", "2. African American"]: numbered answers set
 * side by side, their numbers consecutive, none asking. Null for anything else (one numbered line of wording).
 */
export function numberedAnswerRow(text: string): string[] | null {
  const starts = [...text.matchAll(/(?:^|\s)(\d{1,2})[.)](?:\s+(?=\S)|(?=\p{L}))/gu)];
  if (starts.length < 2 || starts[0].index !== 0) return null;
  const pieces: string[] = [];
  for (let index = 0; index < starts.length; index++) {
    if (index > 0 && Number(starts[index][1]) !== Number(starts[index - 1][1]) + 1) return null;
    const piece = text.slice(starts[index].index, starts[index + 1]?.index ?? text.length).trim();
    const label = withoutTrailing(piece.replace(/^\d{1,2}[.)]\s+/, ""), "_ \t").trim();
    if (!label || label.length > ROW_ANSWER_CHARS || /[?？]/.test(label)) return null;
    pieces.push(piece);
  }
  return pieces;
}

/** Longest label before a row of numbered answers on its line. */
const ROW_LABEL_CHARS = 60;

/** "REGION:  1. North  2. South  3.East" → the label and its answers, numbered from 1. */
export function labelledAnswerRow(text: string): { wording: string; answers: string[] } | null {
  const first = /\s1[.)]\s*\p{L}/u.exec(text);
  if (!first || first.index > ROW_LABEL_CHARS) return null;
  const wording = text.slice(0, first.index).trim();
  if (!/^\p{L}/u.test(wording) || /\d/.test(wording)) return null;
  const answers = numberedAnswerRow(text.slice(first.index).trim());
  return answers ? { wording, answers } : null;
}

/** End labels of a scale on one line ("Strongly disagree   Strongly agree", "No - not at all   Yes - very"): short, asks and ends nothing. */
function scaleEndLabels(text: string): boolean {
  return text.length <= 60 && text.split(/\s+/).length <= 8 && !/[?？:：.!]$/.test(text) && !/\d/.test(text);
}

/** "2.1" after "2" (or "2b"): the first follow-up of the question just asked, numbered under it. */
function opensFollowUp(last: string, next: string): boolean {
  const from = /^(\d{1,3})[a-z]?$/.exec(last);
  const to = /^(\d{1,3})\.1$/.exec(next);
  return Boolean(from && to && Number(to[1]) === Number(from[1]));
}

/**
 * "1.2" → "1.2.1" (first child), "1.3" (next sibling), "1.3" after "1.2.4" (next at a level above), or the first
 * item of the next chapter: "4.1" after "3.10", "2.1" or "2.1.1" after "1.2.4" (one part steps up, every part
 * after it starts again at 1).
 */
function followsDecimal(last: string, next: string): boolean {
  const from = last.split(".").map((part) => parseInt(part, 10));
  const to = next.split(".").map((part) => parseInt(part, 10));
  if (from.some(Number.isNaN) || to.some(Number.isNaN)) return false;
  if (to.length === from.length + 1) return to[to.length - 1] === 1 && from.every((part, index) => part === to[index]);
  if (to.length > from.length) return false;
  const level = to.findIndex((part, index) => part !== from[index]);
  return level >= 0 && to[level] === from[level] + 1 && to.slice(level + 1).every((part) => part === 1);
}

/**
 * "… your DSL?", "… introduced? (Year)", "… in science research? Please enter a number.": a paragraph that ends by
 * asking, with at most a bracketed note or a short request for the answer's form after.
 */
const ENDS_ASKING = /[?？](?:\s*\([^()]{1,80}\)|\s+(?:please\s+)?(?:enter|type|write|give|specify|answer)\s[^?？]{1,60})?$/i;

/**
 * The trailing run of paragraphs (a paragraph starts after a blank or after a line that asks) that each end by
 * asking, are short and start with a capital: unnumbered questions with no answer space.
 */
function askingParagraphs(lines: LogicalLine[]): { from: number; to: number; paragraphs: { lines: LogicalLine[]; title: boolean }[] } | null {
  const paragraphs: { at: number; lines: LogicalLine[] }[] = [];
  lines.forEach((line, index) => {
    // ("… of the DSL?" / "Why?": a short follow-up asked on the next line stays in the paragraph.)
    const afterAsking = index > 0 && ENDS_ASKING.test(lines[index - 1].text.trim()) && line.text.trim().split(/\s+/).length > 3;
    if (index === 0 || line.first.blankBefore || afterAsking) paragraphs.push({ at: index, lines: [] });
    paragraphs[paragraphs.length - 1].lines.push(line);
  });
  // (A heading that asks is the title of what follows it — in a document of heading questions, the question
  // whose answers come next — not a question printed without answers.)
  const textOf = (paragraph: { lines: LogicalLine[] }) => paragraph.lines.map((line) => line.text.trim()).join(" ");
  const asks = (paragraph: { lines: LogicalLine[] }) => {
    const text = textOf(paragraph);
    return (ENDS_ASKING.test(text) || REQUESTS_WRITING.test(text)) && text.length <= 220 && /^\p{Lu}/u.test(text) && !paragraph.lines.some((line) => line.first.heading);
  };
  let first = paragraphs.length;
  while (first > 0 && asks(paragraphs[first - 1])) first--;
  if (first < paragraphs.length) return { from: paragraphs[first].at, to: lines.length, paragraphs: paragraphs.slice(first).map((paragraph) => ({ lines: paragraph.lines, title: false })) };
  // Or the leading run, when the text goes on after it (the introduction of the next question, a grid's lead-in):
  // only paragraphs of whole questions, each set off by a gap (a short "Why?" follows up on the question before),
  // and the block titles a web survey prints between them ("Non-adoption", "Anything else?").
  const whole = (paragraph: { lines: LogicalLine[] }) => asks(paragraph) && paragraph.lines[0].first.blankBefore && textOf(paragraph).split(/\s+/).length >= 3;
  const title = (paragraph: { lines: LogicalLine[] }) => paragraph.lines.length === 1 && textOf(paragraph).length <= 40 && (!/[.:;,!]$/.test(textOf(paragraph)) || textOf(paragraph).split(/\s+/).length <= 3) && !whole(paragraph);
  let last = 0;
  while (last < paragraphs.length - 1 && (whole(paragraphs[last]) || title(paragraphs[last]))) last++;
  while (last > 0 && title(paragraphs[last - 1])) last--;
  const run = paragraphs.slice(0, last);
  if (!run.some(whole)) return null;
  return { from: 0, to: paragraphs[last].at, paragraphs: run.map((paragraph) => ({ lines: paragraph.lines, title: !whole(paragraph) })) };
}

/**
 * "Please enter your email. …", "If you have …, please briefly describe …": a paragraph that asks for a written
 * answer without a question mark.
 */
const REQUESTS_WRITING = /^(?:if [^,.?]{3,120},\s*)?please\s+(?:briefly\s+)?(?:enter|write|type|describe|explain|provide|list|tell us|share)\b/i;

/** A numbered question worded as a field label ("4. Religion", "9. Marital Status"): its answers follow. */
function labelWording(question: RawQuestion): boolean {
  const wording = question.body.filter((part) => part.kind === "wording");
  if (!question.id || wording.length !== 1 || question.body.length !== 1) return false;
  const text = (wording[0] as Extract<BodyPart, { kind: "wording" }>).text.trim();
  return text.length <= 40 && text.split(/\s+/).length <= 4 && /^\p{Lu}/u.test(text) && !/[.!?？,;]$/.test(text);
}

/** A question marker with no number: "Q)", "Q).", "Q.", "Q:" directly before the wording. */
const BARE_QUESTION_MARKER = /^Q\s?[).:：]\.?\s*(?=\p{L})/u;

/** "3 Cooperation and networking" over "3.1 How do you …": the line numbering the part of its first sub-number is the part's title. */
function headsNumberedPart(id: QuestionIdMatch, previous: LogicalLine): boolean {
  const sub = /^(\d{1,2})\.1$/.exec(id.id);
  const title = /^(\d{1,2})\.?\s+(\S.*)$/.exec(previous.text.trim());
  return Boolean(id.kind === "decimal" && sub && title && title[1] === sub[1] && title[2].length <= 80 && !/[?？:：]/.test(title[2]));
}

/** "1 (Not at all) → 5 (Completely)", "0 = Never -> 10 = Always": the points of a scale given by its end points. */
function scaleRange(text: string): { code: string; label: string }[] | null {
  const match = /^(?:[-*•–·]\s+)?(\d{1,2})\s*(?:\(([^()]{1,60})\)|[=:]\s*([^→=]{1,60}?))\s*(?:→|->|–>|⟶)\s*(\d{1,2})\s*(?:\(([^()]{1,60})\)|[=:]\s*(.{1,60}))\s*$/.exec(text.trim());
  if (!match) return null;
  const low = Number(match[1]);
  const high = Number(match[4]);
  if (high <= low || high - low > 10) return null;
  const points: { code: string; label: string }[] = [];
  for (let value = low; value <= high; value++) {
    const label = value === low ? (match[2] ?? match[3]).trim() : value === high ? (match[5] ?? match[6]).trim() : String(value);
    points.push({ code: String(value), label });
  }
  return points;
}

/**
 * When the first answer line is the second of a sequence ("b) Agree", "2. Agree"), the first one may have been
 * printed at the end of the wording line ("… of a brand. a) Strongly agree"): returns the split.
 */
function firstAnswerInWording(question: RawQuestion, text: string): { part: Extract<BodyPart, { kind: "wording" }>; wording: string; answer: string } | null {
  const second = /^\(?([b-zB-Z]|\d{1,2})([).])\s/.exec(text.trim());
  if (!second) return null;
  const first = /\d/.test(second[1]) ? String(Number(second[1]) - 1) : String.fromCharCode(second[1].charCodeAt(0) - 1);
  const part = question.body.filter((entry): entry is Extract<BodyPart, { kind: "wording" }> => entry.kind === "wording").at(-1);
  if (!part || question.body.at(-1) !== part) return null;
  const marker = `${second[0].startsWith("(") ? "(" : ""}${first}${second[2]}`;
  const at = part.text.lastIndexOf(` ${marker} `);
  if (at <= 0) return null;
  const wording = part.text.slice(0, at).trim();
  const answer = part.text.slice(at + 1).trim();
  return wording.length >= 8 && answer.length > marker.length + 1 ? { part, wording, answer } : null;
}

/**
 * A numbered item under a question whose scale is already printed is a statement that scale rates when it is
 * led by the blank the number is written on ("1. _ In most ways …"), or when the question announces
 * statements or items to rate and the item asks nothing itself.
 */
function ratedStatement(question: RawQuestion, rest: string): boolean {
  const options = question.body.filter((part) => part.kind === "option");
  if (options.length < 2 || question.matrixDeclared || question.body.some((part) => part.kind === "table" || part.kind === "grid-row")) return false;
  if (/^_+\s*\S/.test(rest)) return true;
  const wording = question.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording").map((part) => part.text).join(" ");
  return /\b(?:statements?|items?)\b/i.test(wording) && !/[?？]/.test(rest) && rest.split(/\s+/).length >= 3;
}

/** The next line is a list item one level deeper than this one (its answers, in a leveled list). */
function nextIsListItemBelow(units: Unit[], index: number): boolean {
  const own = units[index];
  const next = units[index + 1];
  return own?.kind === "line" && next?.kind === "line" && own.line.first.list !== undefined && next.line.first.list?.level === own.line.first.list.level + 1;
}

function nextIsOption(units: Unit[], index: number): boolean {
  const next = units[index + 1];
  return next?.kind === "line" && classifyLine(next.line).kind === "option";
}

/** The question's wording is printed bold (the style a document gives all its questions). */
function questionStyled(question: RawQuestion): boolean {
  const wording = question.body.find((part) => part.kind === "wording");
  return Boolean(wording && "line" in wording && wording.line.first.bold);
}

/**
 * "11. How do you rate the following?" followed straight by its parts 11.1, 11.2 …: the numbered line asks
 * nothing of its own (no answers, no field) — its parts are the questions, and it is their heading.
 */
function partedStem(item: RawQuestion | RawInfo, next: RawQuestion | RawInfo | undefined): RawInfo | null {
  if (item.kind !== "question" || next?.kind !== "question" || !item.id || !next.id || item.logic.length) return null;
  if (next.id.id !== `${item.id.id}.1` || hasAnswers(item) || item.body.some((part) => part.kind !== "wording" && part.kind !== "note")) return null;
  const lines = [...new Set(item.body.flatMap((part) => ("line" in part && part.line ? [part.line] : [])))];
  return { kind: "info", role: "text", lines, logic: [], notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore };
}

/** An unnumbered "question" that is a lead-in over a list of statements is an information screen (see answer-lists.ts). */
function statementListInfo(question: RawQuestion): RawInfo | null {
  if (question.id || question.logic.length) return null;
  const wording = question.body.filter((part) => part.kind === "wording");
  const options = question.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
  if (wording.length !== 1 || options.length + wording.length !== question.body.length) return null;
  if (!isStatementList(wording[0].text, options.map((part) => part.option.label))) return null;
  return { kind: "info", role: "text", lines: [...new Set(question.body.map((part) => (part as { line: LogicalLine }).line))], logic: [], notes: question.notes, section: question.section, page: question.page, pageBreakBefore: question.pageBreakBefore };
}

/** In a document whose numbered lists are answer lists, a numbered list item is an answer. */
function answerListClass(line: LogicalLine, cls: LineClass, numberedAnswers: boolean): LineClass {
  if (numberedAnswers && cls.kind === "qid" && cls.id.kind === "numeric" && line.first.list?.ordered) return { kind: "option", option: parseOption(line.text.trim()) };
  return cls;
}

/** "Purpose: The roles of the interviewees, …": a paragraph led by a one-to-three-word label and a colon. */
const LABELLED_PARAGRAPH = /^\p{Lu}[\p{L}-]*(?: [\p{L}-]+){0,2}\s*[:：]\s+\S.{8,}/u;

/** The unit after `index` starts a question by its id (printed, or carried by a bullet in a bulleted guide). */
function nextIsQuestion(units: Unit[], index: number, style: SegmentOptions): boolean {
  const next = units[index + 1];
  if (next?.kind !== "line") return false;
  return classifyLine(next.line).kind === "qid" || Boolean(style.bulleted && carriesBulletedId(next.line.text, style.bulleted));
}

/** The letters before the number of a prefixed id ("Q12" → "Q", "SQ3a" → "SQ"). */
/** The variable a specification stores an item in: its name without the kind letter after the module prefix ("CSS_Q05" → "CSS_05"). */
function storedVariable(id: string): string | null {
  const match = /^([A-Za-z][A-Za-z0-9]*[_.])[A-Z](\d{1,3}[A-Za-z]?)$/.exec(id);
  return match ? `${match[1]}${match[2]}` : null;
}

function idPrefix(id: string): string {
  return (/^[^\d]*/.exec(id)?.[0] ?? "").toUpperCase();
}

/** The end of a stem that the rows below complete: an ellipsis, a colon or a question mark. */
const STEM_END = /(?:…|\.{3}|[:：])\s*$/;
/** A stem that opens with a request ("Indique cómo …", "Please rate the following"): it asks for the rows below it. */
const REQUEST_STEM = new RegExp(String.raw`^(?:${CUES.requestOpener})`, "i");

/** An answer and, after a colon, what it leads to ("No: Exit", "No: There is a problem"). */
const SET_APART_ANSWER = /^[^:：]{1,30}[:：]\s*\S/;

/** The answer box a form's respondent view prints under a text question, in the form's language. */
const RESPONDENT_BOX = /^(?:your answer|sua resposta|tu respuesta|votre r[ée]ponse|ihre antwort|la tua risposta|(?:uw|jouw) antwoord)$/i;

/** A form's required mark after a title ("How old are you? *"), or inside a title the print wrapped after it. */
const REQUIRED_MARK = /\S\s\*(?:$|\s)/;

/**
 * Which of the lines pending before a form's answer area (a "Your answer" placeholder, a grid) is the question's
 * title: among the last few, the one marked required, else the last that asks; else the line right over the answers.
 */
function formTitleLine(pending: LogicalLine[]): number {
  const marked = pending.findLastIndex((line, at) => at >= pending.length - 4 && REQUIRED_MARK.test(line.text.trim()));
  if (marked >= 0) return marked;
  const asked = pending.findLastIndex((line, at) => at >= pending.length - 3 && /[?？]/.test(line.text));
  return asked >= 0 ? asked : pending.length - 1;
}

/** A form title without its required mark, wherever the print's wrapping left it. */
function formTitleText(text: string): string {
  return text.trim().replace(/(\S)\s\*(?=\s|$)/, "$1");
}

/** Wording that asks for what the blank under it takes ("Please write your name", "Enter the date"). */
const REQUESTS_FIELD = /\b(?:please|write|enter|state|give|fill|specify|record)\b/i;

function looksLikeQuestionLine(text: string): boolean {
  return /[?？]\s*(?:\([^)]*\)|\[[^\]]*\])*\s*$/.test(text) && text.length >= 8;
}

function looksLikeContinuation(text: string): boolean {
  return /^[a-z(]/.test(text);
}

function startsAnswers(unit: Unit): boolean {
  if (unit.kind === "table") return true;
  const cls = classifyLine(unit.line);
  return cls.kind === "option" || cls.kind === "entry" || cls.kind === "instruction" || isGridRow(unit.line);
}

/** "- Gender:" followed by a line of boxed options is a labelled question. */
function labelledItem(text: string, next: Unit | undefined): string | null {
  const match = /^(?:[-•*–]\s*)?([^:：?]{2,50})[:：]\s*$/.exec(text);
  if (!match || !next || next.kind !== "line") return null;
  const nextText = next.line.text.trim();
  if (!splitInlineOptions(nextText, false)) return null;
  if (isProgrammingNoteText(match[1])) return null;
  if (matchQuestionId(match[1])) return null;
  return match[1].trim();
}

/** "Type: select one", "Question type: Multiple choice", "Answer type: free form": a declared answer format. */
const TYPE_DECLARATION = /^(?:question\s+|answer\s+|response\s+)?type\s*[:：]\s*(\S.*)$/i;

/** "Same as above", "as in Q7": a list field that reuses the answers printed before. */
const SAME_AS_ABOVE = /^(?:(?:the\s+)?same\s+as|as\s+(?:in|for))\s+(?:above|before|previous|the previous question|q\.?\s*\d+\w*)\b/i;

/**
 * The wording of an unnumbered question among the text lines before its answer format: the last heading or
 * question sentence, with the explanation printed under it ("Even if you no longer use Rust, …") left as its
 * description; otherwise the last line.
 */
function wordingLine(lines: LogicalLine[]): number {
  for (let k = lines.length - 1; k >= Math.max(0, lines.length - 5); k--) {
    if (lines[k].first.heading || looksLikeQuestionLine(lines[k].text)) return k;
  }
  return lines.length - 1;
}

/**
 * Items lettered "a.", "b.", … followed by answers coded "1", "2", … with nothing between them (a battery in a
 * telephone or panel script, its scale printed once under the items): the letters are the rows, the codes the scale.
 */
function lettersThenCodes(question: RawQuestion): void {
  if (question.matrixDeclared || question.listGroups) return;
  const options = question.body.flatMap((part, index) => (part.kind === "option" ? [{ part, index }] : []));
  const switchAt = options.findIndex(({ part }) => part.option.code === "1");
  if (switchAt < 2 || options.length - switchAt < 2) return;
  const letters = options.slice(0, switchAt);
  const codes = options.slice(switchAt);
  const lettered = letters.every(({ part }, k) => part.option.code?.toLowerCase() === String.fromCharCode(97 + k));
  const numbered = codes.every(({ part }) => part.option.code !== undefined && /^\d{1,2}$/.test(part.option.code));
  const between = question.body.slice(options[0].index, options[switchAt].index).every((part) => part.kind === "option" || part.kind === "note" || part.kind === "instruction");
  if (!lettered || !numbered || !between) return;
  question.matrixDeclared = true;
  question.listGroups = [options[0].index, options[switchAt].index];
}

/** A declared matrix with two labelled lists: the first list is its rows, the second its columns. */
function matrixFromLists(question: RawQuestion): void {
  const groups = question.listGroups;
  if (!question.matrixDeclared || !groups || groups.length !== 2) return;
  const take = (from: number, to: number) => question.body.slice(from, to).filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
  const rows = question.rowsLast ? take(groups[1], question.body.length) : take(groups[0], groups[1]);
  const columns = question.rowsLast ? take(groups[0], groups[1]) : take(groups[1], question.body.length);
  if (rows.length < 1 || columns.length < 2) return;
  const labels = (parts: typeof rows) => parts.map((part) => part.option.label.replace(/\|/g, "/")).join(" | ");
  // Rows keep their printed letters ("a. …"): conditions name a row by them ("IF Q9a = 2").
  const rowLabels = rows.map((part) => `${part.option.code && /^[a-z]$/i.test(part.option.code) ? `${part.option.code}. ` : ""}${part.option.label.replace(/\|/g, "/")}`).join(" | ");
  const line = rows[0].line;
  question.body = question.body.filter((part) => part.kind !== "option");
  question.body.push({ kind: "instruction", line, text: `Rows: ${rowLabels}` }, { kind: "instruction", line, text: `Columns: ${labels(columns)}` });
}

/**
 * Qualtrics prints a display clause ("If <wording> = <answer>") indented under "Display This Question:", and the
 * gated question's wording after it back at the margin. A wrapped clause keeps the clause's indent (or is not yet
 * complete, conditionComplete), so a line that starts left of a complete clause is the question, not more of it.
 */
function outdentedFromClause(line: LogicalLine, clauseIndent: number | null): boolean {
  return clauseIndent !== null && (line.first.indent ?? 0) < clauseIndent - CLAUSE_OUTDENT;
}
