/**
 * Recognisers for the conventions questionnaires are written in (market-research and social-survey
 * style). Each one is about the form of a line, never about a particular document's wording.
 */
import { asksWithoutQuestionMark, CUES, questionNounInitial } from "./cue-lexicon";
import { labelsBeforeBoxes, replaceEnclosed, withoutTags, withoutTrailingParenthetical } from "../text-scan";
import { withPrintedSkipArrow } from "./printed-skip-arrows";

/**
 * From the first "-", "_" or digit to the end (`/[-_\d].*$/`), and from the number with an optional "-"/"_" before it
 * (`/[-_]?\d.*$/`). `.*$` only reaches the end from the text's last line, so only the first such character of a
 * line is tried (the lookbehind), instead of reading the line again from each of them.
 */
const FROM_DASH_OR_DIGIT = /(?=[-_\d])(?<![-_\d][^\n\r\u2028\u2029]*?)[-_\d].*$/;
const FROM_NUMBER = /[-_]?(?=\d)(?<!\d[^\n\r\u2028\u2029]*?)\d.*$/;

export interface QuestionIdMatch {
  id: string;
  rest: string;
  kind: "bracket" | "page" | "prefixed" | "numeric" | "decimal" | "variable" | "standalone" | "word";
  /** Printed page label (SurveyMonkey "Page 3- Q7"). */
  page?: string;
  /** The numeric part, for sequence checks ("Q12" → 12, "7." → 7). */
  number?: number;
  /** Another name the questionnaire uses for it ("P5" for "Pregunta 5"). */
  alias?: string;
  /** The answer format the id's header declares (a script export's screen type, "Single coded"). */
  format?: string;
  /** A codebook line that says how the variable was collected ("entered as text"): a field, no statement to rate. */
  described?: boolean;
}

const ANNOTATION_WORDS = new Set([
  "NOTE", "NOTES", "INTRO", "INTRODUCTION", "PROBE", "QUOTA", "QUOTAS", "SCALE", "BASE", "INSTRUCTION", "INSTRUCTIONS",
  "INTERVIEWER", "SUPERVISOR", "ENUMERATOR", "FIELDWORKER", "EDITOR", "CODER", "PROGRAMMER", "PROGRAMMING", "TERMINATE", "IF", "ASK", "SHOW", "DISPLAY", "RANDOMIZE", "RANDOMISE", "CODE",
  "CODES", "SAMPLE", "LOI", "GEOGRAPHY", "DELIVERY", "TITLE", "TOPIC", "SECTION", "PART", "BLOCK", "MODULE", "PAGE", "SKIP",
  "GO", "END", "THANK", "CLOSE", "READ", "HIDDEN", "FILTER", "ROUTING", "LOGIC", "DP", "SCRIPTER", "TEXT", "OBJECTIVE",
  "OBJECTIVES", "CONTINUE", "REMINDER", "EXAMPLE", "DEFINITION", "SOURCE", "VERSION", "DATE", "CLIENT", "PROJECT", "STUDY",
  "METHOD", "METHODOLOGY", "TARGET", "CRITERIA", "RECRUITING", "LENGTH", "TIMING", "EMAIL", "URL", "LINK", "IMPORTANT",
  "WARNING", "ATTENTION", "OPTIONS", "RESPONSES", "ANSWERS", "LEGEND", "KEY", "CAPTURE", "INSERT", "PIPE", "REPEAT", "LOOP",
  "SELECT", "PLEASE", "ALL", "SR", "MR", "OE", "SC", "MC", "NUMERIC", "OPEN", "SINGLE", "MULTI", "MULTIPLE", "GRID",
  "ROW", "ROWS", "COLUMN", "COLUMNS", "COLS", "STATEMENTS", "ITEMS", "ATTRIBUTES", "BRANDS", "GENERAL", "LIST", "VALUES",
]);

/**
 * An interviewer's help clause, not a condition: "[IF NECESSARY: …]", "(IF ASKED: …)", "IF R ASKS, SAY …" — what to
 * say when the respondent needs it. It opens like a filter ("IF …") but names no question and limits nobody.
 */
export const INTERVIEWER_HELP = /^[[(]?\s?(?:if|when)\s+(?:necessary|needed|asked|required|unclear|prompted|in doubt|unsure|(?:r|resp|respondent)\s+(?:asks|is unsure|hesitates|does not understand|doesn'?t understand))\b/i;

/** English volunteered codes; the lexicon adds the other languages' "don't know" / "refused" / "no answer". */
export const ENGLISH_VOLUNTEERED = String.raw`refus(?:al|ed|e)|don'?t know|do not know|dk|no answer|n\/?a|not applicable|can'?t choose|(?:it )?depends|other answer`;
/**
 * The label of a volunteered code after its number ("9. REFUSED", "8: DON'T KNOW", "98 Not sure"), bracketed notes
 * removed: under a question with answers, such a line is one more answer however far its code jumps.
 */
export const VOLUNTEERED_LABEL = new RegExp(String.raw`^\(?\s*(?:${ENGLISH_VOLUNTEERED}|${CUES.noneOrDontKnow})(?![A-Za-z])[^?？]{0,40}$`, "i");

/** A grid written as a specification: "ROWS: a | b | c", "COLUMNS: x / y / z". */
export const GRID_SPEC = /^(rows?|statements|items|attributes|columns?|cols|scale points?)\s*[:=]\s*(\S.*)$/i;

export function splitSpecList(text: string): string[] {
  const separator = text.includes("|") ? /(?:(?<!\s)\s*|(?<=\s))\|\s*/ : text.includes(";") ? /(?:(?<!\s)\s*|(?<=\s));\s*/ : /(?<!\s)\s+\/\s+|(?:(?<!\s)\s*|(?<=\s)),\s*/;
  return text.split(separator).map((part) => part.trim()).filter(Boolean);
}

const ENGLISH_QUESTION_WORD = /^(what|which|how|who|whom|whose|where|when|why|do|does|did|are|is|was|were|have|has|had|can|could|would|will|should|may|please|in|on|at|thinking|overall|to what|if|for|during|from|of|compared|considering|now|and|finally|approximately|about|using|rate|rank|select|indicate|tell|list|describe|enter|give|choose|record|imagine|suppose|assuming|given|when|since|apart|besides|other than|excluding|including)\b/i;
/** The words a question opens with in the other languages ("Quel …", "¿Cuál …", "Welche …"), from the cue lexicon. */
const OTHER_QUESTION_WORD = new RegExp(`^(?:${CUES.interrogative})(?![a-zà-öø-ÿ])`, "i");
const QUESTION_WORD = { test: (text: string) => ENGLISH_QUESTION_WORD.test(text) || OTHER_QUESTION_WORD.test(text) };

export function looksLikeQuestionText(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  if (/[?？]/.test(trimmed)) return true;
  if (/[:：]\s*$/.test(trimmed) && trimmed.length > 6) return true;
  if (QUESTION_WORD.test(trimmed) && trimmed.split(/\s+/).length >= 3) return true;
  return trimmed.split(/\s+/).length >= 6;
}

/**
 * Ids: letters, a number, then suffixes — lower-case letters ("A1a"), one capital letter ("AQ07A", "S2B"), dotted or
 * underscored numbers ("R5.1", "Q3_2") and a last dotted capital letter ("R5.1.A.") where a separator follows it.
 * Survey tools' renamed ids may lead with a section number before the question letter ("S2Q5A": section 2, question 5A).
 */
/** A survey tool's renamed id with a section number before the question letter: "S2Q5A", "B1Q12". */
export const SECTION_QUESTION_ID = /^[A-Z]{1,3}\d{1,2}Q\d{1,3}[A-Za-z]?$/;
const PREFIXED_ID = /^((?:[A-Z]{1,3}\d{1,2}Q|[A-Z]{1,4}|[Qq])(?:[-_]|(?<=[A-Z]{2})\.(?=\d{2}))?\d{1,3}(?:[a-z]{0,2}|[A-Z](?![A-Za-z]))(?:F[1-9][a-z]?)?(?:[._]\d{1,2}[a-z]?){0,2}(?:[._][A-Z](?=[.:)\]]|$))?)(?:\s*[.:)\]]\s*|\s+|(?=[.:][A-Z]))(?!\s)(.*)$/;
// A split-sample form suffix after the number ("Q.14F2", "Q.70F1a", "Q36bF1": asked of form 2 / form 1 only) is part
// of the id, as telephone questionnaires print it.
// On a line of its own an id may carry a variant letter after a dash ("Q27-A", "Q27-B": one question asked of two audiences).
const STANDALONE_ID = /^((?:[A-Z]{1,3}\d{1,2}Q|[A-Z]{1,4}|[Qq])(?:[-_]|(?<=[A-Z]{2})\.(?=\d{2}))?\d{1,3}(?:[a-z]{0,2}|[A-Z](?![A-Za-z]))(?:[._]\d{1,2}[a-z]?){0,2}(?:[._][A-Z](?=[.:)]|$))?(?:-[A-Z])?)\s*[.:)]?$/;
/**
 * A question noun's initial, a full stop and a number ("P.7", "P.0B.1", "F.12a"): see matchUnmarkedId. The letters
 * are the cue lexicon's QUESTION_NOUN_INITIALS (kept in step by initial-dotted-ids.test.ts).
 */
export const INITIAL_DOTTED_ID = /^[PFDV]\.(?=\d)/;
const BRACKET_ID = /^\[\s*((?:[A-Z]{1,4}|[Qq])?\d{1,3}[a-z]{0,2})\s*\]\s*(?!\s)(.*)$/;
/** "3 [Q03] Do you …?": a survey tool's printable view (LimeSurvey) numbers each question and prints its code in brackets. */
const NUMBERED_CODE_ID = /^(\d{1,3})\s+\[\s*([A-Za-z][A-Za-z0-9_]{0,19})\s*\]\s*(?!\s)(\S.*)$/;
/**
 * "3 []Do you …?", "10 []": the same printable view when the survey has no question codes prints the brackets
 * empty, glued to the wording (or alone on the line when the wording wraps below). The number is the question's id.
 * Empty brackets with no space inside, glued to what follows, are not a checkbox ("1 [ ] Yes").
 */
const EMPTY_CODE_ID = /^(\d{1,3}) ?\[\](?! )(.*)$/;
const SCRIPT_VARIABLE_ID = /^(Q\d{1,4}(?:[A-Z]{1,8}\d{0,2})?(?:_[A-Z0-9]{1,8}){0,2})\s+((?:\[|\p{Lu}).*)$/u;
const PAGE_ID = /^page\s+(\d+)\s*[-–—:]\s*((?:[A-Z]{1,3})?\d{1,3}[a-z]?)\b[.:)]?\s*(?!\s)(.*)$/i;
/** "Question 3", "Pregunta 3", "Frage 3", "Question n°3": the word for "question" (cue lexicon) and a number. */
const QUESTION_WORD_ID = new RegExp(String.raw`^(question n[°o]\.?|${CUES.questionNoun})\s*(\d{1,3}[a-z]?)\s*(?:[.:)\-–]\s*)?(?!\s)(.*)$`, "i");
/** "問1", "問 1", "第1問", "第1题": Japanese and Chinese question numbers. */
const CJK_ID = /^(?:問|问|題|题|第)\s*(\d{1,3})\s*(?:(?:問|问|題|题)\s*)?(?:[.:：、．)）]\s*)?(?!\s)(.*)$/u;
/** "FILTRO 1.", "FILTER 2:", "SCREENER 3." — screening questions named by a word and a number. */
const FILTER_ID = /^(filtro|filter|screener|screen)\s+(\d{1,3}[a-z]?)\s*[.:)]\s*(\S.*)$/i;
/** "9A. ¿…?": a number, a capital letter and a full stop (the wording checked where it is read). */
const NUMBER_CAPITAL_ID = /^(\d{1,3}[A-Z])\.\s+(\S.*)$/;
// "1.1: What …" is question 1.1, not question 1 ("1." before a digit is a decimal number).
const NUMERIC_ID = /^(\d{1,3}[a-z]?)\s*(?:\.\)?(?!\d)|[)．、]|:(?!\d))\s*(\S.*)$/;
/** The author's question label at the start of the wording, before a colon ("Q7:", "q5："). */
const AUTHOR_LABEL = /^([Qq]\d{1,3}[a-z]?)\s*[:：]\s*(?=\S)/;
/** An item number glued to wording that starts with a letter or ideograph ("1.Gender", "12、Wording"), not a quantity ("1.5 hours"). */
const ITEM_NUMBER_BEFORE_WORDING = /^\d{1,3}[.．、](?=[\p{L}\p{Lo}])/u;
/** "4.a Wording", "10.b Wording": a number, a full stop, one lower-case part letter, then capitalised wording. */
const DOTTED_PART_ID = /^(\d{1,3})\.([a-z])[.)]?\s+(\p{Lu}.*)$/u;
// "1.2", "1.2.1:", "4.1.1 (if 4.1 == 'no') For what …": sub-numbered ids, the wording possibly after a condition in brackets.
/** A number then a space and a capitalised word ("12 Quel est votre âge ?", "43 L’un de …", "14 Y a-t-il …"). */
const BARE_NUMBER_ID = /^(\d{1,3}) (\p{Lu}[\p{Ll}'’ ].*)$/u;
const DECIMAL_ID = /^(\d{1,2}\.\d{1,2}(?:\.\d{1,2})?[a-z]?)[.:：]?\s+([\p{Lu}\p{Lo}(\[`¿¡].*)$/u;
const VARIABLE_ID = /^([A-Z][A-Z0-9_]{2,}[a-z]{0,2}\d{0,2}[a-z]?)\s*:\s*(\S.*)$/;
/**
 * A variable name set apart from the wording by a tab or a wide gap ("OFTVOTE<TAB>How often …", CATI scripts)
 * or by a full stop ("AGE. What is your age?", programming specifications): capitals, digits and "_" only.
 */
const SPACED_VARIABLE_ID = /^([A-Z][A-Z0-9_]{2,15})(?:\t+|\s{2,}|\.\s+)(\S.*)$/;
/**
 * A variable name as the label of a line, then a dash and the wording ("Q1_Direction - In general, …",
 * "Marital_Status - What is …", "Sex - Record respondent sex:"); an optional parenthesis between them holds
 * the filter ("Q13_Vote (IF Q12 <= 3) - If …"), which is kept in front of the wording.
 */
const DASHED_VARIABLE_ID = /^([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Z][a-z]{2,19})(?:\s*(\([^)]{2,80}\)))?\s+[-–—]\s+(\S.*)$/;

/**
 * "BIKE Do you own …? [RANDOMIZE]", "PARKSAFE How safe … Would you say it is…": a variable name whose tab became one
 * space. Only wording that asks (a question mark, then at most bracketed notes) or leads into its answers (an
 * ellipsis) tells the name from a capitalised word starting a sentence.
 */
function singleSpacedName(line: string): RegExpExecArray | null {
  const match = /^([A-Z][A-Z0-9_]{2,15}) ([A-Z][a-z].*)$/.exec(line);
  if (!match) return null;
  let wording = match[2];
  for (let i = 0; i < 3; i++) wording = wording.trimEnd().replace(/(?:\[[^[\]]*\]|\([^()]*\))$/, "");
  return /(?:[?？]|…|\.{3})$/.test(wording) ? match : null;
}

/**
 * A base line that names its group in capitals and then the condition in brackets ("ASK BIKE OWNERS (BIKE=1):",
 * "ASK IF PARENT AND A BIKE AT HOME (PARENT_FLAG=1,2 AND BIKE1=1):", "ASK PARENTS (ASK IF KIDS_FLAG=1)"): the
 * bracket holds the condition, the words before it only describe the group. Returns the bracket's text, or null.
 */
export function bracketedBaseCondition(text: string): string | null {
  const match = /^\[?\s*ASK\s+([A-Z][A-Z0-9 '’/&+,.-]{1,150}?)\s*\((.+)\)\s*:?\s*\]?\s*:?$/.exec(text.trim());
  if (!match || /[=<>≠]/.test(match[1])) return null;
  // "(PARTY=1 OR LEAN=1) AND (REG=1)": several brackets joined are the condition with their grouping.
  const whole = `(${match[2]})`;
  let depth = 0;
  let closedEarly = false;
  for (const [index, char] of [...whole].entries()) {
    if (char === "(") depth++;
    else if (char === ")" && --depth === 0 && index < whole.length - 1) closedEarly = true;
    if (depth < 0) return null;
  }
  if (depth !== 0 || !/[=<>≠]/.test(whole)) return null;
  return closedEarly ? whole : match[2].trim();
}

/**
 * "ASK ALL LANDLINE SAMPLE:", "[ASK S1b IF CELL SAMPLE]": a base naming the sample frame a respondent was drawn from
 * (set outside the questionnaire). The frame's name is group 1.
 */
export const SAMPLE_FRAME_BASE = /^\[?\s*ASK\s+(?:ALL\s+|[A-Z]{1,4}\d{1,3}[a-z]?\s+IF\s+|IF\s+)?([A-Z][A-Z-]*(?: [A-Z][A-Z-]*){0,2}) SAMPLE\s*(?:ONLY\s*)?:?\s*\]?\s*:?$/;

/** "ASK ALL FORM 1:", "SHOW TO ALL VERSION B": a split-form base addressed to all of one form (split-forms.ts reads the form). */
export const ALL_OF_FORM_BASE = /^\[?\s*(?:ask|show)\s+(?:to\s+)?all\s+(?=(?:form|version|split|ballot)\s)/i;

/** The last number of the id's first line that has one (what `/(\d+)(?!.*\d)/` finds, without rescanning the rest per digit). */
function numberPart(id: string): number | undefined {
  let last: string | undefined;
  for (const [token] of id.matchAll(/\d+|[\n\r\u2028\u2029]/g)) {
    if (/\d/.test(token)) last = token;
    else if (last !== undefined) break;
  }
  return last === undefined ? undefined : Number(last);
}

/** A question id at the start of a line ("Q3.", "S2 ", "A1a)", "12.", "[BQ01]", "SQ1CATBUY:"), if any. */
/**
 * The same line is asked for its id by the line rules, the numbering spine, the segmenter and several readers: an
 * answer is kept per text (a bounded table; the match depends on the text alone) and each caller gets its own copy.
 */
const idOfText = new Map<string, QuestionIdMatch | null>();

export function matchQuestionId(text: string): QuestionIdMatch | null {
  let found = idOfText.get(text);
  if (found === undefined) {
    if (idOfText.size >= 20000) idOfText.clear();
    idOfText.set(text, (found = matchQuestionIdOnce(text)));
  }
  return found && { ...found };
}

function matchQuestionIdOnce(text: string): QuestionIdMatch | null {
  const found = matchId(text);
  // "Q.B2" (a phase letter after "Q.") is referred to by that spelling in filters ("ASK IF … (Q.B2=1)").
  const dotted = /^[Qq]\.([A-Z]\d{1,3}[a-z]{0,2})\b/.exec(text.trim().replace(/^\*\s*(?=\S)/, ""));
  return found && dotted && !found.alias ? { ...found, alias: `Q.${dotted[1]}` } : found;
}

/**
 * "T FOOD3. Do you …", "CA TRN12. When …": split-sample questionnaires print a one- or two-capital marker of the form
 * (or core) that asks the question before the variable name. The id is the name after it; the marker is kept as the
 * form the question belongs to.
 */
const FORM_MARKER_BEFORE_ID = /^([A-Z]{1,2}) (?=[A-Z][A-Z0-9_]*\d[A-Z0-9_]*\.\s+\S)/;

function matchId(text: string): QuestionIdMatch | null {
  const marked = FORM_MARKER_BEFORE_ID.exec(text.trim());
  if (marked) {
    const found = matchUnmarkedId(text.trim().slice(marked[0].length));
    if (found && (found.kind === "prefixed" || found.kind === "variable") && /[A-Z]/.test(found.id) && found.rest && looksLikeQuestionText(found.rest)) return found;
  }
  return matchUnmarkedId(text);
}

function matchUnmarkedId(text: string): QuestionIdMatch | null {
  // "Q.1" and "Q 1" are written for "Q1".
  // "* 3." (SurveyMonkey's required mark) and "Q.1" / "Q 1" (for "Q1").
  const unstarred = text.trim().replace(/^\*\s*(?=\S)/, "");
  // "* 6." alone on its line: the required mark and the question's number, the wording on the lines below (an A/B
  // test prints its variants there, "A 20.0%  The original company …"). The star tells it from an answer's code.
  const starred = /^\*\s?(\d{1,3})\.$/.exec(text.trim());
  if (starred) return { id: starred[1], rest: "", kind: "standalone", number: Number(starred[1]) };
  // "P.7", "P.0B", "P.12A.", "F.3": a question noun's initial (Pregunta, Frage, …) with a full stop before the number is
  // the question's id as Spanish, Portuguese, German and Italian questionnaires print it; the routing names it with
  // the same spelling ("PASAR A P.0F2"), which the id keeps as its alias. The full stop marks it as an id, so a
  // capital letter after the number needs no punctuation ("P.14A ¿…?").
  const initialDotted = INITIAL_DOTTED_ID.exec(unstarred);
  const line = initialDotted ? unstarred.replace(".", "") : unstarred.replace(/^([Qq])[.\s]\s?(?=\d|[A-Z]\d)/, "$1");
  if (initialDotted) {
    // "P.11.B ¿…?": a part letter after a further full stop belongs to the id too.
    const found = /^([A-Z]\d{1,3}[A-Z]?(?:\.\d{1,2})?\.[A-Z])\s+(\S.*)$/.exec(line) ?? PREFIXED_ID.exec(line) ?? STANDALONE_ID.exec(line);
    if (found) return { id: found[1], rest: (found[2] ?? "").trim(), kind: found[2] ? "prefixed" : "standalone", number: numberPart(found[1]), alias: `${unstarred[0]}.${found[1].slice(1)}` };
  }
  let match = PAGE_ID.exec(line);
  if (match) {
    const id = /^\d/.test(match[2]) ? `Q${match[2]}` : match[2];
    return { id, rest: match[3], kind: "page", page: match[1], number: numberPart(id) };
  }
  match = BRACKET_ID.exec(line);
  if (match && /[A-Za-z]/.test(match[1])) return { id: match[1], rest: match[2], kind: "bracket", number: numberPart(match[1]) };
  match = NUMBERED_CODE_ID.exec(line);
  if (match && (/\d/.test(match[2]) || match[2] === match[2].toUpperCase()) && looksLikeQuestionText(match[3])) {
    return { id: match[2], rest: match[3], kind: "bracket", number: Number(match[1]), alias: match[1] };
  }
  match = EMPTY_CODE_ID.exec(line);
  if (match) return { id: match[1], rest: match[2].trim(), kind: "numeric", number: Number(match[1]) };
  match = QUESTION_WORD_ID.exec(line);
  if (match) {
    // "Pregunta 5" is referred to as "P5", "Frage 5" as "F5".
    const initial = questionNounInitial(match[1]);
    return { id: `Q${match[2]}`, rest: match[3], kind: "prefixed", number: numberPart(match[2]), ...(initial ? { alias: `${initial}${match[2]}` } : {}) };
  }
  match = CJK_ID.exec(line);
  if (match && match[2]) return { id: `Q${match[1]}`, rest: match[2], kind: "prefixed", number: Number(match[1]), alias: `問${match[1]}` };
  match = FILTER_ID.exec(line);
  if (match) return { id: `${match[1].toUpperCase()}${match[2]}`, rest: match[3], kind: "prefixed", number: numberPart(match[2]) };
  const dashed = DASHED_VARIABLE_ID.exec(line);
  if (dashed && !ANNOTATION_WORDS.has(dashed[1].toUpperCase()) && dashed[3].split(/\s+/).length >= 2 && (dashed[1].includes("_") ? /^[A-Z(]/.test(dashed[3]) : /^[A-Z]/.test(dashed[3]) && (looksLikeQuestionText(dashed[3]) || /^(?:record|enter|code|select|mark)\b/i.test(dashed[3])))) {
    const first = /\d+/.exec(dashed[1]);
    // "Q12_Turnout" is referred to as "Q12" in filters.
    const short = /^([A-Za-z]{1,3}\d{1,3}[a-z]?)_/.exec(dashed[1]);
    return { id: dashed[1], rest: dashed[2] ? `${dashed[3]} ${dashed[2]}` : dashed[3], kind: "variable", number: first ? Number(first[0]) : undefined, ...(short ? { alias: short[1] } : {}) };
  }
  // A tab may reach here as one space (a Word paragraph's tab): then the wording must ask or lead into its answers.
  const spaced = SPACED_VARIABLE_ID.exec(text.trim()) ?? singleSpacedName(text.trim());
  if (spaced && /[A-Z]{3}/.test(spaced[1]) && !ANNOTATION_WORDS.has(spaced[1]) && !ANNOTATION_WORDS.has(spaced[1].replace(FROM_DASH_OR_DIGIT, "")) && looksLikeQuestionText(spaced[2]) && !isMostlyUpper(spaced[2])) {
    return { id: spaced[1], rest: spaced[2], kind: "variable", number: numberPart(spaced[1]) };
  }
  match = STANDALONE_ID.exec(line);
  if (match && !ANNOTATION_WORDS.has(match[1].replace(FROM_DASH_OR_DIGIT, ""))) {
    return { id: match[1].replace(/^q/, "Q"), rest: "", kind: "standalone", number: numberPart(match[1]) };
  }
  match = PREFIXED_ID.exec(line);
  // A capital letter after the number ("AQ07A.", "S2B)") makes an id only with punctuation after it: "B2B Cloud
  // Software" is a word.
  // A required-answer star after the id ("S2Q6D * As of today …") sets it apart like punctuation, and so does a
  // section number before the question letter ("S2Q6E What …" is no word).
  if (match && /\d[A-Z]$/.test(match[1]) && !SECTION_QUESTION_ID.test(match[1]) && !/^(?:[.:)\]]|\s+\*\s)/.test(line.slice(match[1].length))) match = null;
  if (match) {
    const id = match[1];
    const letters = id.replace(FROM_NUMBER, "");
    // "Q1 - What is your citizenship?": a dash spaced on both sides between the id and wording that asks sets them
    // apart like a full stop (a Word export's "Qn - " style); a range ("Q3 - Q5") or a negative number does not ask.
    const spacedDash = /^\s[-–—]\s+(\S.*)$/.exec(line.slice(id.length));
    const dashedWording = spacedDash && looksLikeQuestionText(spacedDash[1]) && !PREFIXED_ID.test(spacedDash[1]) ? spacedDash[1] : null;
    const rest = (dashedWording ?? match[2]).replace(/^\*\s+(?=\S)/, "");
    // "COVID-19 is..." or "H1N1" are words, not ids; ids are short and followed by wording or punctuation.
    // Answer-type codes (SC, SR, MR, OE) are also screener/section prefixes when a number follows: "SC1. Which …".
    const typeCodeId = /^(?:SC|SR|MR|MC|OE)$/.test(letters) && looksLikeQuestionText(rest);
    if ((!ANNOTATION_WORDS.has(letters.toUpperCase()) || typeCodeId) && !/^[-–]/.test(rest) && !/^\d/.test(rest) && !/^(st|nd|rd|th)\b/i.test(rest)) {
      if (!(letters.length >= 3 && !/^(Q|S|SQ|QS|QQ)/.test(letters) && !rest)) {
        return { id: id.replace(/^q/, "Q"), rest, kind: "prefixed", number: numberPart(id) };
      }
    }
  }
  // "Q1001 How old are you?", "Q1014C [PROGRAMMER: …] Including yourself, …", "Q2061A_KUW What is …": a CAPI
  // script's variable names run to four digits and carry capital suffixes; the wording (or a bracket) follows a space.
  match = SCRIPT_VARIABLE_ID.exec(line);
  if (match) return { id: match[1], rest: match[2], kind: "variable", number: numberPart(match[1]) };
  match = DECIMAL_ID.exec(line);
  if (match) return { id: match[1], rest: match[2], kind: "decimal", number: numberPart(match[1]) };
  // "4.a En général …", "10.b Ce marché …": a part letter after the number and a full stop is the id's letter.
  match = DOTTED_PART_ID.exec(line);
  if (match) return { id: `${match[1]}${match[2]}`, rest: match[3], kind: "numeric", number: Number(match[1]) };
  // "9A. ¿Cuánto pagan …?": a sub-question numbered with a capital letter after its number, then a full stop; the
  // wording must ask (a capital letter glued to a number is otherwise a word: "3D. printing").
  match = NUMBER_CAPITAL_ID.exec(line);
  if (match && /[?？]/.test(match[2])) return { id: match[1], rest: match[2], kind: "numeric", number: numberPart(match[1]) };
  match = NUMERIC_ID.exec(line);
  if (match) {
    const rest = match[2];
    // "1. 5 years" or "10) $20-30" are numbered options with numeric labels, still candidates; the
    // sequence check decides. Exclude times and scores ("10:30", "1.5").
    // "8. 1.Wording": an online form's running number before the item's own number within its scale (the
    // item number is glued to its wording); the running number is the id and the item number stays in the wording.
    if (!/^\d/.test(rest) || /[?？]/.test(rest) || ITEM_NUMBER_BEFORE_WORDING.test(rest)) {
      // "12. Q11: Wording": the author's own label after the running number is the name routing uses ("转Q13").
      const label = AUTHOR_LABEL.exec(rest);
      return { id: match[1], rest, kind: "numeric", number: numberPart(match[1]), ...(label && label[1].slice(1) !== match[1] ? { alias: `Q${label[1].slice(1)}` } : {}) };
    }
  }
  // "1 Actuellement, dans quelle classe êtes-vous ?": paper questionnaires print the number with no dot, set apart
  // by a space only; a coded answer ("1 Strongly agree", "2 I have not used a train") reads the same, so the wording
  // must ask (a question mark) or run on to the next line (a comma: "3 Concernant vos notes en général, …,").
  // In other languages the wording may also ask before its question mark, which a wrapped line leaves on the next
  // line: a question word or an inverted verb ("4 Concernant votre orientation, avez-vous une idée précise des études",
  // "32 Quels sont, selon vous, les deux enjeux …"); or it leads into its answers ("36 Êtes-vous :",
  // "37 Actuellement vous vivez le plus souvent…").
  match = BARE_NUMBER_ID.exec(line);
  if (match && (/[?？]/.test(match[2]) || /,$/.test(match[2].trim()) || asksWithoutQuestionMark(match[2]) || (/[:：…]$/.test(match[2].trim()) && match[2].trim().replace(/[:：…]$/, "").trim().split(/\s+/).length >= 4))) return { id: match[1], rest: match[2], kind: "numeric", number: Number(match[1]) };
  match = VARIABLE_ID.exec(line);
  if (match) {
    const id = match[1];
    const head = id.replace(FROM_DASH_OR_DIGIT, "");
    if (!ANNOTATION_WORDS.has(id) && !ANNOTATION_WORDS.has(head) && (/\d/.test(id) || looksLikeQuestionText(match[2])) && match[2].length >= 8) {
      return { id, rest: match[2], kind: "variable", number: numberPart(id) };
    }
  }
  // "What is your sex? (Q1)", "Do you trust …? (conjoint_dv_2)": the variable name printed after the wording.
  match = TRAILING_ID.exec(line);
  // "IF INTRO = 97, TERMINATE AND CODE AS FINAL OTHER (USER97)": a routing instruction in capitals ends with a disposition
  // code, not a variable name.
  const routingInstruction = match !== null && /^if\b/i.test(match[1]) && !/[?？]/.test(match[1]) && isMostlyUpper(match[1]);
  if (match && !routingInstruction && (/[?？]/.test(match[1]) || looksLikeQuestionText(match[1])) && !ANNOTATION_WORDS.has(match[2].replace(FROM_DASH_OR_DIGIT, "").toUpperCase())) {
    return { id: match[2], rest: match[1].trim().replace(/^[a-z][.)]\s+/, ""), kind: "variable", number: numberPart(match[2]) };
  }
  return null;
}

/**
 * Wording followed by a variable name in parentheses, letters then a digit ("(Q5)", "(conjoint_dv_1)"), possibly
 * with the construct the item measures after a dash ("(Q12—Trust)", "(Q7 - Ease of use).").
 */
const TRAILING_ID = /^(\S.{7,}?)\(([A-Za-z][A-Za-z_]{0,20}\d[A-Za-z0-9_]{0,10})(?:\s?[—–-]\s?[^()]{1,40})?\)\.?\s*$/;

// ------------------------------------------------------------------------------------------ options

/**
 * A capital "O" opening a whole sentence in lower case ("O parque fica perto de casa.", Portuguese and Italian
 * articles) is a word, not a radio circle: a circle's label does not run on as a sentence ending in a full stop.
 */
const O_WORD = String.raw`O(?=[ \t]+[a-zà-öø-ÿ][^.?!:;\n]{20,}\.\s*$)`;
/** Glyphs printed in front of answer options (radio circles, boxes, bullets). */
export const MARKER = new RegExp(String.raw`^(?:[○◯●•◦▪■□▢☐◻◽❑❒❏❐❍⚪⚫ᴑ∘·➢►▶✓✔☑☒⬜◇◆♦]|(?!${O_WORD})[-–—*+oO](?=\s)|\(\s*\)|\[\s*\]|\{\s*\}|<\s*>)\s*`);
export const CHECKBOX_MARKER = /^(?:[□▢☐◻◽❑❒❏❐⬜☑☒]|\[\s*(?:[xX]\s*)?\])/;
export const RADIO_MARKER = new RegExp(String.raw`^(?:[○◯⚪ᴑ❍]|(?!${O_WORD})[oO](?=\s)|\(\s*\))`);

export interface OptionParse {
  label: string;
  code?: string;
  marker?: string;
  /** The box came after a list bullet ("- [ ] Option"): a Markdown task-list item (task-lists.ts). */
  taskList?: boolean;
  exclusive?: boolean;
  /** The code was written before the label ("1. Yes", "[2] No") rather than after it ("Yes (1)"). */
  codeFirst?: boolean;
  /** The code follows a dot leader or wide space ("Yes ........ 1"). */
  leader?: boolean;
}

const TRAILING_CODE = /^(.*?\S)\s*[([]\s*(\d{1,3}|[A-Za-z])\s*[)\]]\s*(?:(?:[:.]\s*)?__.*)?$/;
/** A code in parentheses or brackets before the label: "(1) Yes", "[2] No", "<3> REFUSED" (CATI scripts print codes in angle brackets). */
const BOXED_LONG_CODE = /^(\d{4,7})\s+(?=\p{Lu})(\S.*)$/u;
// Telephone scripts code volunteered answers with long numbers in brackets ("(888888) Don't know", "(1202) …"): a
// bracketed code may run to six digits.
const LEADING_CODE = /^[([<]\s*(\d{1,3}|\d{4,6}(?=\s*[)\]]))\s*[)\]>]\s*(?:[.:]\s*)?(\S.*)$/;
const LEADING_NUM = /^(\d{1,3})\s*(?:[.)]|[=:]|\s[-–]\s)\s*(\S.*)$/;
/** "1 Yes", "99 Don't know": a code, spaces, then a capitalised label. */
const LEADING_NUM_SPACE = /^(\d{1,3})\s+(?=[\p{Lu}"“'‘(]|\d{1,3}\s*(?:[-–]\s*\d|\+|(?:or|to|and)\s)|[£$€¥])(\S.*)$/u;
/** "a) Yes", "B. No", and without the space before CJK labels ("A.完全符合"). */
/** A capital letter code and a space before the label ("D Don't know"). */
const LETTER_CODE = /^([A-Z])\s(\S.*)$/;
/**
 * "ii. …", "(iv) …": lower-case Roman numerals past the single letters (i, v and x already read as letters), so that
 * a list numbered i., ii., iii. … reads as one list — answers under a question, or sub-questions under a lettered one.
 */
const LEADING_ROMAN = /^\(?(ii|iii|iv|vi|vii|viii|ix|xi|xii)[).]\s+(\S.*)$/;
/**
 * Chinese, Japanese and Korean paper forms letter their answers with a bare capital set right against the label, no
 * dot or bracket: "A男", "B31-40岁", "A<7000元", "B 7000-10000元". The label opens with a CJK character, or with a
 * number (a range, a bound) that a CJK unit closes; it asks nothing and heads nothing (a "?" after it makes a question,
 * a colon a caption — "A轴：…" names an axis).
 */
const CJK_LETTERS = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af";
export const GLUED_LETTER_LABEL = String.raw`(?=\s?(?:[${CJK_LETTERS}]|[<>≤≥＜＞]?\d[\d,\-–~～]*\s?[${CJK_LETTERS}]))`;
// On a line of its own the capital touches its label ("A男"); a spaced "A 男" is read by the lettered-list readers.
const GLUED_LETTER = new RegExp(String.raw`^([A-Z])(?!\s)${GLUED_LETTER_LABEL}([^?？:：]+)$`);
const LEADING_LETTER = /^\(?([a-zA-Z])[).](?:\s+|(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])|(?=\d{1,6}\s?[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))(\S.*)$/;
const DOT_LEADER_CODE = /^(.*?\S)(?<!\S\.(?=\.))(?<!\S…(?=…))(?:\s*(?:\.{3,}|(?<=[/)_]\s?|[A-Z]{2})\.{2}|…+)\s*|(?=\s{3}|\s*\t)\s+)(\d{1,3})(?:\s*[•□☐▢■]){0,4}(?:\s+((?:→|-{1,2}>|=>|<{1,2}\s*(?=[a-z\d])|\(|\[|go\b|skip|terminate|end|continue|thank|close|ask|exclusive|anchor|recruit|pasar|weiter|passer|pule|fin\b|ende\b|if\b|si\b|wenn\b).*|[A-Z][A-Z .&/,-]{2,}))?$/i;

/** A routing arrow printed as "<" or "<<" at the start of the text after an answer's code. */
const PRINTED_LT_ARROW = /^<{1,2}\s*/;

/** A Markdown task-list item: a list bullet, then a box ("- [ ] Option", "* [x] Option"). */
const TASK_LIST_ITEM = /^[-*+]\s+\[[\sxX]?\]\s+\S/;

/** Reads one answer option: marker glyph, code (before or after the label) and the ⊗ exclusive mark. */
/** An answer line's parse, kept per text like a line's id (each caller gets its own copy). */
const optionOfText = new Map<string, OptionParse>();

export function parseOption(text: string): OptionParse {
  let parsed = optionOfText.get(text);
  if (parsed === undefined) {
    if (optionOfText.size >= 20000) optionOfText.clear();
    optionOfText.set(text, (parsed = parseOptionOnce(text)));
  }
  return { ...parsed };
}

function parseOptionOnce(text: string): OptionParse {
  const parsed = parseOptionParts(text);
  return TASK_LIST_ITEM.test(text.trim()) ? { ...parsed, taskList: true } : parsed;
}

/** "2 ○ Female", "11 ☐ Got married": the code printed before the answer's box. */
const CODE_BEFORE_BOX = /^(\d{1,3})\s+([○◯⚪ᴑ❍☐□▢◻❑])\s*(?=\S)/;

function parseOptionParts(text: string): OptionParse {
  let rest = withPrintedSkipArrow(text.trim());
  const boxedCode = CODE_BEFORE_BOX.exec(rest);
  if (boxedCode) return { label: rest.slice(boxedCode[0].length).trim(), code: boxedCode[1], marker: boxedCode[2], exclusive: false, codeFirst: true };
  let marker: string | undefined;
  const markerMatch = MARKER.exec(rest);
  if (markerMatch && rest.length > markerMatch[0].length) {
    marker = markerMatch[0].trim();
    rest = rest.slice(markerMatch[0].length);
    // "- [ ] Option" (Markdown task list) / "- ( ) Option": the box after the bullet is the real marker.
    const box = /^(?:\[[\sxX]?\]|\(\s?\)|[☐□▢○◯])\s+(?=\S)/.exec(rest);
    if (box) {
      marker = box[0].trim().replace(/[xX]/, " ");
      rest = rest.slice(box[0].length);
    }
  }
  // After an answer box, a long number before a capitalised label is the answer's code (a form tool's "777000 Other").
  const longCode = marker && /^(?:\[\s?\]|\(\s?\))$/.test(marker) ? BOXED_LONG_CODE.exec(rest) : null;
  if (longCode) return { label: longCode[2].trim(), code: longCode[1], marker, exclusive: false, codeFirst: true };
  let exclusive = false;
  if (/^[⊗⊘]/.test(rest)) {
    exclusive = true;
    rest = rest.replace(/^[⊗⊘]\s*/, "");
  }
  const exclusiveLabel = (label: string) => {
    if (/^[⊗⊘]/.test(label)) {
      exclusive = true;
      return label.replace(/^[⊗⊘]\s*/, "");
    }
    return label;
  };
  let match = LEADING_CODE.exec(rest);
  if (match) return { label: exclusiveLabel(match[2].trim()), code: match[1], marker, exclusive, codeFirst: true };
  match = LEADING_NUM.exec(rest);
  // "2. 18-25岁", "3. 5 years or more": a numeric label after a code and a space; "1.5 hours" is not coded.
  if (match && (!/^\d/.test(match[2]) || (/^\d{1,3}\s*[.)]\s+\d/.test(rest) && !/^\d+(?:[.,]\d+)?$/.test(match[2])))) return { label: exclusiveLabel(match[2].trim()), code: match[1], marker, exclusive, codeFirst: true };
  match = LEADING_NUM_SPACE.exec(rest);
  if (match) return { label: exclusiveLabel(match[2].trim()), code: match[1], marker, exclusive, codeFirst: true };
  match = TRAILING_CODE.exec(rest);
  if (match && /\d/.test(match[2])) {
    return { label: match[1].replace(/(?<![\s:])[\s:]+$/, "").trim(), code: match[2], marker, exclusive };
  }
  match = DOT_LEADER_CODE.exec(rest);
  if (match) {
    // Old word-processor forms print the routing arrow after a code as "<" or "<<" ("NO ..... 2 < QUESTION 12").
    const route = match[3]?.replace(PRINTED_LT_ARROW, "→ ");
    return { label: route ? `${match[1].trim()} ${route}` : match[1].trim(), code: match[2], marker, exclusive, leader: true };
  }
  match = LEADING_LETTER.exec(rest);
  if (match && marker === undefined) return { label: match[2].trim(), code: match[1], marker, exclusive, codeFirst: true };
  match = GLUED_LETTER.exec(rest);
  if (match && marker === undefined) return { label: match[2].trim(), code: match[1], marker, exclusive, codeFirst: true };
  match = LEADING_ROMAN.exec(rest);
  if (match && marker === undefined) return { label: match[2].trim(), code: match[1], marker, exclusive, codeFirst: true };
  // "D Don't know", "R Refused": a capital letter that is the initial of the volunteered answer it codes.
  match = LETTER_CODE.exec(rest);
  if (match && marker === undefined && match[2][0].toUpperCase() === match[1] && VOLUNTEERED_LABEL.test(match[2])) return { label: match[2].trim(), code: match[1], marker, exclusive, codeFirst: true };
  return { label: rest.trim(), marker, exclusive };
}

/** Splits a line that holds several options ("(1) A (2) B", "☐ Male ☐ Female", "Yes / No"). */
/**
 * Several lettered answers on one line ("A.Beauty B.Anime C.Sports", "a) Yes  b) No"): the line starts with a
 * letter marker and the next markers continue the alphabet with the same case and punctuation.
 */
function letteredRun(line: string): string[] | null {
  return punctuatedLetteredRun(line) ?? gluedLetteredRun(line);
}

/** "A北京 B上海 C其他": capitals glued to CJK labels (GLUED_LETTER), running A, B, C … from the line's start. */
const GLUED_RUN_MARK = new RegExp(String.raw`(?<=^|\s)([A-Z])${GLUED_LETTER_LABEL}`, "g");

function gluedLetteredRun(line: string): string[] | null {
  const markers = [...line.matchAll(GLUED_RUN_MARK)];
  if (markers.length < 2 || markers[0].index !== 0 || /[?？]/.test(line)) return null;
  const chain = [markers[0]];
  for (const marker of markers.slice(1)) if (marker[1].charCodeAt(0) === chain[chain.length - 1][1].charCodeAt(0) + 1) chain.push(marker);
  if (chain.length < 2) return null;
  // "B 7000-10000元" among glued answers is glued too: the space after its letter goes.
  return chain.map((marker, i) => line.slice(marker.index, i + 1 < chain.length ? chain[i + 1].index : line.length).trim().replace(/^([A-Z])\s/, "$1"));
}

function punctuatedLetteredRun(line: string): string[] | null {
  const markers = [...line.matchAll(/(?:^|\s)([A-Za-z])([.)．、])(?=\s*\S)/g)];
  if (markers.length < 2 || markers[0].index !== 0) return null;
  const chain = [markers[0]];
  for (const marker of markers.slice(1)) {
    const last = chain[chain.length - 1];
    if (marker[2] === last[2] && marker[1].charCodeAt(0) === last[1].charCodeAt(0) + 1) chain.push(marker);
  }
  if (chain.length < 2) return null;
  const parts = chain.map((marker, i) => line.slice(marker.index, i + 1 < chain.length ? chain[i + 1].index : line.length).trim());
  // Each piece must have a label after its marker.
  return parts.every((part) => part.length > 2) ? parts : null;
}

/**
 * Several numbered answers on one line ("1. Yes   2. No   3. Not sure", a two-column code list read across: "1. Owner
 * 4. Tenant"): the line starts with a code and every later code is higher than the one before, each with a label.
 */
function numberedRun(line: string): string[] | null {
  const markers = [...line.matchAll(/(?:^|\s)(\d{1,2})[.)](?=\s+\S)/g)];
  if (markers.length < 2 || markers[0].index !== 0) return null;
  const chain = [markers[0]];
  for (const marker of markers.slice(1)) if (Number(marker[1]) > Number(chain[chain.length - 1][1])) chain.push(marker);
  if (chain.length < 2) return null;
  const parts = chain.map((marker, i) => line.slice(marker.index, i + 1 < chain.length ? chain[i + 1].index : line.length).trim());
  return parts.every((part) => /\p{L}/u.test(part.replace(/^\d{1,2}[.)]/, ""))) ? parts : null;
}

/**
 * Dot-leader answers side by side on one line ("Yes ........ 1     No ........ 2", a two-column code list read
 * across: "Metal ..... 1   Tiles ..... 3"): the line is nothing but repeats of the same shape — a label, a leader,
 * a code — with a different code each time.
 */
function leaderRun(line: string): string[] | null {
  // Read piece by piece (split at the leaders), not by one pattern: a lazy label before a leader rescans long lines.
  const parts = line.split(/\.{3,}|…+/);
  if (parts.length < 3) return null;
  const labels = [parts[0].trim()];
  const codes: string[] = [];
  for (let at = 1; at < parts.length; at++) {
    const piece = parts[at].trim();
    const last = at === parts.length - 1;
    const code = /^\d{1,3}/.exec(piece)?.[0];
    if (!code) return null;
    const label = piece.slice(code.length);
    if (last ? label.trim() !== "" : !/^\s/.test(label)) return null;
    codes.push(code);
    if (!last) labels.push(label.trim());
  }
  if (new Set(codes).size !== codes.length || labels.some((label) => !/\p{L}/u.test(label))) return null;
  return labels.map((label, at) => `${label} ..... ${codes[at]}`);
}

export function splitInlineOptions(text: string, allowSlash: boolean): string[] | null {
  const line = text.trim();
  const leaders = leaderRun(line);
  if (leaders) return leaders;
  const codes = [...line.matchAll(/(?:^|\s)[([](\d{1,3}|\d{4,6})[)\]]\s*(?=\S)/g)];
  if (codes.length >= 2 && codes[0].index === 0) {
    const parts: string[] = [];
    for (let i = 0; i < codes.length; i++) {
      const from = codes[i].index!;
      const to = i + 1 < codes.length ? codes[i + 1].index! : line.length;
      parts.push(line.slice(from, to).trim());
    }
    return parts;
  }
  // "Tea · Coffee · Juice": answers run on one line, separated by spaced middle dots (a Markdown form's inline list).
  const dotted = line.split(/(?<!\s)\s+[·•]\s+(?=\S)/);
  if (dotted.length >= 2) return dotted.map((part) => part.trim());
  const lettered = letteredRun(line) ?? numberedRun(line);
  if (lettered) return lettered;
  // A box starts an answer after a space or at the line's start, whether or not its label is spaced from it
  // ("○ 5-10 years ○10-15 years": typed boxes often touch the next label).
  const boxes = line.split(/(?<=^|\s)(?=[☐□▢◻❑○◯⚪])/).map((part) => part.trim()).filter(Boolean);
  if (boxes.length >= 2 && /^[☐□▢◻❑○◯⚪]/.test(line)) return boxes;
  // "o Yes o No": Word's round bullet printed as the letter "o" (a Symbol-font circle exported as text) before each
  // answer of a run. Only a run that opens with the bullet, and only before a capital, a digit or a bracket: "o" is
  // also a word ("Sí o no", "uno o dos").
  if (/^o\s/.test(line)) {
    const bullets = line.split(/(?<=\s)(?=o\s+[\p{Lu}\d(])/u).map((part) => part.trim()).filter(Boolean);
    if (bullets.length >= 2) return bullets;
  }
  // "( ) Great ( ) Good ( ) Poor": empty round brackets are boxes too, each opening an answer with its label.
  const bracketBoxes = line.split(/(?<=^|\s)(?=\(\s?\))/).map((part) => part.trim()).filter(Boolean);
  if (bracketBoxes.length >= 2 && /^\(\s?\)/.test(line) && bracketBoxes.every((part) => part.replace(/^\(\s?\)/, "").trim())) return bracketBoxes;
  // "Yes ☐  No ☐": the box follows each label.
  const trailing = labelsBeforeBoxes(line, "☐□▢◻❑").map((label) => label.trim()).filter(Boolean);
  if (trailing.length >= 2 && /[☐□▢◻❑]\s*$/.test(line)) return trailing;
  if (allowSlash) {
    const withoutMarker = line.replace(MARKER, "");
    const slash = withoutMarker.split(/(?<!\s)\s+\/\s+|(?:(?<!\s)\s*|(?<=\s))｜\s*|(?<!\s)\s+\|\s+/).map((part) => part.trim()).filter(Boolean);
    if (slash.length >= 2) return slash;
  }
  return null;
}

// ------------------------------------------------------------------------------------------ entry fields

export const ENTRY_LINE = /^(?:(?=[\s_.…]*?___)[\s_.…]*(?:\[[^\]]*\]\s*)*|\[?\s*(?:number text|(?:(?:provide|show|insert|add|include)\s+(?:an?\s+)?)?(?:text|comment)\s?box(?:\s*[-–:,]\s*(?:open[- ]?end(?:ed)?|oe))?|open[- ]?end(?:ed)?|oe|verbatim|record verbatim|write[- ]in|numeric (?:box|entry)|text entry|(?:open|free)[- ]text(?: answer| box| field)?|open answer|enter (?:a |the |your )?(?:text|number|answer|response|amount|value|name|e-?mail|date))\s*\]?(?:\s*[*_]*\(\s*optional\s*\)[*_]*)?|(?:short|long) text answer|<\s*open\s*>|type in (?:your )?response|open[- ]?ended text box.*|[.…]{6,})$/i;

/**
 * "Answer:", "→Yanıt:", "Jawaban: ______": the label of the space to write in, alone on its line (cue lexicon
 * ANSWER_SPACE_LABEL), after an arrow or bullet the author drew to point at it.
 */
export const ANSWER_SPACE_LINE = new RegExp(String.raw`^(?:[→►▶➔➜>•-][ \t]*)?(?:${CUES.answerSpace})[ \t]*[:：][\s_.…]*$`, "iu");

/** A blank to write in: "____", "|__|__|", "(      )", "[____]". */
const FIELD = /_{3,}|(?:\|_{1,3})+\||\(\s{4,}\)|（[\s　]{2,}）|\[_+\]/;
/** A label, a colon and a dotted line to write on ("Mère : ……………"); a dot leader without the colon leads to a code. */
const DOTTED_FIELD = /[:：] ?(?:\.{4}|…{2})[.… ]*$/;
/** "Other (please specify): ____" is an answer with a text field, not a field of its own ("Other remarks: ____" is). */
const OTHER_FIELD = new RegExp(String.raw`^(?:other|others|sonstige?s?|${CUES.other})\b\s*(?:\([^)]*\)\s*)?(?:[:：,-]\s*)?(?:_|\.{3}|\(|$)|\b(?:specify|especifi\w*|précis\w*)\b|其他|その他`, "i");

/**
 * A labelled answer field ("Number of employees: ____", "£________", "______ ans (entre 12 et 99)",
 * "Anotar número: ____ (0-20)", "|__|__| nights (1-365)"): the blank with a short label or unit around it.
 */
const ENTRY_PROMPT = new RegExp(String.raw`^\[?\s*(?:${CUES.entryPrompt})`, "i");

/**
 * "Entrez le code", "Insérer une liste déroulante": a web survey specification's answer line that stands for the
 * field itself (cue lexicon ENTRY_PROMPT) — short, asking nothing.
 */
export function isEntryPrompt(text: string): boolean {
  return text.length <= 70 && !/[?？]/.test(text) && ENTRY_PROMPT.test(text.trim());
}

export function isEntryField(text: string): boolean {
  if (!FIELD.test(text) && !DOTTED_FIELD.test(text)) return false;
  if (MARKER.test(text) || /^\(?\d{1,3}[.)]\s/.test(text) || /^[([]\d{1,3}[)\]]/.test(text) || OTHER_FIELD.test(text)) return false;
  const words = replaceEnclosed(text.replace(new RegExp(FIELD.source, "g"), " ").replace(DOTTED_FIELD, ":"), ["()", "（）", "[]"], " ").trim();
  return words.length <= 40 && !/[?？]/.test(words) && words.split(/\s+/).length <= 6;
}
export const ENTRY_INLINE = /_{4,}|\[(?:number text|text box)\]|<open>/i;

// ------------------------------------------------------------------------------------------ hints

const ENGLISH_HINT = {
  multi: /more than one (?:option|answer|response|code)s? (?:is |are )?(?:acceptable|allowed|possible|permitted)|select all|check all|tick all|mark all|circle all|code all|all that apply|as many as|multiple (?:selection|response|responses|answers?|choice|mention|codes?|coding|punch(?:es)?)|multi[- ]?select|\bMR\b|\(MA\)|（MA）|[(\[]multi[)\]]|multi[- ]?(?:code|punch|response)|(?:select|choose|tick|pick|mark)\s+(?:up to|more than one|one or more|any|multiple|several)\b|\bup to (?:\d|two|three|four|five)\b|\btop[ _]+(?:two|three|four|five|[2-9])(?![-\w])|(?:select|choose|pick|tick|mark|check)\s+(?:any\s+)?(?:two|three|four|five|[2-9])(?![-\w])|tick as many|choose all|one or more|(?:mark|select|choose|tick|check|circle)\s+(?:the\s+)?(?:corresponding|applicable|relevant|appropriate)\s+(?:options|answers|boxes|items)\b|(多选|可多选|多项)|複数回答|いくつでも|すべてお選び/i,
  single: /\(SA\)|（SA）|select one\b|choose one\b|mark only one\b|only one oval|one answer|single[- ]?(?:choice|code|response|select|punch)|\bSR\b|\bSC\b|only one|one response|pick one|\(single\)|(单选)/i,
  grid: /\bgrid\b|\bmatrix\b|\bper row\b|each row|for each (?:statement|item|brand|row|attribute)|select one (?:response |answer )?(?:in|for) each|(矩阵|量表)/i,
  // "[List of Countries]", "[List of values]" on a line of its own: a list printed in place of its values is a drop-down.
  dropdown: /drop[- ]?down|pull[- ]?down|▼|\(dropdown menu\)|(?:^|\n)[ \t]*\[?list of [A-Za-z][A-Za-z ]{0,30}\]?(?:\n|$)/i,
  open: /open[- ]?end|\bOE\b|open[- ]?ended|text ?box|verbatim|short text answer|long text answer|\(open\b|\[open\]|type in response|write (?:in|down)|free text|comment box|(开放|填空)/i,
  numeric: /number text|numeric|whole number|type=integer|number for each|\[\s*\d+\s*[-–]\s*\d+\s*\]|range\s*\[|enter a number|\bin (?:years|months|days|hours|minutes|weeks)\b|\(\s*year\s*\)|\bnumber of\b/i,
  // (Also in Italian, Spanish, Portuguese, French, German: "ordinarli dal più importante …", "ordenar", "classez", "Reihenfolge".)
  ranking: /\brank(?:ing)?\b|in order of (?:preference|importance)|most (?:important|preferred) (?:to|first)|\bordin(?:a|are|arli|ale|ali)\b.{0,40}\bdal (?:più|piu)(?![\p{L}])|\bordenar(?:los|las)?\b.{0,40}\bde (?:m[aá]s|mayor)\b|\bclasse[rz]\b.{0,40}\bordre\b|\breihenfolge\b/iu,
  randomize: /randomi[sz]e|randomi[sz]ed|\brotate\b|rotation|sorting: random|random order|shuffle/i,
  date: /date of birth|\bdd\s*\/\s*mm|\bmm\s*\/\s*(?:dd|yy)|month and year|\(date\)|\b(?:what|which) (?:date|day)\b|\bdate (?:of|when)\b/i,
};

/** The hints, with the other languages' cues (cue lexicon) added to "multi", "single", "grid", "numeric" and "open". */
export const HINT = {
  ...ENGLISH_HINT,
  multi: new RegExp(`${ENGLISH_HINT.multi.source}|${CUES.multi}`, "i"),
  single: new RegExp(`${ENGLISH_HINT.single.source}|${CUES.single}`, "i"),
  grid: new RegExp(`${ENGLISH_HINT.grid.source}|${CUES.perRow}`, "i"),
  numeric: new RegExp(`${ENGLISH_HINT.numeric.source}|only numbers may be entered|${CUES.numbersOnly}`, "i"),
  open: new RegExp(`${ENGLISH_HINT.open.source}|${CUES.openAnswer}`, "i"),
};

/** Respondent-facing answer instructions ("(Select all that apply)", "Please tick one box"). */
export const INSTRUCTION_LINE = /^[([]?\s*(?:please\s+)?(?:select|choose|tick|check|mark|circle|pick|click|enter|type|write|specify|rate|rank|drag|answer|fill|give|put|use)\b[^?]{0,140}[)\].]?\s*$|^[([]\s*(?:multi-?select|single|multiple|grid|matrix|open(?:-ended)?|dropdown(?: menu)?|single choice|multiple selection|multiple response|multiple code|multi-?response|numeric|number|read out|single code|multi code|one answer)\s*[)\]]$|^(?:multi-?select|single[- ]select|single[- ](?:code|response|punch)|multi(?:ple)?[- ](?:code|response|punch|select)|select all that apply|one answer only)\.?$|^this question requires an answer\.?$|^(?:select|choose) (?:all|one)[^.?]{0,80}\.?$/i;

/**
 * Programming/interviewer instruction lines written for the scripter, not shown to respondents. (A check's label opens
 * its note — "Validation: numeric" — but "Validation of the order" names a topic, a title a form may ask about.)
 */
export const NOTE_LINE = /^(?:\[[^\]]*\]\s*)+$|^(?:if blank|error message|validation|soft check|hard check|show error)\b(?!\s+of\b).*|^.{0,30}\b(?:randomi[sz]e|randomi[sz]ed|rotate|rotated|alphabeti[sz]e|alphabeti[sz]ed)\b.{0,30}$|^(?:programmer|programming|scripter|interviewer|dp|note to (?:programmer|scripter|interviewer))\b.*|^(?:ask all|show to all|base\s*[:=].*|filter\s*[:=].*|randomi[sz]e\b.*|rotate\b.*|\bMR\b.*|\bSR\b.*|single (?:code|response)\b.*|multi(?:ple)? (?:code|response)\b.*|(?:read out|do not read out|probe)\b.*|carry forward .*|import if .*|pull down .*|open ?ended text box.*|insert .*|repeat .*|capture .*|anchor .*|hidden (?:question|variable).*|quota\b.*)$/i;

/** A page break or a printed page number that groups questions into pages. */
export const PAGE_BREAK = /^(?:[-=*_]{0,3}\s*)?page\s*break\b(?:\s*[-–—:]\s*(?!\s)(.*))?$/i;
// A survey tool's page marker in its own language ("Seite 02", "Página 3"); its closing page ("Letzte Seite", "Last page").
export const PAGE_LABEL = /^(?:page|seite|p[áa]gina|pagina)\s+(\d{1,3})$|^(last page|final page|letzte seite|derni[èe]re page|[úu]ltima p[áa]gina|ultima pagina)$/i;

// "Block: Screener", "BLOQUE: DATOS PERSONALES", "Bloc : Habitudes": the block's name after a colon, in any language.
export const SECTION_LINE = new RegExp(String.raw`^(?:(?:start of block|block|bloque|bloc|bloco|blocco|blok)\s*:\s*(.+)|(section|part|module|chapter|block|${CUES.sectionNoun})\s+([A-Z0-9]{1,3}|[IVXivx]{1,4})\b\s*(?:[-–—:.)]\s*)?(?!\s)(.*))$`, "i");
export const END_OF_BLOCK = /^end of block\b/i;
export const LETTER_SECTION = /^([A-Z])\s*[:.\-–—]\s+(\S.{1,60})$/;
/**
 * "VI.A - VOUS ÊTES ENSEIGNANT …", "III.B - PÉRIODES DE CHÔMAGE": a sub-section labelled by its part's Roman numeral
 * and a letter (the title in capitals, checked where it is read).
 */
export const ROMAN_LETTER_SECTION = /^([IVX]{1,5}\.[A-Z])\s*[:.\-–—]\s+(\S.{1,100})$/;

// "Fin du questionnaire", "Ende des Fragebogens": the other languages' end lines come from the cue lexicon.
export const END_LINE = new RegExp(String.raw`^(?:(?:end|fin|fine|ende|fim)(?: of (?:the )?(?:survey|questionnaire|interview))?\.?|(?:${CUES.end})\.?|\[?\s*end\s*\]?|thank (?:and|&) (?:terminate|end|close)\b.*|thank the respondent.*|close (?:the )?interview.*|end (?:the )?(?:survey|interview)\b.*)$`, "i");
export const TERMINATE_SCREEN = /^\[?\s*(?:terminat(?:e|ing|ion) (?:screen|page|message|text)|screen[- ]?out (?:screen|page|message|text)|disqualif(?:y|ication|ied) (?:screen|page|message))\b.*$/i;

export function isMostlyUpper(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, "");
  if (letters.length < 4) return false;
  const upper = letters.replace(/[^A-Z]/g, "").length;
  return upper / letters.length > 0.85;
}

/** Normalises text for fuzzy comparisons (quoted question wording, option labels). */
/**
 * Binding compares one answer label or wording with many phrases (every earlier question's answers, each word of a
 * clause): the normal form of a text is kept once read (a bounded table; the form depends on the text alone).
 */
const normalFormOf = new Map<string, string>();

export function normalizeForMatch(text: string): string {
  let form = normalFormOf.get(text);
  if (form === undefined) {
    if (normalFormOf.size >= 20000) normalFormOf.clear();
    normalFormOf.set(text, (form = normalFormOnce(text)));
  }
  return form;
}

function normalFormOnce(text: string): string {
  return withoutTags(text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, ""), " ")
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

export const PROGRAMMING_BRACKET =
  /^(?:randomi|rotate|sort|anchor|exclusive|quota|show|ask|display|skip|go to|goto|jump|terminate|thank|open|text ?box|number|insert|pipe|hyperlink|capture|collect|validation|do not|don'?t|let them|allow|alphabeti|drop ?down|pull ?down|select|single|multi|grid|matrix|recruit|classify|screen|page logic|program|note|if\b|among|range|min|max|required|optional|force|hidden|read out|probe|continue|end|close|only|base|filter|rank|repeat|loop|scale|code|sr\b|mr\b|oe\b|prompt|spontaneous|aided|unaided|interviewer|image|show card|card|video|audio|timer|time|check|verify|mandatory|soft|hard|ask all|for eligible|terminating|introduction|intro)/i;

/** Bracketed text written for the programmer ("[RANDOMIZE]", "[Show for S6=1,2]", "[Skip to page 8]"). */
export function isProgrammingBracket(inner: string): boolean {
  return PROGRAMMING_BRACKET.test(inner.trim()) || isMostlyUpper(inner) || /^\d+\s*[-–]\s*\d+$/.test(inner.trim()) || /[=<>≠]/.test(inner);
}

// ------------------------------------------------------------------------------------------ routing words

/**
 * "Go to" in the languages questionnaires are written in: skip/go/jump/proceed to, pasar/ir/saltar a,
 * weiter mit, gehen Sie zu, passer à, pule/passe/vá para. Used unanchored inside larger patterns.
 */
export const GOTO_VERB =
  String.raw`(?:(?:(?:skip|jump|proceed|continue|move)(?:s|ped|ping)?|go(?:es)?|going)\s+(?:on\s+)?(?:straight\s+|directly\s+)?to|${CUES.goTo})`;
/**
 * A question named as a routing target: "Q7", "question 7", "la pregunta 7", "Frage 7", "2.1", "P5", "問5"; on a roster
 * sheet whose questions are its columns, by the column: "Col. 7.4", "Col.9.6", "column 12".
 */
export const GOTO_TARGET = String.raw`(?:(?:the|la|le|a|die|al|à la|a la|zu)\s+)?(?:(?:${CUES.questionNoun})\s+(?:n[°ºo]\.?\s*)?|col\.\s?|column\s)?([A-Za-z]{0,4}\.?\d{1,3}(?:\.\d{1,2})?[a-z]?|問\d{1,3}|[A-Z][A-Z0-9_-]{2,})`;
/**
 * The form ends here for this answer, on paper forms: "END FORM HERE", "(end of the questionnaire here)", "STOP HERE".
 * The respondent is done, not screened out (an end, not a termination).
 */
export const END_OF_FORM = /\b(?:end|stop|finish)\s+(?:(?:of\s+)?(?:the|this)\s+)?(?:form|questionnaire)\s+here\b|\b(?:end|stop)\s+(?:the\s+)?form\b|\b(?:stop|end)\s+here\b/i;
/**
 * Screen-out words spelled out: terminate, thank and close, fin de la entrevista, encerrar, 终止访问, 調査終了 … and a
 * field script's "ENTREVISTA NO VÁLIDA" (the interview does not count: the respondent is screened out).
 */
const TERMINATE_WORDS_SPELLED =
  /\b(?:terminate|terminated|terminat(?:ion|ing)|screen ?out|disqualif\w*|not eligible|thank (?:and|&) (?:terminate|close|end)|thank (?:respondent )?and close|close (?:the )?(?:interview|questionnaire)|agrade(?:ça|ca) e encerre|fin de la entrevista|terminar(?: la entrevista)?|finalizar(?: la)? entrevista|encerr(?:e|ar)(?: a entrevista)?|interview beenden|abbrechen|abbruch|(?:entrevista|encuesta|cuestionario|questionário) (?:no|não|nao) v[aá]lid[ao])\b|终止访问|终止|结束访问|調査終了|調査を終了|(?:면접|조사|설문|인터뷰)\s?(?:중단|종료)/i;
/**
 * "TERM" for terminate, in capitals as programmers abbreviate it: alone in a bracket ("Italy [TERM]"), before a
 * condition ("[TERM IF UNDER 18]", "TERM IF S3 = 2") or closing the line. In lower case, "term" is an ordinary word.
 */
const TERM_ABBREVIATION = /(?:^|[[(\s])TERM(?=\s*[\])]|\s+IF\b|\s*$)/;
/** Screen-out words: terminate, thank and close, fin de la entrevista, encerrar, 终止访问, 調査終了, 면접 중단, "[TERM]" … */
export const TERMINATE_WORDS = {
  test: (text: string): boolean => TERMINATE_WORDS_SPELLED.test(text) || TERM_ABBREVIATION.test(text),
};

/**
 * A recruiter's screen-out written as the whole of a side note after an answer ("No [Remove]", "Never (DO NOT
 * RECRUIT)", "[Reject]"): the verb alone means the person is not taken, but only as the entire note — "remove" inside
 * wording is just a word.
 */
export const SCREEN_OUT_NOTE =
  /^(?:remove|reject|exclude|drop|ineligible|dq|do not (?:recruit|invite|include|qualify)|don'?t (?:recruit|invite|include)|not (?:eligible|qualified))\.?$/i;

// ------------------------------------------------------------------------------------------ forms

/**
 * "Date of visit: ______   Table number: ____": the labels of the blanks on a line (one per wide-gap piece). A
 * dotted line may be typed as ellipsis characters ("Nama : ………"), as word processors turn three dots into one.
 */
export function fieldLabels(text: string, segments?: { text: string }[]): string[] {
  const dotted = dottedFieldLabels(text);
  if (dotted) return dotted;
  const pieces = segments && segments.length >= 2 ? segments.map((segment) => segment.text) : [text];
  const labels: string[] = [];
  for (const piece of pieces) {
    const match = /^(?![-•*☐□○])(\p{L}[^:：_]{1,60}?)\s*[:：]\s*(?:___|\.{4}|…{2}|\[_+\])[\s_.…]*(?:\([^)]*\)\s*)?$/u.exec(piece.trim());
    if (!match) return [];
    labels.push(withoutTrailingParenthetical(match[1]).trim());
  }
  return labels;
}

/** A label a paper form prints before its dotted line: a few words, no question, no answer box. */
const DOTTED_LABEL = /^\p{L}[\p{L}\p{N} '’()/-]{0,40}$/u;

/**
 * "Mansione attuale:……… Dipartimento……… Sede………": a paper form's line of several fields, each a label and the
 * dotted line to write on (the colon often left out, the dots typed as ellipses), run together without wide gaps.
 * The line may be drawn as underscores instead ("Pet's name* ______ Age* ____ Gender* ____"), and a label may carry
 * the asterisk of a required field, which is no part of its name. The labels, when the whole line is such fields and
 * there are at least two; null otherwise. A scan, not a pattern: the dotted runs are the separators.
 */
export function dottedFieldLabels(text: string): string[] | null {
  const labels: string[] = [];
  let label = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch !== "." && ch !== "…" && ch !== "_") {
      label += ch;
      i++;
      continue;
    }
    let j = i;
    let dots = 0;
    while (j < text.length && (text[j] === "." || text[j] === "…" || text[j] === "_" || text[j] === " ")) {
      if (text[j] === "." || text[j] === "_") dots++;
      else if (text[j] === "…") dots += 3;
      j++;
    }
    if (dots >= 4) {
      let trimmed = label.trim();
      if (trimmed.endsWith("*")) trimmed = trimmed.slice(0, -1).trimEnd();
      const name = (/[:：]$/.test(trimmed) ? trimmed.slice(0, -1) : trimmed).trimEnd();
      if (!DOTTED_LABEL.test(name)) return null;
      labels.push(name);
      label = "";
    } else label += text.slice(i, j);
    i = j;
  }
  return labels.length >= 2 && !label.trim() ? labels : null;
}

/**
 * A question with its answers on the same line, set apart by wide gaps: "Was this your first visit?    Yes / No",
 * "Would you come back?   Definitely   Probably   Not sure".
 */
export function inlineAnswerSegments(text: string, segments?: { text: string }[]): { question: string; answers: string[] } | null {
  if (!segments || segments.length < 2) return null;
  const pieces = segments.map((segment) => segment.text.trim());
  if (!/[?？]$/.test(pieces[0])) return null;
  const rest = pieces.slice(1);
  const answers = rest.length === 1 ? rest[0].split(/(?:(?<!\s)\s*|(?<=\s))\/\s*/).filter(Boolean) : rest;
  if (answers.length < 2 || answers.some((answer) => answer.length > 30 || /[?？_]/.test(answer) || /^\d+$/.test(answer))) return null;
  return { question: pieces[0], answers };
}
