import { asksForCount, saysNil } from "./nil-counts";
import { answersNamedByWords } from "./answer-words";
import { resolveToolCondition } from "./tool-logic";
import { resolveRowReferences } from "./row-references";
import { resolveHiddenComparison } from "./hidden-comparisons";
import { matrixCell } from "./matrix-cells";
import { GROUP_VARIABLE } from "./group-bases";
import { andOf, type ConditionAst, type ConditionValue, notOf, orOf } from "../conditions";
import type { IROption, QuestionType, RouteTarget } from "../ir";
import { enclosedTexts, withoutTags } from "../text-scan";
import { mustSelectCodes } from "./unselected-codes";
import { ALL_OF_FORM_BASE, bracketedBaseCondition, END_LINE, END_OF_FORM, SAMPLE_FRAME_BASE, GOTO_TARGET, GOTO_VERB, normalizeForMatch, SCREEN_OUT_NOTE, TERMINATE_WORDS } from "./patterns";
import { withPositionalRefs } from "./positional-refs";
import { sentenceCondition } from "./sentence-conditions";
import { CUES, QUESTION_NOUN_INITIAL_NAME } from "./cue-lexicon";
import { splitFormOf } from "./split-forms";
import { exclusionOf } from "./exclusions";

/**
 * The answer quoted after 选 ("选「是」"): what `/选\s*[「“"『]([^」”"』]+)[」”"』]/` captures, without reading to the end of
 * the text again for each 选 whose quote is never closed.
 */
function chineseChoiceOf(value: string): string | null {
  for (let at = value.indexOf("选"); at >= 0; at = value.indexOf("选", at + 1)) {
    let open = at + 1;
    while (open < value.length && /\s/.test(value[open])) open++;
    if (open >= value.length || !"「“\"『".includes(value[open])) continue;
    let close = open + 1;
    while (close < value.length && !"」”\"』".includes(value[close])) close++;
    // No closing quote after this one means none after any later 选 either.
    if (close >= value.length) return null;
    if (close > open + 1) return value.slice(open + 1, close);
  }
  return null;
}

/**
 * Reads the logic people write in questionnaires ("ASK IF Q3=1,2", "[Show for SQ06=1,2]",
 * "_if EMPLOYMENT-STATUS < 3, then:_", Qualtrics "Display This Question: If <wording>... = Fever",
 * "TERMINATE IF S1 ≠ 1", "Yes [Skip to page 8]", "(选「从未」跳至 Q22)") into the condition language,
 * resolving question references by id, variable name or quoted wording and answer references by code or label.
 */

export interface QuestionRef {
  key: string;
  id: string;
  variable: string;
  aliases: string[];
  type: QuestionType;
  text: string;
  options: IROption[];
  rows: IROption[];
  columns: IROption[];
  order: number;
}

export function normalizeName(name: string): string {
  let value = name.trim().toUpperCase().replace(/[\s.]+/g, "").replace(/[‐‑–—]/g, "-");
  value = value.replace(/^(?:QUESTION|QUESTÃO|QUESTAO|FRAGE|PREGUNTA|PERGUNTA|DOMANDA|問|问题|题)(?=\d)/, "Q");
  if (/^\d/.test(value)) value = `Q${value}`;
  // Leading zeros in the number do not make a different question: SQ01 = SQ1.
  value = value.replace(/([A-Z_-])0+(\d)/g, "$1$2");
  return value;
}

export function levenshtein(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 5) return 99;
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const temp = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = temp;
    }
  }
  return previous[b.length];
}

/**
 * "PASE A P3" where the questions print bare numbers ("3."): P is "pregunta" shortened, the same name as "Q3". Only a
 * fallback for a normalized name no question has exactly (a document whose ids are P1, P2 … matches them first).
 */
export function nounInitialName(normalized: string): string | undefined {
  const initial = QUESTION_NOUN_INITIAL_NAME.exec(normalized);
  return initial ? `Q${initial[1]}` : undefined;
}

export class QuestionIndex {
  private readonly names = new Map<string, QuestionRef[]>();
  readonly questions: QuestionRef[];

  constructor(questions: QuestionRef[]) {
    this.questions = questions;
    for (const question of questions) {
      for (const name of new Set([question.id, question.variable, ...question.aliases].map(normalizeName))) {
        if (!name) continue;
        const list = this.names.get(name) ?? [];
        list.push(question);
        this.names.set(name, list);
      }
    }
  }

  /** The question a name refers to; with duplicates, the one nearest before `order`. */
  byName(name: string, order = Number.POSITIVE_INFINITY, fuzzy = false): QuestionRef | undefined {
    const normalized = normalizeName(name);
    const exact = this.names.get(normalized);
    if (exact) return nearest(exact.length > 1 ? labelledFirst(exact, name, normalized) : exact, order);
    // "QC57" (and "Q.C57", read as one) for "C57": a "Q" written before a lettered id.
    const unprefixed = /^Q[A-Z]{1,3}\d/.test(normalized) ? this.names.get(normalized.slice(1)) : undefined;
    if (unprefixed) return nearest(unprefixed, order);
    const spelledOut = nounInitialName(normalized);
    const bare = spelledOut ? this.names.get(spelledOut) : undefined;
    if (bare) return nearest(bare, order);
    if (!fuzzy || normalized.length < 8) return undefined;
    let best: { question: QuestionRef; distance: number } | undefined;
    for (const [candidate, list] of this.names) {
      if (candidate.length < 8) continue;
      const distance = levenshtein(candidate, normalized);
      if (distance <= Math.max(2, Math.floor(candidate.length / 4)) && (!best || distance < best.distance)) best = { question: nearest(list, order), distance };
    }
    return best?.question;
  }

  /** The question whose wording starts with the quoted text (Qualtrics quotes truncated wording). */
  byWording(quoted: string, order: number): QuestionRef | undefined {
    const needle = normalizeForMatch(quoted.replace(/\.\.\.$|…$/, ""));
    if (needle.length < 6) return undefined;
    const wordings = this.questions.map((question) => ({ question, wording: normalizeForMatch(question.text) }));
    // Best: a question whose wording starts with the quote. Next: the quote runs on past a wording into its
    // instruction ("… assist with? (Select all tha..." where "(Select all that apply)" was read as an instruction).
    // Last: a long quote found inside a wording.
    const starting = wordings.filter((entry) => entry.wording.startsWith(needle)).map((entry) => entry.question);
    if (starting.length) return nearest(starting, order);
    const runOn = wordings.filter((entry) => entry.wording.length >= 20 && needle.startsWith(entry.wording)).map((entry) => entry.question);
    if (runOn.length) return nearest(runOn, order);
    const inside = needle.length > 25 ? wordings.filter((entry) => entry.wording.includes(needle)).map((entry) => entry.question) : [];
    return inside.length ? nearest(inside, order) : undefined;
  }
}

/**
 * "Q13" written in routing where one question is numbered 13 in a running sequence and another carries the printed
 * label "Q13" of the author's own numbering ("14. Q13: Wording"): a name written with its letter means the label.
 */
export function labelledFirst<T extends { id: string; aliases: readonly string[] }>(list: T[], written: string, normalized: string): T[] {
  if (!/^\s*[A-Za-z]/.test(written)) return list;
  const labelled = list.filter((question) => question.aliases.some((alias) => normalizeName(alias) === normalized) && normalizeName(question.id) !== normalized);
  return labelled.length === 1 ? labelled : list;
}

function nearest(list: QuestionRef[], order: number): QuestionRef {
  const before = list.filter((question) => question.order < order);
  return before.length ? before[before.length - 1] : list[0];
}

// ------------------------------------------------------------------------------------------ values

/** Codes of `question` that a written value refers to: a code, a range of codes or a label. */
/** A refusal written as a value (English, French, Spanish, Portuguese, German, Italian), after normalizeForMatch. */
const REFUSAL_WORD = /^(?:ref|refus(?:e|ed|al)?|refuse|rechaz[oa]|rehus[oa]|recus[oa]|verweigert|rifiut[oa])$/;
/** The answer that declines to answer: "Prefer not to answer", "Je préfère ne pas répondre", "Refused", "No contesta". */
const DECLINING_ANSWER =
  /^(?:(?:i )?(?:would )?prefer not to (?:answer|say)|(?:je )?prefere(?:rais)? ne pas (?:repondre|dire)|refus(?:e|ed|al)?|refuse to answer|(?:prefiero|prefiro) n[ao]o? (?:responder|contestar|decir|dizer)|no (?:contesta|responde)|verweigert|(?:ich )?m[o]chte (?:ich )?nicht (?:antworten|sagen)|preferisco non (?:rispondere|dire))\b/;

function valueCodes(question: QuestionRef, written: string): string[] | null {
  const choices = question.options.length ? question.options : question.columns;
  // Code wording around a value ("CODED 3", "CODES 3 TO 5", "PUNCH 2", "answer 1") names the code itself.
  const text = written
    .trim()
    .replace(/^["'“‘「『]|["'”’」』]$/g, "")
    .trim()
    .replace(/^(?:(?:is|was|are)\s+)?(?:coded|codes?|punch(?:ed|es)?|answers?|answered|options?|responses?)\s+(?=\S)/i, "");
  if (!text) return null;
  const range = /^(\d{1,3})\s*(?:-|–|—|to|through|thru)\s*(\d{1,3})$/i.exec(text);
  if (range) {
    const codes: string[] = [];
    for (let value = Number(range[1]); value <= Number(range[2]) && codes.length < 100; value++) codes.push(String(value));
    return codes;
  }
  // (Form tools code answers up to seven digits: "777000 Other".)
  if (/^\d{1,7}$/.test(text)) {
    // Keep: a code the question does not print (where it prints codes) binds nowhere — it is flagged, not programmed.
    // A number field's printed codes are only its special answers ("98 Don't know"): any other number is a typed value.
    if (question.type !== "numeric" && choices.length && choices.some((option) => option.codePrinted) && !choices.some((option) => option.code === text)) return null;
    return [text];
  }
  // A printed letter code ("Q5 = a", "IF B AT Q3"): the answer printed with that letter.
  if (/^[A-Za-z]$/.test(text)) {
    const lettered = choices.filter((option) => option.codePrinted && option.code.toLowerCase() === text.toLowerCase());
    if (lettered.length === 1) return [lettered[0].code];
    // "(if a or b)" under answers that print numbers or nothing: a lowercase letter is the answer's place in the list.
    const place = text.charCodeAt(0) - 97;
    if (/^[a-z]$/.test(text) && !choices.some((option) => /^[A-Za-z]$/.test(option.code)) && place < choices.length) return [choices[place].code];
  }
  const wanted = normalizeForMatch(text);
  if (!wanted) return null;
  // A script's word for a refusal ("QAGE=Refus", "= REFUSED", "REF") names the answer that declines to answer.
  if (REFUSAL_WORD.test(wanted)) {
    const declining = choices.filter((option) => DECLINING_ANSWER.test(normalizeForMatch(option.label)));
    if (declining.length === 1) return [declining[0].code];
  }
  const exact = choices.filter((option) => normalizeForMatch(option.label) === wanted);
  if (exact.length) return exact.map((option) => option.code);
  const prefix = choices.filter((option) => normalizeForMatch(option.label).startsWith(wanted));
  if (prefix.length) return prefix.map((option) => option.code);
  const contained = choices.filter((option) => {
    const label = normalizeForMatch(option.label);
    return label.length >= 3 && wanted.startsWith(label);
  });
  if (contained.length === 1) return [contained[0].code];
  return null;
}

function splitValues(text: string): string[] {
  return text
    .split(/(?:(?<!\s)\s*|(?<=\s))(?:,|;|\/|\bor\b|\band\b|\boder\b|\bund\b|\bou\b|\bet\b|\bo\b|\by\b|\be\b|&|、|，)\s*/i)
    .map((part) => part.trim())
    .filter(Boolean);
}

const OPERATOR =
  /^\s*(?:\((\d{1,3})\))?\s*(==|=|!=|≠|<>|<=|>=|≤|≥|<|>|\bis not equal to\b|\bis equal to\b|\bis not\b|\bnot equal to\b|\bequals?\b|\bnot in\b|\bin\b|\bany of\b|\bnone of\b|\bis\b|\bwas\b|:)?\s*/i;

interface Leaf {
  ast: ConditionAst | null;
  problem?: string;
}

function codeValue(code: string): ConditionValue {
  return code;
}

/** The hidden variable of a base naming a sample frame ("ASK ALL CELL PHONE SAMPLE:"). */
const SAMPLE_VARIABLE = "SAMPLE";

/** A refusal or "don't know" named as a value ("REFUSED", "DK", "REF", "DK/REF"). */
const UNPRINTED_NON_ANSWER = /^(?:refused|refusal|ref|dk|don'?t know|do not know|no answer|skipped|missing)$/i;

function leafFor(question: QuestionRef, optionIndex: string | undefined, operator: string | undefined, valueText: string): Leaf {
  const ref = { variable: question.variable };
  const op = (operator ?? "").toLowerCase().trim();
  const value = valueText.trim().replace(/(?<![.,;:\])}])[.,;:\])}]+$/, "").trim();
  const negative = ["!=", "≠", "<>", "is not", "not equal to", "is not equal to", "not in", "none of"].includes(op);
  const multi = question.type === "multi" || question.type === "ranking";
  if (optionIndex !== undefined && question.rows.length > 0 && question.options.length === 0) {
    // GRID(4) = 2: the answer in row 4 of a grid.
    const row = question.rows.find((candidate) => candidate.code === optionIndex)?.code ?? optionIndex;
    const cell = value.replace(/^["'“‘]|["'”’]$/g, "").trim();
    const column = /^\d{1,3}$/.test(cell) ? cell : question.columns.find((candidate) => normalizeForMatch(candidate.label) === normalizeForMatch(cell))?.code;
    if (!column) return { ast: null, problem: `'${cell}' is not a column of ${question.id}` };
    return { ast: { type: "compare", ref: { variable: question.variable, row }, op: negative ? "!=" : "=", value: column } };
  }
  if (optionIndex !== undefined) {
    // VAR(4) == 1: option 4 selected; != 1 or == 0: not selected.
    const selectedValue = value === "" ? "1" : value;
    const selectedWanted = (selectedValue === "1" || /^(?:yes|true|selected|checked)$/i.test(selectedValue)) !== negative;
    return { ast: { type: "compare", ref, op: selectedWanted ? "anyof" : "noneof", value: [optionIndex] } };
  }
  if (!op && !value) return { ast: { type: "empty", ref, negated: true } };
  if (["<", ">", "<=", ">=", "≤", "≥"].includes(op)) {
    const number = Number(value.replace(/[^\d.-]/g, ""));
    if (!Number.isFinite(number) || value === "") return { ast: null, problem: `the value '${valueText.trim()}' is not a number` };
    const mapped = op === "≤" ? "<=" : op === "≥" ? ">=" : (op as "<" | ">" | "<=" | ">=");
    return { ast: { type: "compare", ref, op: mapped, value: number } };
  }
  const pieces = splitValues(value);
  const codes: string[] = [];
  // "BIKE=2 OR BIKE=REFUSED", "S1=NO/DK/REF" where the question prints no such answer: a refusal or "don't know" that
  // is not an answer is recorded as no answer at all.
  let unanswered = false;
  for (const piece of pieces.length ? pieces : [value]) {
    const found = valueCodes(question, piece);
    if (!found && UNPRINTED_NON_ANSWER.test(piece.trim())) {
      unanswered = true;
      continue;
    }
    if (!found) {
      // A whole label may itself contain "and"/"or"/commas.
      const whole = valueCodes(question, value);
      if (whole) {
        codes.length = 0;
        codes.push(...whole);
        break;
      }
      return { ast: null, problem: `'${piece}' is not an answer of ${question.id}` };
    }
    codes.push(...found);
  }
  if (unanswered) {
    const empty: ConditionAst = { type: "empty", ref, negated: negative };
    if (codes.length === 0) return { ast: empty };
    const answered = leafFor(question, optionIndex, operator, [...new Set(codes)].join(", "));
    if (!answered.ast) return answered;
    return { ast: negative ? andOf(answered.ast, empty)! : orOf(answered.ast, empty)! };
  }
  if (codes.length === 0) return { ast: null, problem: `no value given for ${question.id}` };
  const unique = [...new Set(codes)];
  if (unique.length === 1 && !multi) {
    return { ast: { type: "compare", ref, op: negative ? "!=" : "=", value: codeValue(unique[0]) } };
  }
  return { ast: { type: "compare", ref, op: negative ? "noneof" : "anyof", value: unique.map(codeValue) } };
}

// ------------------------------------------------------------------------------------------ conditions

export interface ResolveContext {
  index: QuestionIndex;
  /** The item the condition is attached to (its order bounds references to earlier questions). */
  order: number;
  /** The question the condition is written on (routing) — implicit references mean its answers. */
  self?: QuestionRef;
  /** The question before the item (for "Among …" filters that name answers only). */
  previous?: QuestionRef;
}

export interface Resolution {
  ast?: ConditionAst;
  unresolved?: string;
  hidden?: { name: string; value: string; label?: string };
  /** Questions the condition refers to. */
  refs: QuestionRef[];
}

const LEAD =
  /^(?:page\s*break\s*[-–—:]\s*)?(?:(?:(?:ask|show|display|administer|present)\s+(?:(?:this|the following|these)\s+(?:(?:question|section|part|module|block|page|questions)\s+)?)?(?:only\s+)?(?:if|when|for|to)\b)|(?:only\s+(?:ask|show)\s+(?:if|to|for)\b)|(?:import if\b)|(?:ask if\b)|(?:show if\b)|(?:base\s*[:=])|(?:filter\s*[:=])|(?:conditional on\b)|(?:if\b)|(?:among\b)|(?:only if\b)|(?:filtro\s*[:=])|(?:(?:nur|solo|sólo|seulement|uniquement|apenas|somente)\s+(?:wenn|falls|si|se)\b)|(?:wenn|falls)\b)\s*/i;

function stripWrapper(text: string): string {
  let value = text.trim().replace(/^[[(（]\s*|(?:(?<!\s)\s*|(?<=\s))[\])）]$/g, "").trim();
  // "ASK Q4 IF Q3 = 4 OR 5": the question named first is the one the filter is written for.
  value = value.replace(/^ask\s+(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?\s+(?=(?:only\s+)?(?:if|when)\b)/i, "");
  // "ASK QBB IF …", "ASK FSAPROV IF …": likewise a question named by its variable name in capitals.
  value = value.replace(/^ASK\s+[A-Z][A-Z0-9_]{1,15}\s+(?=(?:ONLY\s+)?(?:IF|WHEN)\b)/, "");
  // "Q6 only if Q5 = Yes", "Q5-Q8 asked only if …": likewise (the placement step put it on that question).
  value = value.replace(
    /^(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?(?:\s*(?:-|–|—|to)\s*(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?)?\s+(?:(?:is|are)\s+)?(?:only\s+)?(?:(?:asked|shown|displayed)\s+)?(?:only\s+)?(?=(?:if|when)\b)/i,
    "",
  );
  value = value.replace(/^(?:(?:asked|shown)\s+)?only\s+(?=(?:if|when)\b)/i, "");
  value = value.replace(/^(?:open|single|multi(?:ple)?)\s*,\s*/i, "");
  // "ASK IF A1 = 1 (A2-A3)", "IF Q4 = 1 (ASK Q5 TO Q8)": the questions in brackets are the filter's scope (read
  // by the segmenter), not part of the comparison. (The wrapper step above may have taken its closing bracket.)
  value = value.replace(/(?:(?<!\s)\s*|(?<=\s))[([]\s*(?:ask\s+)?(?:q\.?\s*)?[A-Za-z]{1,4}\d{1,3}[a-z]?\s*(?:-|–|—|to|through|thru)\s*(?:q\.?\s*)?[A-Za-z]{1,4}\d{1,3}[a-z]?\s*(?:[)\]]\s*)?$/i, "");
  for (let i = 0; i < 3; i++) {
    const next = value.replace(LEAD, "");
    if (next === value) break;
    value = next;
  }
  // "IF A1 = Dog, ASK A3. OTHERS SKIP TO SECTION B." / "IF Q3=1 ASK Q4, ELSE SKIP TO Q5": the condition ends before "ask".
  // (Not at the start or inside quotes: 'If "Other" selected' names an answer.)
  value = value.replace(/(?:[,.;]|(?<=[^\s,.;"'“”‘’]))\s*(?:(?:all\s+)?others?|else|otherwise|everyone else)\b.*$/i, "");
  value = value.replace(/(?:[,;.]|(?<![\s,;.]))\s*(?:then\s+)?ask\s+(?:q\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?\b.*$/i, "");
  value = value.replace(/(?:,|(?<![\s,]))\s*then\s*(?::\s*)?$/i, "").replace(/(?<!\s)\s+(?:only|ask|show)\s*$/i, "").replace(/(?<![\s,:;])[\s,:;]+$/, "");
  return value.trim();
}

// A split-form suffix stays with its number ("Q.11F2" is one id, never "Q", "11" and "F2" — which would read as "Frage 2").
const REF_TOKEN = /[A-Za-z\u00C0-\u024F][A-Za-z0-9_\-\u00C0-\u024F]*|\d{1,3}(?:\.\d{1,3}){0,3}(?:F[1-9][a-z]?\b|[a-z]?\b)/g;
const NOT_A_REF = new Set(["IF", "AND", "OR", "NOT", "IS", "IN", "ANY", "OF", "THE", "A", "AN", "TO", "FOR", "ALL", "ONLY", "SHOW", "ASK", "THEN", "ELSE", "CODE", "CODES", "TICKED", "AT", "WITH", "YES", "NO", "SELECTED", "BRAND", "BRANDS", "EACH", "REPEAT", "LOOP", "EQUALS", "EQUAL", "NONE"]);

interface Found {
  question: QuestionRef;
  start: number;
  end: number;
}

function findRefs(text: string, context: ResolveContext): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(REF_TOKEN)) {
    const token = match[0];
    if (NOT_A_REF.has(token.toUpperCase())) continue;
    const before = text.slice(0, match.index).trimEnd();
    // A bare number is a question reference only where a question is expected ("Q" prefixes are explicit, also
    // with a dot: "Q.66=1,2,3" in telephone scripts).
    // (A dotted number, "1.2.1", is a printed id wherever it stands.)
    if (/^\d/.test(token) && !token.includes(".") && !/(?:\bq\.?|question|frage|pregunta|pergunta|\bat|\bfor|\bif|\band|\bor|#)\s*$/i.test(before)) continue;
    // After "and"/"or" a bare number is another value ("S3 = 1 OR 2") unless a comparison follows it ("… and 4 = 2").
    if (/^\d/.test(token) && /(?:\band|\bor)\s*$/i.test(before) && !/^\s*(?:=|!=|≠|<|>|is\b)/i.test(text.slice(match.index! + token.length))) continue;
    if (/^\d/.test(token) && /(?:=|≠|<|>|,|\bin|\bof)\s*$/i.test(before)) continue;
    // Misspelt variable names ("EMPLOYMENTMENT-STATUS") are matched loosely; ordinary words are not.
    const looksLikeName = /[A-Z]/.test(token) && (/[\d_-]/.test(token) || token === token.toUpperCase());
    const question = context.index.byName(token, context.order, token.length >= 8 && looksLikeName);
    // "Q.66": the reference starts at its "Q." (so "IN Q.66 (Q.66=1,2,3)" is one question named twice).
    const dotted = /^\d/.test(token) ? /\bq\.\s?$/i.exec(text.slice(0, match.index)) : null;
    if (question) found.push({ question, start: match.index! - (dotted?.[0].length ?? 0), end: match.index! + token.length });
  }
  return found;
}

/**
 * One question named twice in a row — its id and its scripting name ("Q011 - Aware_MP,1", "Q5 (AGE) = 2") — is
 * one reference: the second spelling joins the first, so the comparison after it belongs to the question.
 */
function joinSpellings(found: Found[], text: string): Found[] {
  const out: Found[] = [];
  for (const ref of found) {
    const last = out.at(-1);
    if (last && last.question.key === ref.question.key && /^[\s\-–—:/(]*$/.test(text.slice(last.end, ref.start))) {
      const closing = /^\s*\)/.exec(text.slice(ref.end));
      out[out.length - 1] = { ...last, end: ref.end + (closing ? closing[0].length : 0) };
    } else out.push(ref);
  }
  return out;
}

/** A connective followed at once by another operator: where one comparison ends and the next on the same question starts. */
const CHAINED_COMPARISON = /(?<!\s)\s+(and|or|&&|\|\|)\s*(?=(?:==|=|!=|≠|<>|<=|>=|≤|≥|<|>)\s*[-\d"'“‘\p{L}])/giu;

/**
 * The comparisons of a clause written on one question and joined by and/or ("< 95 or ==96", ">= 18 AND < 65"),
 * each with the connective before it; null when the clause is one comparison (or the second piece has no operator:
 * "= 1 or 2" lists values).
 */
function comparisonChain(clause: string): { text: string; connective: "and" | "or" }[] | null {
  if (!/^\s*(?:==|=|!=|≠|<>|<=|>=|≤|≥|<|>)/.test(clause)) return null;
  const pieces: { text: string; connective: "and" | "or" }[] = [];
  let start = 0;
  let connective: "and" | "or" = "and";
  for (const match of clause.matchAll(CHAINED_COMPARISON)) {
    pieces.push({ text: clause.slice(start, match.index), connective });
    connective = /^(?:or|\|\|)$/i.test(match[1]) ? "or" : "and";
    start = match.index! + match[0].length;
  }
  if (!pieces.length) return null;
  pieces.push({ text: clause.slice(start), connective });
  return pieces.map((piece) => ({ ...piece, text: piece.text.replace(/^==/, "=").trim() }));
}

function combine(leaves: { ast: ConditionAst; connective: "and" | "or" }[]): ConditionAst | null {
  if (leaves.length === 0) return null;
  // "and" binds tighter than "or".
  const groups: ConditionAst[][] = [[leaves[0].ast]];
  for (let i = 1; i < leaves.length; i++) {
    if (leaves[i].connective === "or") groups.push([leaves[i].ast]);
    else groups[groups.length - 1].push(leaves[i].ast);
  }
  return orOf(...groups.map((group) => andOf(...group)));
}

/**
 * From the first ". " whose rest is on the last line to the end (`/\.\s.*$/`). A later ". " on the same line
 * is only the same cut further on, so the lookbehind skips it instead of reading the line again from there.
 */
const SENTENCE_AFTER = /\.(?:[^\S\n\r\u2028\u2029](?<!\.\s[^\n\r\u2028\u2029]*?\.\s)|[\n\r\u2028\u2029]).*$/;
const AUDIENCE = /\b(?:asked\s+(?:to|of)|shown\s+to)\s+(?:respondents|those|people|participants|users)\s+(?:that|who)\s+(selected|chose|answered|picked|ticked)\b([^.;]{0,80}?)\b(?:for|to|at|in)\s+(?:question\s+)?([A-Za-z]{0,3}\d{1,3}(?:[-.][A-Za-z0-9]{1,3})?)\b/i;

const AUDIENCE_GROUP = /^(\p{Lu}[\p{L}-]{2,30}(?:\s[\p{L}-]{2,30}){0,2})\s+(?:received|were asked|were shown|got|saw)\s/u;

function resolveExpression(expression: string, context: ResolveContext): Resolution {
  const text = expression.replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
  // "TICKED AT X" / "TICKED FOR X": any answer given at X.
  const ticked = /\b(?:ticked|selected|chosen|mentioned)\s+(?:at|for|in)\s+([A-Za-z][\w-]*)/i.exec(text);
  if (ticked) {
    const question = context.index.byName(ticked[1], context.order, true);
    if (question) return { ast: { type: "empty", ref: { variable: question.variable }, negated: true }, refs: [question] };
  }
  // Documentation of who was asked ("Question 18 was only asked to respondents that selected the relevant answer
  // choices for Question 17"): more than one choice is a count; otherwise, where the choices are not printed,
  // any answer given there.
  const audience = AUDIENCE.exec(text);
  const asked = audience ? context.index.byName(audience[3], context.order) : undefined;
  if (audience && asked) {
    // "… who answered Yes at B6": the answers named, when they are answers of that question.
    const named = audience[2].trim().replace(/^["“']|["”']$/g, "");
    const answered = named && !/\b(?:relevant|answer|choices?|options?|more than one|several|multiple|two or more)\b/i.test(named) ? leafFor(asked, undefined, "=", named) : null;
    if (answered?.ast) return { ast: answered.ast, refs: [asked] };
    const ref = { variable: asked.variable };
    const several = /\b(?:more than one|several|multiple|two or more)\b/i.test(audience[2]);
    return { ast: several ? { type: "count", ref, op: ">", value: 1 } : { type: "empty", ref, negated: true }, refs: [asked] };
  }
  const refs = joinSpellings(findRefs(text, context), text);
  if (refs.length > 0) {
    const leaves: { ast: ConditionAst; connective: "and" | "or" }[] = [];
    const problems: string[] = [];
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i];
      const nextStart = i + 1 < refs.length ? refs[i + 1].start : text.length;
      let clause = text.slice(ref.end, nextStart);
      let connective: "and" | "or" = "and";
      if (i > 0) {
        const between = text.slice(refs[i - 1].end, ref.start);
        const words = between.match(/\b(and|or|oder|und|ou|et|o|y)\b|&|\|\||,/gi) ?? [];
        const last = words[words.length - 1]?.toLowerCase();
        connective = last === "or" || last === "||" || last === "oder" || last === "ou" || last === "o" ? "or" : "and";
      }
      // Drop the connective that introduces the next reference from this clause's value.
      clause = clause.replace(/(?<!\s)\s*(?:\b(?:and|or|oder|und|ou|et|o|y)\b|&|\|\||,)\s*(?:\bnot\b\s*)?(?:(?:\(|\bif\b)\s*)?$/i, "");
      // "Q13 < 95 or ==96": several comparisons on the one question, each read on its own (read as one, the
      // digits of both values were joined into one number).
      const chain = comparisonChain(clause);
      if (chain) {
        const chained: { ast: ConditionAst; connective: "and" | "or" }[] = [];
        for (const [k, piece] of chain.entries()) {
          const pieceOperator = OPERATOR.exec(piece.text);
          const leaf = leafFor(ref.question, pieceOperator?.[1], pieceOperator?.[2], piece.text.slice(pieceOperator?.[0].length ?? 0).replace(SENTENCE_AFTER, ""));
          if (!leaf.ast) {
            problems.push(leaf.problem ?? "unreadable comparison");
            break;
          }
          chained.push({ ast: leaf.ast, connective: k === 0 ? "and" : piece.connective });
        }
        const ast = chained.length === chain.length ? combine(chained) : null;
        if (ast) leaves.push({ ast: /\bnot\s*$/i.test(text.slice(i > 0 ? refs[i - 1].end : 0, ref.start)) ? notOf(ast) : ast, connective });
        continue;
      }
      const operator = OPERATOR.exec(clause);
      const optionIndex = operator?.[1];
      let op = operator?.[2];
      let value = clause.slice(operator?.[0].length ?? 0).replace(/\bfor any \w.*$/i, "").replace(SENTENCE_AFTER, "");
      // "CODE 1 OR 2 AT A2" / "answered Yes at Q3": the value is written before the question.
      if (!op && !optionIndex && !value.replace(/[\s)\].,;:]+/g, "")) {
        const before = text.slice(i > 0 ? refs[i - 1].end : 0, ref.start);
        const written = /(?:\bcodes?|\bcoded|\bpunch(?:ed|es)?|\banswer(?:ed)?|\bsaid|\bselected|\bchose|\bchoosing|\bresponse)\s+(.+?)\s+(?:at|in|to|for|on)\s*$/i.exec(before);
        // "(If Yes to #3)", "No at Q4": a short answer label written before the question it answers.
        const label = i === 0 ? /^\s*(?:if\s+)?["“']?([^"”'\s#][^"”'#]{0,30}?)["”']?\s+(?:to|at)\s+(?:q(?:uestion)?\.?\s*|#\s*)?$/i.exec(before) : null;
        if (written) {
          op = "=";
          value = written[1];
        } else if (label && label[1].trim().split(/\s+/).length <= 4) {
          op = "=";
          value = label[1];
        }
      }
      // "IF NOT YES AT A2", "Q3 = NOT 1": a "not" in front of the value negates the comparison.
      const notValue = /^\s*not\s+(?=\S)/i.exec(value);
      if (notValue) value = value.slice(notValue[0].length);
      const leaf = leafFor(ref.question, optionIndex, op, op || optionIndex ? value : value.trim() ? value : "");
      // "… AND NOT SC1 = 2": the comparison is negated.
      const negated = /\bnot\s*$/i.test(text.slice(i > 0 ? refs[i - 1].end : 0, ref.start)) !== Boolean(notValue);
      if (leaf.ast) leaves.push({ ast: negated ? notOf(leaf.ast) : leaf.ast, connective });
      else problems.push(leaf.problem ?? "unreadable comparison");
    }
    if (problems.length) return { unresolved: problems.join("; "), refs: refs.map((ref) => ref.question) };
    const ast = combine(leaves);
    return ast ? { ast, refs: refs.map((ref) => ref.question) } : { unresolved: "no comparison found", refs: [] };
  }
  // "Only ask those aged 18+", "IF AGED 18-34": an age, bound to the question that asks it (the symbol table knows
  // the age question by its wording, wherever it stands before).
  const aged = ageCondition(text, context);
  if (aged) return aged;
  // No question named: answers of the question itself (routing) or of a nearby earlier question.
  const comparison = numericPhrase(text);
  // A drop-down whose values are not listed ("SELECT FROM DROP DOWN" under "What is your age?") holds a number too.
  const numericQuestion = [context.self, context.previous].find(
    (question): question is QuestionRef => Boolean(question) && (question!.type === "numeric" || (question!.type === "dropdown" && question!.options.length === 0)),
  );
  // "< 3 OR > 35 YEARS": several comparisons, none naming a question.
  const pieces = text.split(/(?<!\s)\s+(and|or)\s+/i);
  if (numericQuestion && pieces.length >= 3) {
    const leaves: { ast: ConditionAst; connective: "and" | "or" }[] = [];
    for (let k = 0; k < pieces.length; k += 2) {
      const piece = numericPhrase(pieces[k]);
      if (!piece) break;
      leaves.push({ ast: { type: "compare", ref: { variable: numericQuestion.variable }, op: piece.op, value: piece.value }, connective: k > 0 && pieces[k - 1].toLowerCase() === "or" ? "or" : "and" });
    }
    const ast = leaves.length === (pieces.length + 1) / 2 ? combine(leaves) : null;
    if (ast) return { ast, refs: [numericQuestion] };
  }
  if (comparison && numericQuestion) {
    return { ast: { type: "compare", ref: { variable: numericQuestion.variable }, op: comparison.op, value: comparison.value }, refs: [numericQuestion] };
  }
  // "If you have never changed department" under "How many times have you changed department?": a count of zero.
  if (numericQuestion && asksForCount(numericQuestion.text) && saysNil(text)) {
    return { ast: { type: "compare", ref: { variable: numericQuestion.variable }, op: "=", value: 0 }, refs: [numericQuestion] };
  }
  const phrase = text
    .replace(/\b(?:those who|respondents who|people who|who|said|answered|selected|chose|responded|(?:the\s+)?(?:participant|respondent|user)s?\s+(?:selects|chooses|picks|ticks|answers|says)|(?:selects|chooses|picks|ticks))\b/gi, " ")
    .replace(/\b(?:from|in|at)\s+(?:the\s+)?(?:above|previous question|question above|list above)\b/gi, " ")
    .trim()
    // "For respondents who selected Train" / "Among those who said Yes": the audience words are gone, the lead-in too.
    .replace(/^(?:for|among)\s+(?=\S)/i, "");
  const candidates = [context.self, context.previous].filter((question): question is QuestionRef => Boolean(question));
  for (const question of candidates) {
    const quoted = enclosedTexts(phrase, "\"「『", "\"」』");
    const pieces = quoted.length ? quoted : splitValues(phrase.replace(/^(?:code|codes|answer|answers|option|options)\s+/i, ""));
    const codes: string[] = [];
    for (const piece of pieces) {
      const found = valueCodes(question, piece.replace(/^(?:code|codes)\s+/i, ""));
      if (!found) {
        codes.length = 0;
        break;
      }
      codes.push(...found);
    }
    if (codes.length) {
      const unique = [...new Set(codes)];
      const ref = { variable: question.variable };
      const ast: ConditionAst =
        unique.length === 1 && question.type !== "multi" ? { type: "compare", ref, op: "=", value: unique[0] } : { type: "compare", ref, op: "anyof", value: unique };
      return { ast, refs: [question] };
    }
  }
  // An answer named by its words inside a longer clause ("Si vous avez répondu dans le secteur public"): answer-words.ts.
  for (const question of candidates) {
    const codes = answersNamedByWords(phrase, question.text, question.options);
    if (!codes) continue;
    const ref = { variable: question.variable };
    const ast: ConditionAst =
      codes.length === 1 && question.type !== "multi" ? { type: "compare", ref, op: "=", value: codes[0] } : { type: "compare", ref, op: "anyof", value: codes };
    return { ast, refs: [question] };
  }
  // Answers named by label in an earlier question ("SHOW IF EMPLOYED").
  const labelled = byLabelPhrase(phrase, context);
  if (labelled) return labelled;
  // A group assigned outside the questions ("SHOW ONLY TO START 1", "CELL B"): a hidden variable.
  // (A letter needs a separator: "CELL B" is a group, "EMPLOYED" is not "EMPLOYE" = "D".)
  const group = /^(?:to\s+)?([A-Z][A-Z_]{2,})(?:[\s-][\s_-]*(\d{1,2}|[A-Z])|(\d{1,2}))(?:\s+only)?$/i.exec(phrase.trim());
  if (group && !context.index.byName(group[1]) && group[1] === group[1].toUpperCase()) {
    const name = group[1].toUpperCase();
    const value = (group[2] ?? group[3]).toUpperCase();
    return { ast: { type: "compare", ref: { variable: name }, op: "=", value }, hidden: { name, value }, refs: [] };
  }
  // "Non-professionals received questions with another phrasing": a group named as the audience of a part.
  const audienceGroup = AUDIENCE_GROUP.exec(text.trim());
  if (audienceGroup && !/^(?:all|every|everyone|respondents?|participants?|people|those|users?|we|they|you)\b/i.test(audienceGroup[1])) {
    const value = audienceGroup[1].trim();
    return { ast: { type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value }, hidden: { name: GROUP_VARIABLE, value }, refs: [] };
  }
  return { unresolved: "it names no question or answer of this questionnaire", refs: [] };
}

/** An age interval written after "aged"/"age" ("18+", "18 or over", "under 18", "18-34", "18 to 34"), or null. */
function agePhrase(text: string): { low: number; high: number } | null {
  // (Trailing punctuation comes off first, anchored so it scans a run once.)
  const trimmed = text.trim().replace(/(?<![.)\]:\s])[.)\]:\s]+$/, "");
  const match = /\b(?:aged?|ages?(?:\s+of)?)\s+(\S.{0,39})$/i.exec(trimmed);
  return match ? ageInterval(match[1]) : null;
}

/**
 * The interval of ages a phrase stands for ("Under 18", "18-34", "35+", "65 or older", "18 years old"), or null:
 * the words after "aged" in a filter and an age band's answer label read alike.
 */
function ageInterval(phrase: string): { low: number; high: number } | null {
  const text = phrase.trim().replace(/(?<!\s)\s+(?:years?(?:\s+old)?|yrs?)$/i, "");
  const plus = /^(\d{1,3})\s*\+$/.exec(text);
  if (plus) return { low: Number(plus[1]), high: Infinity };
  const range = /^(\d{1,3})\s*(?:-|–|—|to)\s*(\d{1,3})$/i.exec(text);
  if (range) return { low: Number(range[1]), high: Number(range[2]) };
  const numeric = numericPhrase(text);
  if (!numeric) return null;
  if (numeric.op === "<") return { low: -Infinity, high: numeric.value - 1 };
  if (numeric.op === "<=") return { low: -Infinity, high: numeric.value };
  if (numeric.op === ">") return { low: numeric.value + 1, high: Infinity };
  return { low: numeric.value, high: Infinity };
}

/**
 * An age filter bound to the nearest earlier question that asks age: a number answer is compared; age bands are
 * the answers that lie wholly inside the interval (none, or a band that straddles it: not bound, kept).
 */
function ageCondition(text: string, context: ResolveContext): Resolution | null {
  const wanted = agePhrase(text);
  if (!wanted) return null;
  const asked = context.index.questions
    .filter((question) => question.order < context.order && /\b(?:your age|how old|age (?:are you|in years)|what is your age|year of birth|aged?)\b/i.test(question.text))
    .at(-1);
  if (!asked) return null;
  const ref = { variable: asked.variable };
  if (asked.type === "numeric" || (!asked.options.length && !asked.columns.length)) {
    const leaves: ConditionAst[] = [];
    if (Number.isFinite(wanted.low)) leaves.push({ type: "compare", ref, op: ">=", value: wanted.low });
    if (Number.isFinite(wanted.high)) leaves.push({ type: "compare", ref, op: "<=", value: wanted.high });
    const ast = andOf(...leaves);
    return ast ? { ast, refs: [asked] } : null;
  }
  const codes: string[] = [];
  for (const option of asked.options) {
    const band = ageInterval(option.label);
    if (!band) continue;
    const inside = band.low >= wanted.low && band.high <= wanted.high;
    const outside = band.high < wanted.low || band.low > wanted.high;
    if (!inside && !outside) return null;
    if (inside) codes.push(option.code);
  }
  if (!codes.length) return null;
  return { ast: codes.length === 1 ? { type: "compare", ref, op: "=", value: codes[0] } : { type: "compare", ref, op: "anyof", value: codes }, refs: [asked] };
}

/** "UNDER 18", "less than 10", "over 65", "18 or older", "at least 3": a comparison with a number field's answer. */
function numericPhrase(text: string): { op: "<" | "<=" | ">" | ">="; value: number } | null {
  const value = text.trim().replace(/(?<![.,;:)\]])[.,;:)\]]+$/, "");
  let match = /^(?:is\s+|are\s+|aged?\s+)?(?:under|below|less than|fewer than|younger than|lower than|menos de|menor(?:es)? de|menor que|abaixo de|unter|jünger als|moins de|<)\s*(\d+(?:\.\d+)?)(?:\s*(?:years?|yrs?|y\.?o\.?|años|anos|jahre|ans))?(?:\s+old)?$/i.exec(value);
  if (match) return { op: "<", value: Number(match[1]) };
  match = /^(?:is\s+|are\s+|aged?\s+)?(?:over|above|more than|greater than|older than|higher than|más de|mayor(?:es)? de|mais de|maior(?:es)? de|über|älter als|plus de|>)\s*(\d+(?:\.\d+)?)(?:\s*(?:years?|yrs?|años|anos|jahre|ans))?(?:\s+old)?$/i.exec(value);
  if (match) return { op: ">", value: Number(match[1]) };
  match = /^(?:aged?\s+)?(\d+(?:\.\d+)?)\s*(?:years?\s+)?or\s+(?:more|older|over|above|higher)$|^(?:at least|minimum)\s+(\d+(?:\.\d+)?)$/i.exec(value);
  if (match) return { op: ">=", value: Number(match[1] ?? match[2]) };
  match = /^(?:aged?\s+)?(\d+(?:\.\d+)?)\s*(?:years?\s+)?or\s+(?:less|younger|under|below|fewer|lower)$|^(?:at most|maximum)\s+(\d+(?:\.\d+)?)$/i.exec(value);
  if (match) return { op: "<=", value: Number(match[1] ?? match[2]) };
  return null;
}

function byLabelPhrase(phrase: string, context: ResolveContext): Resolution | null {
  const wanted = normalizeForMatch(phrase);
  if (!wanted || wanted.split(" ").length > 6) return null;
  const earlier = context.index.questions.filter((question) => question.order < context.order).reverse();
  for (const question of earlier.slice(0, 40)) {
    const matches = question.options.filter((option) => {
      const label = normalizeForMatch(option.label);
      return label === wanted || label.startsWith(`${wanted} `);
    });
    if (matches.length) {
      const codes = matches.map((option) => option.code);
      const ref = { variable: question.variable };
      return {
        ast: codes.length === 1 && question.type !== "multi" ? { type: "compare", ref, op: "=", value: codes[0] } : { type: "compare", ref, op: "anyof", value: codes },
        refs: [question],
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------- Qualtrics "Display This Question"

const QUALTRICS_OPERATOR =
  /(?<!\s)\s+(?:q:\/\/QID\d+\/SelectedChoicesCount\s+)?Is\s+(Greater Than or Equal to|Greater Than|Less Than or Equal to|Less Than|Equal to|Not Equal to|Displayed|Not Displayed|Selected|Not Selected|Empty|Not Empty)(?:\s*(-?\d+(?:\.\d+)?))?\s*$/i;

/** A parenthetical between a quoted wording and its operator: "? (Select all that apply) !=". */
const QUOTED_INSTRUCTION = /^[\s?.:]*\([^()]{1,80}\)(?=\s*(?:[=!<>≠≥≤]|is\s))/i;

function resolveQualtricsClause(clause: string, context: ResolveContext): ClauseResult {
  const text = withoutTags(clause).replace(/\s+/g, " ").trim();
  // Exports that name the question by its id and the answer by its label: "Q1.4 = No is not selected".
  const byId = /^([A-Za-z](?=[\w.]*\d)[\w.]*)\s*(!=|<>|≠|=)\s*(.+?)(?:\s+is\s+(not\s+)?selected)?\s*\.?$/i.exec(text);
  const named = byId ? context.index.byName(byId[1], context.order) : undefined;
  if (byId && named) {
    // "Q7 != Predictive AI tools* [ Never ]": one statement of a matrix and its scale point (matrix-cells.ts).
    const cell = matrixCell(named, byId[3]);
    if (cell) {
      const negatedCell = (byId[2] !== "=") !== Boolean(byId[4]);
      return { ast: { type: "compare", ref: { variable: named.variable, row: cell.row }, op: negatedCell ? "!=" : "=", value: cell.column }, ref: named };
    }
    const codes = valueCodes(named, byId[3].replace(/\)\s*$/, "").replace(/^\(\s*/, ""));
    if (!codes) return { problem: `'${byId[3]}' is not an answer of ${named.id}` };
    const negated = (byId[2] !== "=") !== Boolean(byId[4]);
    const ref = { variable: named.variable };
    if (codes.length > 1 || named.type === "multi") return { ast: { type: "compare", ref, op: negated ? "noneof" : "anyof", value: codes }, ref: named };
    return { ast: { type: "compare", ref, op: negated ? "!=" : "=", value: codes[0] }, ref: named };
  }
  // Prints that put the question's id in parentheses before its quoted wording bind by the id.
  const byParenId = resolveParenthesisedId(text, context);
  if (byParenId) return byParenId;
  // Find the referenced question: the quoted wording is truncated with "..." or quoted whole.
  let question: QuestionRef | undefined;
  let rest = "";
  const ellipsis = text.indexOf("...");
  if (ellipsis > 0) {
    question = context.index.byWording(text.slice(0, ellipsis), context.order);
    rest = text.slice(ellipsis + 3);
  }
  if (!question) {
    let best: { question: QuestionRef; length: number } | undefined;
    const normalized = normalizeForMatch(text);
    for (const candidate of context.index.questions) {
      const wording = normalizeForMatch(candidate.text);
      for (const piece of [wording, ...wording.split(/(?<=[?.!:])\s+/)]) {
        if (piece.length >= 8 && normalized.startsWith(piece) && (!best || piece.length > best.length || (piece.length === best.length && candidate.order < context.order))) {
          best = { question: candidate, length: piece.length };
        }
      }
    }
    if (best) {
      question = best.question;
      // Cut the quoted wording off the clause by walking the original text until the normalized length is used up.
      let consumed = 0;
      let cut = 0;
      while (cut < text.length && consumed < best.length) {
        const piece = normalizeForMatch(text.slice(0, cut + 1));
        consumed = piece.length;
        cut++;
      }
      // Word exports print the question's instruction after its wording, inside the quote: "Which have you
      // used? (Select all that apply) != None"; a parenthetical right before the operator is not the value.
      rest = text.slice(cut).replace(QUOTED_INSTRUCTION, " ").replace(/^[^\p{L}\p{N}=!<>≠≥≤]+/u, " ");
    }
  }
  if (!question) return { problem: `the question quoted as '${text.slice(0, 60)}' was not found` };
  const ref = { variable: question.variable };
  const count = /q:\/\/QID\d+\/SelectedChoicesCount\s+Is\s+(Greater Than or Equal to|Greater Than|Less Than or Equal to|Less Than|Equal to|Not Equal to)\s+(\d+)/i.exec(rest);
  if (count) return { ast: { type: "count", ref, op: qualtricsOp(count[1]), value: Number(count[2]) }, ref: question };
  // "… [ Tutoring] (Count) > 0": a Word export's count of a matrix's rows answered in one column — some row has it.
  const columnCount = COLUMN_COUNT.exec(rest);
  if (columnCount && question.rows.length) {
    const wanted = normalizeForMatch(columnCount[1]);
    const column = question.columns.find((option) => normalizeForMatch(option.label) === wanted) ?? question.columns.find((option) => normalizeForMatch(option.label).startsWith(wanted));
    const some = (columnCount[2] === ">" && columnCount[3] === "0") || (columnCount[2] === ">=" && columnCount[3] === "1");
    if (!column || !some) return { problem: `the count '${rest.trim().slice(0, 60)}' on ${question.id} was not understood` };
    return { ast: orOf(...question.rows.map((row): ConditionAst => ({ type: "compare", ref: { variable: question.variable, row: row.code }, op: "=", value: column.code })))!, ref: question };
  }
  const isOp = QUALTRICS_OPERATOR.exec(rest);
  if (isOp) {
    const word = isOp[1].toLowerCase();
    const subject = rest.slice(0, isOp.index).replace(/^[\s,?]+/, "").trim();
    if (word === "displayed" || word === "not displayed") return { ast: "true", ref: question };
    if (word === "empty" || word === "not empty") return { ast: { type: "empty", ref, negated: word === "not empty" }, ref: question };
    if (word === "selected" || word === "not selected") {
      const codes = valueCodes(question, subject);
      if (!codes) return { problem: `'${subject}' is not an answer of ${question.id}` };
      return { ast: { type: "compare", ref, op: word === "selected" ? "anyof" : "noneof", value: codes }, ref: question };
    }
    const number = Number(isOp[2]);
    const row = subject ? findRow(question, subject) : undefined;
    const target = row ? { variable: question.variable, row } : ref;
    if (subject && !row) return { problem: `'${subject}' is not a row of ${question.id}` };
    return { ast: { type: "compare", ref: target, op: qualtricsOp(isOp[1]), value: number }, ref: question };
  }
  const comparison = /^\s*(!=|=)(?:\s*(?!\s)|\s*(?=\s$))(.+)$/.exec(rest);
  if (comparison) {
    const negative = comparison[1] === "!=";
    const value = comparison[2].trim();
    const cell = /^(?=[\s\S]*\]$)(.+?)(?:(?<!\s)\s*|(?<=\s))\[\s*(.+?)(?:(?<!\s)\s*|(?<=\s))\]$/.exec(value);
    if (cell && question.rows.length) {
      const row = findRow(question, cell[1]);
      const column = question.columns.find((option) => normalizeForMatch(option.label) === normalizeForMatch(cell[2])) ?? question.columns.find((option) => normalizeForMatch(option.label).startsWith(normalizeForMatch(cell[2])));
      if (row && column) return { ast: { type: "compare", ref: { variable: question.variable, row }, op: negative ? "!=" : "=", value: column.code }, ref: question };
      return { problem: `'${value}' is not a cell of ${question.id}` };
    }
    const codes = valueCodes(question, value);
    if (!codes) return { problem: `'${value}' is not an answer of ${question.id}` };
    if (question.type === "multi") return { ast: { type: "compare", ref, op: negative ? "noneof" : "anyof", value: codes }, ref: question };
    return { ast: { type: "compare", ref, op: negative ? "!=" : "=", value: codes[0] }, ref: question };
  }
  return { problem: `the comparison '${rest.trim().slice(0, 60)}' on ${question.id} was not understood` };
}

// Typeset Qualtrics prints (and some "survey flow" exports) write the referenced question's id in parentheses
// before its (often truncated) wording: "(QID3) What type of professional did you consult? = 1",
// "(QID9) Were the trainers certified by ... = 3", "(QID54) Rating of treatment [1] > 4" (a grid row), and
// "Count((QID36) Response to treatment = 5) > 0" (some row of a grid answered 5). The id names the question,
// so the wording between the id and the comparison is not needed (it may be cut, carry piped text such as
// "${e://Field/x}", or belong to another question): the comparison is read from the end of the clause.
// A numbered id the questionnaire does not hold (a deleted question) stays a problem, so the condition is kept
// as written and flagged on its question; an id without a number (a previous questionnaire's "(PREV)") names a
// question outside the questionnaire, read as a hidden variable (outsideQuestion).
const PAREN_ID = /^(count\(\s*)?\(([A-Za-z][\w.-]{0,19})\)\s*/i;
/** "[ Tutoring] (Count) > 0" after a matrix's quoted wording: how many rows were answered in that column. */
const COLUMN_COUNT = /^\s*\[\s*([^\]]{1,60}?)\s*\]\s*\(\s*count\s*\)\s*(>=|>)\s*(\d{1,3})\s*$/i;
/** The tail of "Count(( id ) … = 5) > 0": the count test. */
const COUNT_TAIL = /\)\s*(>=|<=|!=|=|>|<)\s*(\d{1,4})\s*$/;
/** A grid row written after the wording: "… [3]". */
const ROW_INDEX = /\[\s*([^\]]{1,40}?)\s*\]\s*$/;

type ClauseResult = { ast?: ConditionAst | "true"; problem?: string; ref?: QuestionRef; hidden?: Resolution["hidden"] };

function resolveParenthesisedId(text: string, context: ResolveContext): ClauseResult | undefined {
  const head = PAREN_ID.exec(text);
  if (!head) return undefined;
  const question = context.index.byName(head[2], context.order);
  if (!question) return outsideQuestion(head[2], text.slice(head[0].length), Boolean(head[1])) ?? { problem: `(${head[2]}) is not a question of this questionnaire` };
  let body = text.slice(head[0].length);
  let countTest: { op: string; value: number } | undefined;
  if (head[1]) {
    const tail = COUNT_TAIL.exec(body);
    if (!tail) return { problem: `the count '${text.slice(0, 60)}' was not understood`, ref: question };
    countTest = { op: tail[1], value: Number(tail[2]) };
    body = body.slice(0, tail.index);
  }
  const ref = { variable: question.variable };
  // Word operators ("… Is Selected", "… Is Displayed", "… Is Greater Than 3"): the subject sits between the
  // (truncated) wording and the operator, so only a truncated wording ("...", "…") tells where it starts.
  const isOp = QUALTRICS_OPERATOR.exec(body);
  if (isOp) {
    const word = isOp[1].toLowerCase();
    if (word === "displayed" || word === "not displayed") return { ast: "true", ref: question };
    if (word === "empty" || word === "not empty") return { ast: { type: "empty", ref, negated: word === "not empty" }, ref: question };
    const before = body.slice(0, isOp.index);
    const cut = Math.max(before.lastIndexOf("..."), before.lastIndexOf("…"));
    const subject = cut >= 0 ? before.slice(cut).replace(/^(?:\.\.\.|…)/, "").trim() : wordingRemainder(question, before);
    if (word === "selected" || word === "not selected") {
      const codes = subject ? valueCodes(question, subject) : null;
      if (!codes) return { problem: `'${before.trim().slice(0, 60)}' names no answer of ${question.id}`, ref: question };
      return { ast: { type: "compare", ref, op: word === "selected" ? "anyof" : "noneof", value: codes }, ref: question };
    }
    if (isOp[2] === undefined) return { problem: `'${body.slice(0, 60)}' has no value`, ref: question };
    return { ast: { type: "compare", ref, op: qualtricsOp(isOp[1]), value: Number(isOp[2]) }, ref: question };
  }
  // Symbolic operators: the last one in the clause, its value after it.
  const at = Math.max(body.lastIndexOf("="), body.lastIndexOf("<"), body.lastIndexOf(">"));
  if (at < 0) return { problem: `the comparison in '${text.slice(0, 60)}' was not understood`, ref: question };
  const value = body.slice(at + 1).trim();
  let start = at;
  if (body[at] === "=" && at > 0 && "!<>".includes(body[at - 1])) start = at - 1;
  else if (body[at] === ">" && at > 0 && body[at - 1] === "<") start = at - 1;
  const written = body.slice(start, at + 1);
  const op = written === "<>" ? "!=" : written;
  const before = body.slice(0, start);
  if (!value) return { problem: `'${body.slice(0, 60)}' has no value`, ref: question };
  // A grid row named by its position after the wording: "[2] > 4".
  const rowMark = ROW_INDEX.exec(before);
  let target: { variable: string; row?: string } = ref;
  if (rowMark) {
    const row = question.rows.find((option) => option.code === rowMark[1]) ?? question.rows[Number(rowMark[1]) - 1] ?? (findRow(question, rowMark[1]) ? { code: findRow(question, rowMark[1])! } : undefined);
    // A one-row grid read as a plain question: its only row is the question's own answer.
    if (row) target = { variable: question.variable, row: row.code };
    else if (question.rows.length || rowMark[1] !== "1") return { problem: `[${rowMark[1]}] is not a row of ${question.id}`, ref: question };
  }
  const numeric = /^-?\d+(?:\.\d+)?$/.test(value);
  if (countTest) {
    // "Count((Q) … = 5) > 0": some row answered 5 (a question without rows: the answer itself is 5).
    if (!((countTest.op === ">" && countTest.value === 0) || (countTest.op === ">=" && countTest.value === 1)) || op !== "=") {
      return { problem: `the count '${text.slice(0, 60)}' was not understood`, ref: question };
    }
    const leafValue = numeric ? Number(value) : value;
    const leaves: ConditionAst[] = question.rows.length
      ? question.rows.map((row) => ({ type: "compare", ref: { variable: question.variable, row: row.code }, op: "=", value: leafValue }))
      : [{ type: "compare", ref, op: question.type === "multi" ? "anyof" : "=", value: question.type === "multi" ? (valueCodes(question, value) ?? [value]) : (valueCodes(question, value)?.[0] ?? leafValue) }];
    return { ast: orOf(...leaves)!, ref: question };
  }
  if (op === "=" || op === "!=") {
    if (target.row) return { ast: { type: "compare", ref: target, op, value: numeric ? Number(value) : value }, ref: question };
    const codes = valueCodes(question, value) ?? choiceAtPosition(question, value);
    if (!codes) return { problem: `'${value}' is not an answer of ${question.id}`, ref: question };
    if (codes.length > 1 || question.type === "multi") return { ast: { type: "compare", ref, op: op === "!=" ? "noneof" : "anyof", value: codes }, ref: question };
    return { ast: { type: "compare", ref, op, value: codes[0] }, ref: question };
  }
  if (!numeric) return { problem: `'${value}' is not a number to compare ${question.id} with`, ref: question };
  // An order test on a multiple-choice question counts its selected answers ("> 0": anything selected).
  if (question.type === "multi" && !target.row) return { ast: { type: "count", ref, op: op as "<" | "<=" | ">" | ">=", value: Number(value) }, ref: question };
  return { ast: { type: "compare", ref: target, op: op as "<" | "<=" | ">" | ">=", value: Number(value) }, ref: question };
}

/**
 * Qualtrics compares with a choice's number, its place in the list, while the print shows each choice's recode in
 * brackets ("Yes (1)", "I don't know (2)", "No (0)"): "= 3" is the third choice, here coded 0. Used only when the
 * number is not one of the printed codes.
 */
function choiceAtPosition(question: QuestionRef, value: string): string[] | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const choices = question.options.length ? question.options : question.columns;
  const choice = choices[Number(value) - 1];
  return choice ? [choice.code] : null;
}

/**
 * "(PREV) Has [dog name] ever exhibited … = 1": an id without a number names no question of a numbered
 * questionnaire but an answer kept outside it — a previous questionnaire's question, embedded data. The condition
 * is on a hidden variable supplied from outside, named by the id and the first words of the quoted wording (one
 * per outside question: "PREV_HAS_DOG_NAME_EVER"), and declared as such. A missing numbered id ("(QID99)") is
 * not this: it stays a problem.
 */
function outsideQuestion(id: string, body: string, counted: boolean): ClauseResult | undefined {
  if (/\d/.test(id) || counted) return undefined;
  const comparison = /(!=|<>|>=|<=|=|>|<)\s*(\d{1,4}|[\p{L}][\p{L} '’-]{0,40})\s*$/u.exec(body);
  if (!comparison) return undefined;
  const wording = body.slice(0, comparison.index);
  const words = withoutTags(wording)
    .replace(/\.\.\.|…/g, " ")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .slice(0, 4);
  const name = [id.toUpperCase(), ...words].join("_");
  const written = comparison[1] === "<>" ? "!=" : comparison[1];
  const raw = comparison[2].trim();
  const value: ConditionValue = raw;
  const ast: ConditionAst = ["<", ">", "<=", ">="].includes(written)
    ? { type: "compare", ref: { variable: name }, op: written as "<" | ">" | "<=" | ">=", value: Number(raw) }
    : { type: "compare", ref: { variable: name }, op: written as "=" | "!=", value };
  const label = `Set outside the questionnaire: the answer to '${wording.replace(/\s+/g, " ").trim().slice(0, 80)}' from (${id}), which the document names but does not hold.`;
  return { ast, hidden: { name, value: raw, label } };
}

/** What follows the question's own wording in `text`, when `text` starts with it (else the whole text). */
function wordingRemainder(question: QuestionRef, text: string): string {
  const wording = normalizeForMatch(question.text);
  const normalized = normalizeForMatch(text);
  if (!wording || !normalized.startsWith(wording)) return text.trim();
  let cut = 0;
  while (cut < text.length && normalizeForMatch(text.slice(0, cut)).length < wording.length) cut++;
  return text.slice(cut).replace(/^[^\p{L}\p{N}]+/u, "").trim();
}

function findRow(question: QuestionRef, label: string): string | undefined {
  const wanted = normalizeForMatch(label);
  const rows = question.rows;
  const row = rows.find((option) => normalizeForMatch(option.label) === wanted) ?? rows.find((option) => normalizeForMatch(option.label).startsWith(wanted) || wanted.startsWith(normalizeForMatch(option.label)));
  return row?.code;
}

function qualtricsOp(words: string): "=" | "!=" | "<" | "<=" | ">" | ">=" {
  const value = words.toLowerCase();
  if (value.startsWith("greater than or equal")) return ">=";
  if (value.startsWith("greater")) return ">";
  if (value.startsWith("less than or equal")) return "<=";
  if (value.startsWith("less")) return "<";
  if (value.startsWith("not equal")) return "!=";
  return "=";
}

function resolveQualtrics(text: string, context: ResolveContext): Resolution {
  // Clauses may share one line: "If Q3 = Agree; Or Q3 = Neutral is selected".
  const body = text.replace(/^display this (?:question|choice|block|item)\s*:?\s*/i, "").replace(/;\s*(or|and)\s+/gi, "\n$1 ");
  const lines = body.split(/\n/).map((line) => line.trim()).filter(Boolean);
  const groups: { leaves: { ast: ConditionAst; connective: "and" | "or" }[]; connective: "and" | "or" }[] = [{ leaves: [], connective: "and" }];
  const problems: string[] = [];
  const refs: QuestionRef[] = [];
  let hidden: Resolution["hidden"];
  lines.forEach((line, index) => {
    const lead = /^(if|and|or)\s+/i.exec(line);
    const connective: "and" | "or" = lead && lead[1].toLowerCase() === "or" ? "or" : "and";
    const afterLead = lead ? line.slice(lead[0].length) : line;
    // "If If <wording>" repeats the connective, unless the quoted wording itself starts with "If".
    const variants = [afterLead];
    const doubled = /^(if|and|or)\s+/i.exec(afterLead);
    if (doubled) variants.unshift(afterLead.slice(doubled[0].length));
    let result: ReturnType<typeof resolveQualtricsClause> | undefined;
    let usedDoubled = false;
    for (const variant of variants) {
      const attempt = resolveQualtricsClause(variant, context);
      if (attempt.ast) {
        result = attempt;
        usedDoubled = Boolean(doubled) && variant !== afterLead;
        break;
      }
      result = result ?? attempt;
    }
    if (result?.ref) refs.push(result.ref);
    if (result?.ast && result.hidden) hidden = hidden ?? result.hidden;
    if (result?.ast === "true") return;
    // "And If" / "Or If" opens a new group of conditions: (A or B) and C.
    if (index > 0 && usedDoubled && /^if$/i.test(doubled![1])) groups.push({ leaves: [], connective });
    const group = groups[groups.length - 1];
    if (result?.ast) group.leaves.push({ ast: result.ast, connective: group.leaves.length === 0 ? "and" : connective });
    else problems.push(result?.problem ?? "unreadable clause");
  });
  if (problems.length) return { unresolved: problems.join("; "), refs };
  const parts = groups.map((group) => ({ ast: combine(group.leaves), connective: group.connective })).filter((part): part is { ast: ConditionAst; connective: "and" | "or" } => part.ast !== null);
  const ast = parts.length ? parts.slice(1).reduce<ConditionAst>((acc, part) => (part.connective === "or" ? orOf(acc, part.ast)! : andOf(acc, part.ast)!), parts[0].ast) : null;
  return ast ? { ast, refs, ...(hidden ? { hidden } : {}) } : { unresolved: "no condition found", refs };
}

/** Resolves a display condition (or the condition part of a routing instruction). */
export function resolveCondition(written: string, context: ResolveContext): Resolution {
  // A condition written as a sentence, in any language ("Si vous avez répondu oui à la question 5").
  // "answered 'No' to previous question": the question before this one, named by its id (positional-refs.ts).
  const text = sentenceCondition(withPositionalRefs(written, context.previous));
  // "ASK ALL FORM 1:": the split-sample form, assigned outside the questionnaire, is the group (split-forms.ts).
  const form = ALL_OF_FORM_BASE.test(text.trim()) ? splitFormOf(text.trim().replace(ALL_OF_FORM_BASE, "ASK ")) : null;
  if (form) return { ast: { type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value: form }, hidden: { name: GROUP_VARIABLE, value: form }, refs: [] };
  // "[DO NOT ASK IN <country>]", "NOT ASKED FOR <group>": the negation of the group's condition (exclusions.ts).
  const exclusion = exclusionOf(text);
  if (exclusion) {
    const excluded = exclusion.clause;
    const inner = resolveCondition(excluded, context);
    if (inner.ast) return { ...inner, ast: notOf(inner.ast) };
    // "IN EL SALVADOR, GUATEMALA, OR MEXICO": a list of groups, none of which is asked.
    const groups = excluded.replace(/\.$/, "").split(/,|\/|\bor\b|\band\b/i).map((group) => group.trim()).filter(Boolean);
    if (!exclusion.condition && !/[=<>≠]/.test(excluded) && groups.length && groups.length <= 20 && groups.every((group) => group.split(/\s+/).length <= 4)) {
      const ast: ConditionAst = groups.length === 1 ? { type: "compare", ref: { variable: GROUP_VARIABLE }, op: "!=", value: groups[0] } : { type: "compare", ref: { variable: GROUP_VARIABLE }, op: "noneof", value: groups };
      return { ast, hidden: { name: GROUP_VARIABLE, value: groups.join(", ") }, refs: [] };
    }
  }
  // "ASK ALL LANDLINE SAMPLE:": the sample frame, set outside the questionnaire, is a hidden variable.
  const frame = SAMPLE_FRAME_BASE.exec(text.trim());
  if (frame) {
    const value = frame[1];
    return {
      ast: { type: "compare", ref: { variable: SAMPLE_VARIABLE }, op: "=", value },
      hidden: { name: SAMPLE_VARIABLE, value, label: `Set outside the questionnaire: the sample frame a respondent was drawn from; some questions are asked only of the ${value} sample.` },
      refs: [],
    };
  }
  // "ASK BIKE RIDERS (RIDE=1):": the bracket is the condition; the capitals before it name the group in words (and may
  // repeat a question's name, "RIDERS" for RIDE, which is no comparison).
  const bracketed = bracketedBaseCondition(text);
  if (bracketed !== null) {
    const inner = clauseByClause(bracketed, context) ?? resolveCondition(bracketed, context);
    if (inner.ast) return inner;
  }
  if (/^display this (?:question|choice|block|item)/i.test(text.trim())) return resolveQualtrics(text, context);
  // A survey tool's own grammar ("[smoker] = '1'", "${q5} = 'yes'", "Q03.NAOK == \"A1\"", an Alchemer clause): tool-logic.ts.
  const tool = resolveToolCondition(text, context, valueCodes);
  if (tool) return tool;
  const expression = stripWrapper(text);
  if (!expression) return { unresolved: "the condition is empty", refs: [] };
  if (/^(?:all|everyone|all respondents|total sample)$/i.test(expression)) return { refs: [] };
  // "At least one CHAL_01=1", "ATLEASTONESH_05=1,2" (a narrow cell's letters joined without their spaces), "any B3 = 1":
  // some row of the grid named has the answer; a question without rows has it itself.
  const quantified = AT_LEAST_ONE.exec(expression);
  if (quantified) {
    const inner = resolveCondition(expression.slice(quantified[0].length), context);
    if (inner.ast) return { ...inner, ast: someRow(inner.ast, inner.refs) };
  }
  // "NOT (S2=1 OR S2=2)": the bracket is read as a whole and negated (read clause by clause, the "not" was lost). The
  // wrapper step may have taken the closing bracket.
  const negatedGroup = /^not\s*\((.+)$/i.exec(expression);
  const grouped = negatedGroup ? negatedGroup[1].replace(/\)\s*$/, (close, at: number) => (balancedBrackets(negatedGroup[1].slice(0, at)) ? "" : close)) : "";
  if (grouped && balancedBrackets(grouped)) {
    const inner = resolveCondition(grouped, context);
    if (inner.ast) return { ...inner, ast: notOf(inner.ast) };
  }
  // Rows addressed after the id ("B1r2>0", "A1r7=5-7", "S10r1-2 ALL = 1"): row-references.ts.
  const rowAddressed = resolveRowReferences(expression, context, (piece) => resolveExpression(piece, context));
  if (rowAddressed) return rowAddressed;
  // "PARENT_FLAG=1,2 AND BIKE1=1": a comparison on a hidden variable joined to ones on questions is kept with them.
  const joined = clauseByClause(expression, context);
  if (joined) return joined;
  const resolved = resolveExpression(expression, context);
  // A classification set outside the questions ("ASK IF HCP_TYPE=2"): hidden-comparisons.ts.
  if (resolved.unresolved) {
    const hidden = resolveHiddenComparison(expression, context);
    if (hidden) return hidden;
  }
  // Exports that quote a question's wording instead of its id ("If Are you 18 or older? = No").
  if (resolved.unresolved && /\s(?:!?=|[<>]|is\s)/i.test(expression)) {
    const quoted = resolveQualtrics(`Display This Question:\nIf ${expression}`, context);
    if (quoted.ast) return quoted;
  }
  return resolved;
}

/**
 * "At least one" (its spaces optional: a cell printed one letter per line loses them) or "any", then a comparison on a
 * named question: the name must start with a letter and an operator follow it.
 */
const AT_LEAST_ONE = /^(?:at\s*least\s*one(?:\s*of)?\s*|any\s+(?:of\s+)?)(?=[A-Za-z][\w.]{0,40}\s*(?:!=|<>|<=|>=|=|<|>))/i;

/** A comparison on a grid as a whole ("{G} = 1") made one on any of its rows; anything else is left as it is. */
function someRow(ast: ConditionAst, refs: QuestionRef[]): ConditionAst {
  if (ast.type !== "compare" || ast.ref.row || (ast.op !== "=" && ast.op !== "anyof")) return ast;
  const grid = refs.find((question) => question.variable === ast.ref.variable && question.rows.length > 0);
  if (!grid) return ast;
  return orOf(...grid.rows.map((row): ConditionAst => ({ type: "compare", ref: { variable: grid.variable, row: row.code }, op: ast.op, value: ast.value })))!;
}

/** Every "(" closes, in order: "A=1) OR (B=2" is two groups, not one. */
function balancedBrackets(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The clauses of an expression joined by AND / OR outside brackets, each with the connective before it. */
function topLevelClauses(expression: string): { text: string; connective: "and" | "or"; grouped: boolean }[] {
  const clauses: { text: string; connective: "and" | "or" }[] = [];
  let depth = 0;
  let start = 0;
  let connective: "and" | "or" = "and";
  for (const match of expression.matchAll(/[()]|\s(?:AND|OR)\s/gi)) {
    const token = match[0];
    if (token === "(") depth++;
    else if (token === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      clauses.push({ text: expression.slice(start, match.index), connective });
      connective = token.trim().toLowerCase() === "or" ? "or" : "and";
      start = match.index! + token.length;
    }
  }
  clauses.push({ text: expression.slice(start), connective });
  return clauses.map((clause) => {
    const text = clause.text.trim();
    const inner = /^\((.*)\)$/.exec(text);
    return { ...clause, text: (inner ? inner[1] : text).trim(), grouped: Boolean(inner && /\s(?:and|or)\s/i.test(inner[1])) };
  });
}

/**
 * An expression read clause by clause: where one clause compares a variable set outside the questions (the others
 * name questions), so the hidden comparison is kept (declared) instead of being dropped by a reading that only sees
 * the questions; and where brackets group the clauses ("(PARTY=1 OR LEAN=1) AND (REG=1)"), so the grouping holds.
 * Null when neither, or when some clause does not resolve.
 */
function clauseByClause(expression: string, context: ResolveContext): Resolution | null {
  const clauses = topLevelClauses(expression);
  if (clauses.length < 2 || clauses.length > 8) return null;
  const hiddenClauses = clauses.map((clause) => resolveHiddenComparison(clause.text, context));
  const grouped = clauses.some((clause) => clause.grouped);
  if (!grouped && !hiddenClauses.some(Boolean)) return null;
  const leaves: { ast: ConditionAst; connective: "and" | "or" }[] = [];
  const refs: QuestionRef[] = [];
  let hidden: Resolution["hidden"];
  for (const [index, clause] of clauses.entries()) {
    const resolved = hiddenClauses[index] ?? resolveCondition(clause.text, context);
    if (!resolved.ast) return null;
    hidden ??= resolved.hidden;
    refs.push(...resolved.refs);
    leaves.push({ ast: resolved.ast, connective: clause.connective });
  }
  const ast = combine(leaves);
  return ast ? { ast, refs, ...(hidden ? { hidden } : {}) } : null;
}

// ------------------------------------------------------------------------------------------ routing

export interface ParsedRoute {
  target: RouteTarget;
  /** The written condition, when the routing instruction has one ("IF Q3=2 SKIP TO Q7"). */
  condition?: string;
  /** The condition names answers of the question it is written on ("IF NO, SKIP TO Q10"). */
  selfCondition?: boolean;
}

const ORDINAL_QUESTION = /\b(?:no need to answer|do not (?:need to )?answer|don'?t answer|skip)\s+(?:the\s+)?(?:question\s+|q\.?\s*)?(\d{1,3})(?:st|nd|rd|th)?(?:\s+question)?\b/i;

/** (Not "skip to the end of this block": the end of a part of the questionnaire is not the end of the survey.) */
const GOTO_END = new RegExp(String.raw`\b${GOTO_VERB}\s+(?:the\s+)?(?:end|ende|fin|fim)\b(?!\s+of\s+(?:the\s+|this\s+)?(?:[\p{L}]+\s+)?(?:block|section|page|part|module|group|loop|list)s?\b)`, "iu");
const GOTO_PAGE = new RegExp(String.raw`\b${GOTO_VERB}\s+(?:page|seite|página|pagina)\s+(\d{1,3})\b`, "i");
const GOTO_SECTION = new RegExp(String.raw`\b${GOTO_VERB}\s+(?:section|part|block|module|sección|seção|teil|abschnitt|partie)\s+([A-Z0-9]{1,3})\b`, "i");
const GOTO_QUESTION = new RegExp(String.raw`\b${GOTO_VERB}\s+${GOTO_TARGET}(?!\w|\.\d)`, "i");
/** "→ Section 2", "→ Partie B", "→ Sección 3": an arrow to a part of the questionnaire. */
const ARROW_SECTION = /(?:→|->|=>)\s*(?:section|part|block|module|sección|seção|teil|abschnitt|partie)\s+([A-Z0-9]{1,3})\b/i;
/** "→ Q7", "-> 2.1", "→問5へ", "→ END", "→ ENDE". */
/** An arrow followed by a go-to phrase in any language ("→ go to question …", "→ pase a la pregunta …"). */
const ARROW_GO_TO = new RegExp(String.raw`(?:→|->|=>)\s*(?:go|skip|jump|${CUES.goTo})(?![a-zà-öø-ÿ])`, "i");
const ARROW_TARGET = /(?:→|->|=>)\s*(?:question\s+)?(問\d{1,3}|[A-Za-z]{0,4}\d{1,3}(?:\.\d{1,2})?[a-z]?|[A-Z][A-Z0-9_-]{2,}|end|ende|fin|fim)(?!\w|\.\d)/i;

export function parseRouteTarget(text: string): RouteTarget | null {
  // Qualtrics writes "Skip To: End of Survey If …".
  const value = text.trim().replace(/\b(skip|go|jump)\s+to\s*:\s*/i, "$1 to ");
  const skipOrdinal = ORDINAL_QUESTION.exec(value);
  if (skipOrdinal && !/\b(?:skip|go|jump)\s+to\b/i.test(value)) return { kind: "skip", ref: skipOrdinal[1] };
  // "THANK AND END" next to an answer closes the interview for someone who does not qualify: a screen-out.
  if (TERMINATE_WORDS.test(value) || SCREEN_OUT_NOTE.test(value)) return { kind: "terminate" };
  if (GOTO_END.test(value) || END_OF_FORM.test(value) || /\bend of (?:survey|block)\b|\b(?:end|exit) (?:the )?(?:survey|interview|questionnaire)\b|\bend of (?:the )?survey\b/i.test(value) || END_LINE.test(value)) return { kind: "end" };
  const page = GOTO_PAGE.exec(value);
  if (page) return { kind: "page", label: page[1] };
  const section = GOTO_SECTION.exec(value);
  if (section) {
    // "skip to Part V: Demographics": the title after the label names the part too (the label may be misprinted).
    const title = /^\s*[:–—-]\s*(\p{Lu}[\p{L}'’ -]{2,40}?)\s*(?=[.(,;]|$)/u.exec(value.slice(section.index + section[0].length));
    return { kind: "section", label: title ? `${section[1]}: ${title[1].trim()}` : section[1] };
  }
  // 'Skip to "About your home."': a web form's page named by its quoted title (bound to a section, or to the closing
  // page, by the pass that attaches it).
  const titled = new RegExp(String.raw`\b${GOTO_VERB}\s+["“”]([^"“”]{2,80}?)[.!?]*["“”]`, "iu").exec(value);
  if (titled) return { kind: "section", label: titled[1].trim() };
  // "→ #anchor": a link to a heading of the document (a question, or a section's first question).
  const anchor = /(?:→|->|=>)\s*(#[\p{L}\p{N}_-]+)/u.exec(value);
  if (anchor) return { kind: "question", ref: anchor[1] };
  const question = GOTO_QUESTION.exec(value);
  // A variable name is written in capitals ("GO TO SCREENER2"); "continue to answer" is not a target.
  if (question && (/\d/.test(question[1]) || question[1] === question[1].toUpperCase())) return { kind: "question", ref: question[1] };
  // "→ CLOSE", "→ STOP": the interview closes for this answer.
  if (/(?:→|->|=>)\s*(?:close|stop|exit)\b|^\s*close\s*(?:\.\s*)?$/i.test(value)) return { kind: "terminate" };
  // "→ Section 2", "⇒ Partie B": an arrow to a section names the section, not a question called "Section".
  const arrowSection = ARROW_SECTION.exec(value);
  if (arrowSection) return { kind: "section", label: arrowSection[1] };
  const arrow = ARROW_TARGET.exec(value);
  // "→ pase a la pregunta ##": the words after the arrow are the go-to phrase, not a target; its target is a
  // placeholder nobody filled in, so the route is left unread (flagged), never bound to the verb.
  if (arrow && ARROW_GO_TO.test(value)) return null;
  if (arrow) return /^(?:end|ende|fin|fim)$/i.test(arrow[1]) ? { kind: "end" } : { kind: "question", ref: arrow[1] };
  // "跳至 Q22", "直接进入第 4 题" (go straight on to question 4), "转到第 5 题", "转Q13" / "转第 13 题" (turn to Q13).
  const chinese = /(?:跳至|跳到|跳转至?|转至|转到|转(?=\s*(?:Q\s*|第\s*)\d)|進入|进入|跳答)\s*(?:第\s*)?(Q?\d{1,3}[a-z]?)/i.exec(value);
  if (chinese) return { kind: "question", ref: chinese[1] };
  if (/\bjump to page\s+(\d+)/i.test(value)) return { kind: "page", label: /\bjump to page\s+(\d+)/i.exec(value)![1] };
  if (/\bcontinue\b|\bneed to continue\b|\bproceed\b|\bcontinuar\b|\bweiter\b|\bcontinuer\b/i.test(value)) return { kind: "next" };
  return null;
}

/**
 * Screening written as prose — "If the respondent selects "No", the survey should end." — said the way the
 * rules read it ("IF "No", END SURVEY"); at a screening question the end is a screen-out.
 */
const PROSE_END = /^(?:[\p{L} ]{2,30}:\s*)?(?:if|when)\s+(?:the\s+)?(?:respondents?|participants?|they|he or she|users?|you)\s+(?:selects?|answers?|chooses?|says?|picks?|ticks?|responds?(?:\s+with)?)\s+(.+?)\s*,\s*(?:then\s+)?(?:the\s+)?(?:survey|interview|questionnaire)\s+(?:should|will|must|is to)\s+(?:end|stop|close|terminate)\b.*$/iu;

/**
 * The label of a check item, routing box or programmer note in front of its instruction ("CHECK ITEM A: IF …",
 * "CHECKPOINT 2: IF …", "ROUTING: IF …", "PROGRAMMER: IF …, SKIP TO …"): telephone and field scripts print routing
 * between questions this way.
 */
export const ROUTING_LABEL =
  /^\(?(?:check ?items?|check ?points?|routing(?: instructions?)?|skip instructions?|(?:programm(?:er|ing)|scripter|cati|dp)(?: (?:notes?|instructions?))?)(?:\s[A-Z0-9]{1,4})?\)?\s?[:.–-]\s*(?=(?:if|si|wenn)\s)/i;

export function plainRouting(text: string): string {
  const unlabelled = text.trim().replace(ROUTING_LABEL, "");
  const match = PROSE_END.exec(unlabelled);
  return match ? `IF ${match[1]}, END SURVEY` : sentenceCondition(unlabelled === text.trim() ? text : unlabelled);
}

/** A routing instruction written as a sentence: "IF Q3 = 2 SKIP TO Q7", "TERMINATE IF S1 ≠ 1", "选「从未」跳至 Q22". */
export function parseRouteStatement(text: string): ParsedRoute | null {
  // "[MUST SELECT 4 TO CONTINUE]": whoever picked none of the codes is screened out (unselected-codes.ts).
  const required = mustSelectCodes(text);
  if (required) return { target: { kind: "terminate" }, condition: `codes ${required.join(" or ")} not selected`, selfCondition: true };
  const value = plainRouting(text)
    .trim()
    .replace(/^[[(（]\s*|(?:(?<!\s)\s*|(?<=\s))[\])）]$/g, "")
    .replace(/\b(skip|go|jump)\s+to\s*:\s*/i, "$1 to ")
    // "Red herring – TERMINATE IF …": a short label before the rule names its purpose.
    .replace(/^[\p{L}\p{N} '’/&]{2,40}?\s[-–—:]\s*(?=(?:thank\s*(?:and|&)\s*)?terminate\b|term\s+if\b|screen ?out\b|disqualify\b)/iu, "");
  const target = parseRouteTarget(value);
  if (!target) return null;
  const chineseChoice = chineseChoiceOf(value);
  if (chineseChoice) return { target, condition: `"${chineseChoice}"`, selfCondition: true };
  const trailingIf = /^(?:(?:thank\s*(?:and|&)\s*)?terminate|term(?=\s+if\b)|screen ?out|disqualify|(?:skip|go|jump)\s+to\s+.+?)\s+(?:if|when)\s+(.+)$/i.exec(value);
  // "TERMINATE IF < 3 OR > 35 YEARS" under a number field: a comparison with no subject is about this question.
  if (trailingIf) return { target, condition: trailingIf[1], selfCondition: /^\s*(?:[<>≤≥≠]|=\s*\d|(?:less|more|fewer|greater)\s+than\b|under\b|over\b|below\b|above\b)/i.test(trailingIf[1]) };
  const leadingIf = new RegExp(String.raw`^(?:if|si|wenn|falls|se)\s+(.+?)\s*[,;:]?\s*(?:then\s+)?(?:please\s+)?(?:skip|go|jump|proceed|continue|move|terminate|screen|thank|close|end|→|->|${GOTO_VERB})`, "i").exec(value);
  if (leadingIf) {
    const condition = leadingIf[1].trim();
    const selfCondition = !/[A-Za-z]\d|\d[a-z]?\s*[=<>≠]|(?<![A-Z])[A-Z]{3,}(?:-[A-Z]*)?\s*[=<>≠(]/.test(condition);
    return { target, condition, selfCondition };
  }
  // "(under 18 → end)", "(moins de 18 ans → fin : « … »)" beside a number field: the comparison before the arrow is
  // the condition, on this question's number (without it the arrow would send everyone away).
  const arrowed = /^(.{2,40}?)\s*(?:→|-{1,2}>|=>)/u.exec(value);
  if (arrowed && numericPhrase(arrowed[1])) return { target, condition: arrowed[1].trim(), selfCondition: true };
  if (/^page logic\s*:/i.test(value)) return { target };
  return { target };
}

export { notOf };
