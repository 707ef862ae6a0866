import { type ConditionAst, orOf, printCondition } from "../conditions";
import type { IRCondition, IRItem, IROption, IRQuestion } from "../ir";
import { answerlessYesNo, leadIn, yesNoAnswers } from "./follow-ups";
import { GROUP_VARIABLE } from "./group-bases";
import { CUES } from "./cue-lexicon";
import { normalizeForMatch } from "./patterns";
import { answeredLeadIn } from "./sentence-conditions";
import { OTHER_HYPOTHETICAL, OTHER_IF_OPENING, OTHER_STOP_WORDS, romanceStem, YES_NO_CLAUSE } from "./prose-lead-words";
import { bindWishClause, wishClause } from "./wish-clauses";

/**
 * Logic written as prose in the wording (the logic pipeline's detect → scope → bind → keep for sentences):
 *
 * - Detect: the wording opens with a conditional clause — "If you did notice any problems, which were they?",
 *   "If not screened, what were the reasons?", "In case in question 20 you selected option A, …", "For methods
 *   you rated 4 or 5, please explain …" — or names the group it is for ("For participants with X only: …");
 *   a screen-out is a conditional sentence that sends the respondent away ("…, if you are under 18, thank you for
 *   your interest but you are not eligible", "If you disagree, please exit the survey").
 * - Scope: the question whose wording carries the clause (a screen-out: the question it is written on).
 * - Bind, against the questions just before it (a screen-out: the question itself): the question a clause names
 *   by id; an answer whose words the clause repeats ("If you did not disclose your status" → the answer "Did not
 *   disclose …"); codes a clause quotes ("rated 4 or 5"); a yes/no question the clause restates ("If you did
 *   notice any problems" after "Did you notice any problems?" → Yes; "If you think this is not a good selection"
 *   → No).
 * - Keep: a group named by the clause with nothing to bind is a condition on a declared hidden variable; any
 *   other clause that does not bind is kept as written with the reason (never programmed, never dropped, never
 *   passed on to the questions after it). A hypothetical ("If it were online, would you …?") is not a filter.
 */

/** How many questions back a clause may refer to. */
const REACH = 3;

/** Words that carry no meaning for matching a clause with a question or an answer. */
const STOP = new Set(
  ("the a an and or of to in on at for with by from your you i we my our me us it its this that these those there their they them " +
    "is are was were be been being am do does did have has had will would could should can may might please any some all " +
    "if when what which who how why where about as so than then just ever also other others " +
    "chose choose chosen selected select said answered picked ticked option options answer answers choice " +
    "respondent respondents people person participant participants those").split(" ").concat(OTHER_STOP_WORDS),
);

const NEGATION = /\b(?:not|no|never|none|nothing|without|less than|under|younger than|below|fewer than)\b|n't\b/i;

/** Content words, crudely stemmed ("experiencing", "experience" → "experienc"; "owners" → "own"). */
function contentWords(text: string): string[] {
  return normalizeForMatch(text)
    .split(" ")
    // An answer quoted in the clause ("if you chose 'it varies'"): its words without the quotes.
    .map((word) => word.replace(/^['‘’"“”]+|(?<!['‘’"“”])['‘’"“”]+$/g, ""))
    .filter((word) => word && !STOP.has(word) && !/^(?:not|no|never|n't|[a-z])$/.test(word))
    .map((word) => (word.length > 4 ? word.replace(/(?:es|s)$/, "") : word))
    .map((word) => (word.length > 4 ? word.replace(/(?:ing|ed|er|e)$/, "") : word))
    // "shopped"/"planning" → "shopp"/"plann": the doubled consonant of the inflection goes too ("shop", "plan").
    .map((word) => (word.length > 3 ? word.replace(/([b-df-hj-np-tv-z])\1$/, "$1") : word))
    .map(romanceStem);
}

/** The share of `clause`'s words found in `text` (0 when the clause has none). */
function coverage(clause: string[], text: string[]): number {
  if (!clause.length) return 0;
  const pool = new Set(text);
  return clause.filter((word) => pool.has(word)).length / clause.length;
}

/** The text up to the first comma, colon or question mark outside parentheses (the clause of a lead-in). */
function clauseEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length && i < from + 160; i++) {
    const char = text[i];
    if (char === "(" || char === "[") depth++;
    else if ((char === ")" || char === "]") && depth > 0) depth--;
    else if (depth === 0 && /[,:;?？：，¿]/.test(char)) return i;
  }
  return -1;
}

export interface ProseLeadIn {
  /** The condition as written ("If you did notice any problems"). */
  text: string;
  /** The clause without its opening word ("you did notice any problems"). */
  clause: string;
  /** "group": the wording names the group it is for ("For participants with X only"); "who": the answer that puts a
   * respondent in it ("(Who chose the premium plan)"), looked for in every earlier question. */
  kind: "if" | "group" | "who";
  /** The rest of the wording asks a hypothetical ("…, would you …?"): not a filter. */
  hypothetical: boolean;
  /** The lead-in is a label before a colon ("Employed respondents only: …"), not part of the sentence asked. */
  label?: boolean;
}

// "hvis" (Danish, Norwegian) opens the same clause: "Hvis du ikke har bil, hvorfor ikke?".
const IF_OPENING = /^(?:if|in case(?: that)?|in the case that|only if|hvis)\s+/i;

/**
 * A clause about the respondent's own standing — what they are, have, own — rather than an answer: "If you do not
 * have the right to vote, …", "If you are a student, …", "Hvis du ikke har stemmeret, …". With no question before
 * it to bind to, the standing is known outside the questionnaire: a group on the hidden variable — when the rest
 * of the wording asks (ends with a question mark); "If you have a partner, ask him or her …" is an instruction.
 */
const STANDING = /^(?:you\s+(?:do\s+not\s+|don't\s+|are\s+not\s+|aren't\s+)?(?:have|are|own|hold)\b|du\s+(?:ikke\s+)?(?:har|er|ejer)\b|du\s+(?:har|er|ejer)\s+ikke\b)/i;
const FOR_OPENING = /^(?:only\s+)?for\s+/i;

/** The conditional clause a question's wording opens with, or null. "If yes"/"If no" are follow-ups (follow-ups.ts). */
export function proseLeadIn(wording: string): ProseLeadIn | null {
  const text = wording.trim();
  // "(Who chose the premium plan) …", "[Those who said yes at Q4] …": the group the question is for, before the wording.
  const who = /^[([]\s*(?:(?:those|respondents|people|participants|customers|users)\s+)?(?:who|that)\s+([^()[\]]{3,160})[)\]]/i.exec(text);
  if (who) return { text: who[0].slice(1, -1).trim(), clause: who[1].trim(), kind: "who", hypothetical: false };
  // "[Parents only] …", "(Smokers only) …", "[ASK CAR OWNERS ONLY] …": the group in brackets before the wording.
  // (Arms — "[Version A only]" — are read with the other arms, group-bases.ts.)
  const bracketed = /^[([]\s*(?:(?:ask|show|for)\s+)?((?!(?:treatment|control|experimental|intervention|comparison|placebo|group|arm|condition|version|split|cell|variant)\b)[A-Za-z][^()[\]:?=]{2,60}?)\s+only\s*[)\]]\s*(?=\S)/i.exec(text);
  if (bracketed) {
    const inner = bracketed[0].trim().slice(1, -1).trim();
    return { text: inner, clause: bracketed[1].trim(), kind: "group", hypothetical: false, label: true };
  }
  // "Those who said no: why not?", "Respondents who selected Bolt: …" — the group, then a colon.
  const said = /^(?:(?:only\s+)?for\s+)?(?:those|respondents|people|participants)\s+(?:who|that)\s+([^:?]{2,120}):/i.exec(text);
  if (said) return { text: said[0].slice(0, -1).trim(), clause: said[1].trim(), kind: "if", hypothetical: false, label: true };
  // "Employed respondents only: …": the group first, then the wording.
  const only = /^([A-Za-z][^:?]{2,60}?)\s+only\s*:/i.exec(text);
  if (only && !/^(?:for|if)\b/i.test(only[1])) return { text: only[0].slice(0, -1).trim(), clause: only[1].trim(), kind: "group", hypothetical: false, label: true };
  const opening = IF_OPENING.exec(text) ?? FOR_OPENING.exec(text) ?? OTHER_IF_OPENING.exec(text);
  if (!opening) return null;
  const end = clauseEnd(text, opening[0].length);
  if (end < 0) return null;
  const written = text.slice(0, end).trim();
  const clause = text.slice(opening[0].length, end).trim();
  if (!clause || /^(?:yes|no|not|so|applicable|any|necessary|possible|relevant|other|others)\.?$/i.test(clause) || YES_NO_CLAUSE.test(clause)) return null;
  const rest = text.slice(end + 1).trim();
  if (FOR_OPENING.test(opening[0])) {
    // "For participants with migraines only:" names a group; "For methods you rated 4 or 5, …" quotes answers.
    if (/\bonly$/i.test(clause)) return { text: written, clause: clause.slice(0, -4).trimEnd(), kind: "group", hypothetical: false, label: text[end] === ":" };
    // "For how many years …" asks; "For the projects that use X, …" / "For methods you rated 4 or 5, …" filters.
    if (/^(?:how|what|which|whom|when|where|why)\b/i.test(clause) || !/\b(?:you|who|that|which|whom)\b/i.test(clause)) return null;
    return { text: written, clause, kind: "if", hypothetical: false };
  }
  // "If the elections were held today, …", "If you had to choose, …", "If you needed it, would you …?": a hypothetical.
  const hypothetical = !wishClause(clause) && (/\b(?:were|had to|was to|would|could|skulle|ville|kunne|havde)\b/i.test(clause) || OTHER_HYPOTHETICAL.test(clause) || /^(?:\S+\s+){0,3}(?:would|could|might)\b/i.test(rest));
  return { text: written, clause, kind: "if", hypothetical };
}

function compare(question: IRQuestion, codes: string[]): ConditionAst {
  const ref = { variable: question.variable };
  if (question.type === "grid" && question.rows.length) {
    // An answer given in any row of a grid ("for methods you rated 4 or 5").
    return orOf(...question.rows.map((row) => ({ type: "compare", ref: { variable: question.variable, row: row.code }, op: "anyof", value: codes }) as ConditionAst))!;
  }
  if (codes.length === 1 && question.type !== "multi") return { type: "compare", ref, op: "=", value: codes[0] };
  return { type: "compare", ref, op: "anyof", value: codes };
}

function choicesOf(question: IRQuestion): IROption[] {
  return question.type === "grid" ? question.columns : question.options;
}

/** Answers whose words the clause repeats ("you did not disclose your status" → "Did not disclose status"). */
function answersNamed(clause: string, question: IRQuestion): string[] {
  const words = contentWords(clause);
  const negated = NEGATION.test(clause);
  let best = 0;
  let codes: string[] = [];
  for (const option of choicesOf(question)) {
    const label = contentWords(option.label);
    if (!label.length) continue;
    // The answer's own words in the clause, or the clause's words in a longer answer — with the same sense.
    // (A paraphrase only of an answer not much longer than it: a long text that happens to repeat it is no answer.)
    const score = Math.max(coverage(label, words), words.length >= 3 && label.length <= 2 * words.length + 2 ? coverage(words, label) : 0);
    if (score < 0.6 || NEGATION.test(option.label) !== negated) continue;
    if (score > best) {
      best = score;
      codes = [option.code];
    } else if (score === best) codes.push(option.code);
  }
  return codes;
}

/** Codes quoted after a verb of answering ("rated 4 or 5", "selected 1, 2 or 3", "scored 6-7"). */
function quotedCodes(clause: string, question: IRQuestion): string[] {
  const match = /\b(?:rated|rate|selected|select|chose|choose|answered|scored|gave|ticked|marked|circled)\s+(?:it\s+|them\s+|as\s+|an?\s+|code\s+|codes\s+|option\s+|answer\s+)?(\d{1,2}(?:\s*(?:,|or|and|to|-|–)\s*\d{1,2}){0,6})\b/i.exec(clause);
  if (!match) return [];
  const numbers = match[1].split(/,|\bor\b|\band\b/i).flatMap((piece) => {
    const range = /^(\d{1,2})\s*(?:to|-|–)\s*(\d{1,2})$/.exec(piece.trim());
    if (!range) return [piece.trim()];
    const out: string[] = [];
    for (let value = Number(range[1]); value <= Number(range[2]) && out.length < 20; value++) out.push(String(value));
    return out;
  });
  const choices = choicesOf(question);
  // A code printed on the answers, or the position on an unnumbered rating scale.
  const codes = numbers.map((number) => choices.find((option) => option.code === number)?.code ?? choices[Number(number) - 1]?.code);
  return codes.every((code): code is string => code !== undefined) ? codes : [];
}

/** "None", "Never", "Not at all", "No one": the answer that says the question's thing did not happen. */
const NONE_ANSWER = /^(?:none(?: of (?:them|these|those))?|never|not at all|no ?one|nobody|nothing|not (?:yet|ever))\b/i;

/**
 * The answer of a question the clause restates: Yes or No of a yes/no question (by the clause's negation); for
 * another question, a negated restatement ("If not screened" after "To what extent have your relatives undergone
 * screening?") is its "None"/"Never" answer.
 */
function restatedAnswer(clause: string, question: IRQuestion): string | null {
  const words = contentWords(clause);
  if (!yesNoAnswers(question) && !answerlessYesNo(question)) {
    const none = choicesOf(question).filter((option) => NONE_ANSWER.test(option.label.trim()));
    return none.length === 1 && NEGATION.test(clause) && coverage(words, contentWords(question.text)) >= 0.6 ? none[0].code : null;
  }
  if (coverage(words, contentWords(question.text)) < 0.6) return null;
  // The clause tells us the question is answered Yes or No: those answers are assumed, and said so.
  if (answerlessYesNo(question)) {
    question.type = "single";
    question.options = ["Yes", "No"].map((label, index) => ({ code: String(index + 1), label, codePrinted: false, span: question.span }));
    delete question.entry;
    question.warnings.push(`Answers Yes/No assumed: a later question is asked "if ${clause}".`);
  }
  const answers = yesNoAnswers(question)!;
  const negated = NEGATION.test(clause) !== NEGATION.test(question.text.split(/[?？]/)[0]);
  return negated ? answers.no.code : answers.yes.code;
}

/** "question 20", "la pregunta 20", "Frage 20", "Q5", "#3": a question named by number, in any lexicon language. */
const NAMED_QUESTION = new RegExp(String.raw`(?:(?<![\p{L}])(?:question|${CUES.questionNoun})\s+(?:n[°ºo]\.?\s*|no\.?\s*|number\s+)?|\bq\.?\s*|#\s*)([A-Za-z]?\d{1,3}[a-z]?)\b`, "iu");

/** The question a clause names by number ("in question 20", "at Q5", "#3", "en la pregunta 4"), if any. */
export function namedQuestion(clause: string, before: IRQuestion[]): IRQuestion | undefined {
  const match = NAMED_QUESTION.exec(clause);
  if (!match) return undefined;
  const wanted = match[1].toUpperCase();
  return [...before].reverse().find((question) => [question.id, ...question.aliases].some((name) => name.toUpperCase().replace(/^Q/, "") === wanted.replace(/^Q/, "")));
}

/** Binds a clause to an answer of one of the candidates (nearest first); null when none binds. */
function bindClause(clause: string, candidates: IRQuestion[], answersOnly = false): { question: IRQuestion; codes: string[] } | null {
  // "said no", "answered yes": the answer of the nearest yes/no question.
  const said = /^(?:(?:they\s+|you\s+)?(?:said|answered|replied|selected|chose|ticked)\s+)?["“']?(yes|no)["”']?$/i.exec(clause.trim());
  if (said) {
    const question = candidates.find((candidate) => yesNoAnswers(candidate));
    if (question) return { question, codes: [said[1].toLowerCase() === "yes" ? yesNoAnswers(question)!.yes.code : yesNoAnswers(question)!.no.code] };
  }
  // "If not listed above", "if other": the recent question's other / not-listed answer.
  if (/^(?:(?:it\s+is\s+|it's\s+|your\s+\w+\s+is\s+)?not\s+(?:listed|mentioned|shown|included|on the list|in the list)|other|something else)\b/i.test(clause.trim())) {
    for (const question of candidates) {
      const other = choicesOf(question).filter((option) => option.other || /\bnot (?:listed|mentioned|in the list)\b|^other\b|^something else\b/i.test(option.label));
      if (other.length === 1) return { question, codes: [other[0].code] };
    }
  }
  for (const question of candidates) {
    const codes = quotedCodes(clause, question);
    if (codes.length) return { question, codes };
    const named = answersNamed(clause, question);
    if (named.length) return { question, codes: named };
    if (answersOnly) continue;
    const restated = restatedAnswer(clause, question);
    if (restated) return { question, codes: [restated] };
  }
  return null;
}

/** "option A", "answer 2": an answer of a named question, by letter, code or label. */
function answerOf(clause: string, question: IRQuestion): string[] {
  const option = /\b(?:option|answer|choice|code)\s+["“']?([A-Za-z0-9]{1,3})\b/i.exec(clause);
  if (option) {
    const wanted = option[1].toUpperCase();
    const choices = choicesOf(question);
    const byCode = choices.find((choice) => choice.code.toUpperCase() === wanted);
    const byLetter = /^[A-Z]$/.test(wanted) ? choices[wanted.charCodeAt(0) - 65] : undefined;
    const found = byCode ?? byLetter;
    if (found) return [found.code];
  }
  return answersNamed(clause, question);
}

/** The screen-out sentence in a question's text or notes: "if <clause>, … not eligible / please exit the survey". */
const SCREEN_OUT = /\b(?:not eligible|ineligible|please (?:exit|leave|close) (?:the|this) (?:survey|questionnaire|study)|(?:exit|leave) the (?:survey|questionnaire)|can ?not (?:take part|participate|continue)|unable to (?:take part|participate|continue)|the survey (?:ends|will end))\b/i;

function screenOutClause(text: string): string | null {
  const found = SCREEN_OUT.exec(text);
  if (!found) return null;
  const before = text.slice(0, found.index);
  const last = [...before.matchAll(/\bif\s/gi)].at(-1);
  if (!last) return null;
  const from = last.index + 3;
  const end = clauseEnd(before, from);
  const clause = before.slice(from, end < 0 ? before.length : end);
  // "if you are under 18 thank you for your interest but …": the clause ends where the message starts.
  const message = clause.search(/\b(?:thank you|then|you will|we are sorry|sorry)\b/i);
  return (message > 0 ? clause.slice(0, message) : clause).trim() || null;
}

/**
 * A group described in words ("those who own a car", "respondents who answered yes at Q4") bound to an answer of
 * one of the questions before it: the condition, or null.
 */
export function bindGroupClause(clause: string, before: IRItem[]): string | null {
  const questions = before.filter((item): item is IRQuestion => item.kind === "question");
  const named = namedQuestion(clause, questions);
  const described = clause.replace(/^(?:those|respondents|people|participants)\s+(?:who|that)\s+/i, "");
  let bound = named ? { question: named, codes: answerOf(clause, named) } : bindClause(described, questions.slice(-REACH * 2).reverse());
  // "those who shopped online at Q1": the question named, its answer given by restating the question — bound as
  // the restated answer of that question only.
  if (named && !bound?.codes.length) bound = bindClause(described.trim().replace(/(?<!\S)(?:at|in|to|for|on)\s+(?:q(?:uestion)?\.?\s*)?[A-Za-z]{0,4}\d{1,3}[a-z]?$/i, "").trim(), [named]);
  return bound && bound.codes.length ? printCondition(compare(bound.question, bound.codes)) : null;
}

/**
 * A filter question quoted in a filter note, with its answers and where one of them goes ('Filter: "Do you have a
 * garden?" Yes/No. If No → skip block.'): the question, its answers and the answer the block is asked after.
 */
export function quotedFilterQuestion(text: string): { question: string; answers: string[]; asked: string } | null {
  const match = /^\[?\s*(?:filter(?: question)?|screener|screening question)\s*[:：]\s*[*_"“']*([^"”?]{5,200}\?)[*_"”']*\s*\(?\s*([^.()]{2,60}?)\s*\)?\s*[.;]/i.exec(text.trim());
  if (!match) return null;
  const answers = match[2].split("/").map((answer) => answer.trim()).filter(Boolean);
  if (answers.length < 2 || answers.some((answer) => answer.length > 30)) return null;
  // "If No → skip block": the block is for the other answer(s); "If Yes, ask …": for that one.
  const rest = text.slice(match.index + match[0].length);
  const skip = /\bif\s+([^,→>:-]{1,30}?)\s*(?:,|→|->|:|-)?\s*(?:skip|go to|end|exit|terminate)\b/i.exec(rest);
  const ask = /\bif\s+([^,→>:-]{1,30}?)\s*(?:,|→|->|:|-)?\s*(?:ask|continue|answer|show)\b/i.exec(rest);
  const named = (label: string | undefined) => answers.find((answer) => normalizeForMatch(answer) === normalizeForMatch(label ?? ""));
  const asked = ask ? named(ask[1]) : skip ? answers.find((answer) => answer !== named(skip[1])) : answers[0];
  return asked ? { question: match[1].trim(), answers, asked } : null;
}

/**
 * Filter questions quoted in notes become questions of their own, placed before the first item they filter; the
 * kept condition on those items becomes a condition on the new question's answer (in place).
 */
function filterQuestionsFromNotes(items: IRItem[]): void {
  const done = new Map<string, { variable: string; code: string }>();
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    for (const condition of item.askIf) {
      if (!condition.unresolved) continue;
      let filter = done.get(condition.text);
      if (!filter) {
        const quoted = quotedFilterQuestion(condition.text);
        if (!quoted) continue;
        const id = `${item.kind === "question" ? item.id : "Q"}_FILTER`.replace(/\s+/g, "_");
        const options: IROption[] = quoted.answers.map((label, k) => ({ code: String(k + 1), label, codePrinted: false, span: condition.span }));
        const question: IRQuestion = {
          kind: "question", key: `qf${index}`, id, printedId: false, variable: id, aliases: [], section: item.section, text: quoted.question, type: "single",
          options, rows: [], columns: [], instructions: [], notes: [condition.text], askIf: [], routes: [], quotas: [], span: condition.span, excerpt: condition.text, origin: "rules",
          warnings: [`A filter question quoted in a note ("${condition.text.slice(0, 80)}") is programmed as a question of its own.`],
        };
        items.splice(index, 0, question);
        index++;
        filter = { variable: id, code: options.find((option) => option.label === quoted.asked)!.code };
        done.set(condition.text, filter);
      }
      delete condition.unresolved;
      condition.condition = printCondition({ type: "compare", ref: { variable: filter.variable }, op: "=", value: filter.code });
    }
  }
}

/** The text without its last word when that word is one of `words`. */
function withoutLastWord(text: string, words: RegExp): string {
  const at = text.lastIndexOf(" ");
  return at > 0 && words.test(text.slice(at + 1)) ? text.slice(0, at).trimEnd() : text;
}

/** The group a filter names once its wrapper is off ("ASK EMPLOYED RESPONDENTS ONLY" → "EMPLOYED"), and whether it is a base. */
function filterGroup(text: string): { clause: string; base: boolean } {
  let end = text.length;
  while (end > 0 && /[\s\]):.]/.test(text[end - 1])) end--;
  let clause = text.slice(0, end).trim().replace(/^[[(]\s*/, "");
  const base = /^(?:ask|show|display)\s+(?!if\b|when\b)|^base\s*[:=]|\bonly$/i.test(clause);
  clause = clause
    .replace(/^(?:ask|show|display)\s+(?:this\s+(?:question\s+)?)?(?:only\s+)?(?:(?:if|when|to|for)\s+)?/i, "")
    .replace(/^(?:base|filter)\s*[:=]\s*/i, "")
    .replace(/^(?:only\s+)?(?:if|when|among)\s+/i, "");
  clause = withoutLastWord(withoutLastWord(clause.trim(), /^only$/i), /^(?:respondents|people|participants)$/i);
  return { clause: clause.trim(), base };
}

/**
 * Filters the resolver could not bind ("ASK PARENTS", "[EMPLOYED ONLY]", "Base: those who own a car", "(Ask if
 * employed)"): bound to the recent question whose answer they name or restate; a base that names a group and
 * binds to nothing ("ASK WOMEN AGED 18-49") is a condition on the declared GROUP variable; other clauses stay kept.
 */
function rescueUnresolved(questions: IRQuestion[], groups: Set<string>): void {
  questions.forEach((question, index) => {
    for (const condition of question.askIf) {
      if (!condition.unresolved || condition.condition) continue;
      const { clause, base } = filterGroup(condition.text);
      // ("if any", "if applicable": no group at all.)
      if (!clause || /[=<>≠]/.test(clause) || !contentWords(clause).length || /^(?:applicable|possible|necessary|relevant|known|available)$/i.test(clause)) continue;
      const bound = bindGroupClause(clause, questions.slice(Math.max(0, index - REACH * 2), index));
      if (bound) {
        condition.condition = bound;
        delete condition.unresolved;
        continue;
      }
      // A group named in a few words, not a statement ("the panel flag is set" stays kept).
      if ((base || clause.split(/\s+/).length <= 2) && clause.split(/\s+/).length <= 5 && !/\b(?:is|are|was|were|has|have|had|set|selected|chosen|answered|said)\b/i.test(clause)) {
        groups.add(clause);
        condition.condition = printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value: clause });
        delete condition.unresolved;
      }
    }
  });
}

export interface ProseResult {
  /** Hidden variables the bound conditions use (a group named in the wording). */
  hidden: { name: string; label: string }[];
}

/** Detects, scopes, binds and keeps the prose conditions of every question (in place). */
export function bindProseConditions(items: IRItem[]): ProseResult {
  filterQuestionsFromNotes(items);
  const questions = items.filter((item): item is IRQuestion => item.kind === "question");
  const groups = new Set<string>();
  rescueUnresolved(questions, groups);
  questions.forEach((question, index) => {
    screenOut(question);
    if (question.askIf.length) return;
    // "Si vous avez répondu oui à la question 1, …" (any lexicon language): the question named, its answer named.
    const answeredLead = answeredLeadIn(question.text);
    const answeredQuestion = answeredLead ? namedQuestion(`question ${answeredLead.question}`, questions.slice(0, index)) : undefined;
    const answeredCodes = answeredLead && answeredQuestion ? answerOf(answeredLead.answer, answeredQuestion) : [];
    if (answeredLead && answeredQuestion && answeredCodes.length) {
      const span = { start: question.span.start, end: question.span.start + answeredLead.text.length };
      question.askIf.push({ text: answeredLead.text, span, condition: printCondition(compare(answeredQuestion, answeredCodes)) });
      return;
    }
    const lead = proseLeadIn(question.text);
    if (!lead) return;
    const before = questions.slice(Math.max(0, index - REACH), index).filter((candidate) => candidate.section === question.section).reverse();
    const span = { start: question.span.start, end: question.span.start + lead.text.length };
    const named = namedQuestion(lead.clause, questions.slice(0, index));
    // "If yes what kind …?" with no comma after the lead-in: the follow-up of the question before (follow-ups.ts), not
    // a clause about one of the questions its words recall.
    if (!named && leadIn(question.text) && !/[,;:，]/.test(question.text.split(/[?？]/)[0])) return;
    const earlier = lead.kind === "who" ? questions.slice(0, index).reverse() : before;
    const bound = named ? { question: named, codes: answerOf(lead.clause, named) } : (bindClause(lead.clause, earlier, lead.kind === "who") ?? (lead.kind === "if" ? bindWishClause(lead.clause, before) : null));
    // The group in brackets before the wording is the condition, not part of the wording.
    if (lead.kind === "who" || lead.label) question.text = question.text.trim().slice(question.text.trim().indexOf(lead.text) + lead.text.length + 1).trim() || question.text;
    if (bound && bound.codes.length) {
      question.askIf.push({ text: lead.text, span, condition: printCondition(compare(bound.question, bound.codes)) });
      return;
    }
    if (lead.kind === "group" || (lead.kind === "if" && !lead.hypothetical && !named && STANDING.test(lead.clause) && /[?？]$/.test(question.text.split("\n")[0].trimEnd()))) {
      const value = lead.clause.replace(/\s+/g, " ").trim();
      groups.add(value);
      question.askIf.push({ text: lead.text, span, condition: printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value }) });
      return;
    }
    // A clause that shares no word with the questions before it frames the question ("If you look at the list
    // below, …") rather than filtering it; one that does but binds to no answer is kept as written.
    if (lead.hypothetical || (lead.kind !== "who" && !before.some((candidate) => coverage(contentWords(lead.clause), contentWords(`${candidate.text} ${choicesOf(candidate).map((option) => option.label).join(" ")}`)) > 0))) return;
    const kept: IRCondition = { text: lead.text, span, unresolved: named ? `no answer of ${named.id} matches "${lead.clause}"` : "the condition names no question or answer near it" };
    question.askIf.push(kept);
  });
  return {
    hidden: groups.size
      ? [{ name: GROUP_VARIABLE, label: `Set outside the questionnaire: which group a respondent belongs to (${[...groups].join(", ")}); some questions are asked only of their group.` }]
      : [],
  };
}

/** A screen-out written on the question ("…, if you are under 18, … you are not eligible"): its answer terminates. */
function screenOut(question: IRQuestion): void {
  if (question.options.some((option) => option.route) || question.routes.some((route) => route.when)) return;
  // A screen-out read as an unconditional "terminate" (its condition was prose) is bound here instead.
  const unconditional = question.routes.filter((route) => route.target.kind === "terminate");
  for (const text of [question.text, ...question.notes, ...question.instructions, ...unconditional.map((route) => route.text)]) {
    const clause = screenOutClause(text);
    if (!clause) continue;
    const codes = answersNamed(clause, question);
    const restated = codes.length ? null : restatedAnswer(clause, question);
    const chosen = codes.length === 1 ? codes[0] : restated;
    const option = question.options.find((candidate) => candidate.code === chosen);
    if (!option) continue;
    option.route = { kind: "terminate" };
    question.routes = question.routes.filter((route) => !unconditional.includes(route));
    question.warnings.push(`Screen-out read from the wording ("${clause}"): answer ${option.code} (${option.label}) ends the survey — please confirm.`);
    return;
  }
}
