import { printCondition } from "../conditions";
import type { IRItem, IROption, IRQuestion } from "../ir";
import { withoutTrailing } from "../text-scan";
import { FOLLOW_UP_LEAD_INS, FRENCH_INVERSION, NO_ANSWER, YES_ANSWER, YES_NO_OPENERS } from "./cue-lexicon";

/**
 * Logic written as prose at the start of a question: "If yes, which ones?", "Si oui, lesquels ?", "If not,
 * why not?", "Wenn ja: …". Detect: the question's wording opens with a conditional lead-in. Scope: this
 * question only. Bind: the question asked just before it, to its "yes" (or "no") answer — and where that
 * question prints no answers but is asked as a yes/no question, Yes/No answers are assumed (and said so). Keep:
 * when nothing binds, the condition is kept as written with the reason, never dropped and never programmed.
 */

type Polarity = "yes" | "no";

/**
 * Lead-ins by language; each maps to the answer it depends on and the words for Yes/No in that language. English
 * is here; the other languages' lead-ins come from the cue lexicon (one table for every detector).
 */
const LEAD_INS: { pattern: RegExp; polarity: Polarity; words: [string, string] }[] = [
  { pattern: /^if\s+(?:yes|so)\b/i, polarity: "yes", words: ["Yes", "No"] },
  { pattern: /^if\s+(?:no|not)\b/i, polarity: "no", words: ["Yes", "No"] },
  ...FOLLOW_UP_LEAD_INS.flatMap((entry) => [
    { pattern: entry.ifYes, polarity: "yes" as const, words: [entry.yes, entry.no] as [string, string] },
    { pattern: entry.ifNo, polarity: "no" as const, words: [entry.yes, entry.no] as [string, string] },
  ]),
];

const YES = YES_ANSWER;
const NO = NO_ANSWER;

/** A question asked for a yes or a no: it opens with an auxiliary verb (or an inverted French/German verb). */
const YES_NO_QUESTION = new RegExp(
  `^(?:do|does|did|are|is|was|were|have|has|had|can|could|will|would|should|may|${YES_NO_OPENERS})`,
  "i",
);
const QUESTION_WORD = /^(?:quel(?:le)?s?|que|qu'|comment|pourquoi|où|ou|combien|quand|qui|what|which|how|why|where|when|who)\b/i;

export function yesNoQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (QUESTION_WORD.test(trimmed)) return false;
  return YES_NO_QUESTION.test(trimmed) || FRENCH_INVERSION.test(trimmed.split(/[?？]/)[0]);
}

export function leadIn(text: string): { polarity: Polarity; words: [string, string] } | null {
  // A pointer printed before the lead-in ("⇒ SE SIM:", "► If yes,") points at it; it is not part of it.
  const trimmed = text.trim().replace(/^[→⇒►▶➔➜]\s*/u, "");
  for (const entry of LEAD_INS) if (entry.pattern.test(trimmed)) return { polarity: entry.polarity, words: entry.words };
  return null;
}

/** Closing brackets and trailing punctuation after a lead-in ("If yes:", "(If no)", "Si oui,"). */
export const LEAD_IN_CLOSERS = " \t\n,:;.…-)]";

/** A lead-in and nothing else ("If yes,", "(If no)", "Si oui :"). */
export function bareLeadIn(text: string): boolean {
  const value = withoutTrailing(text.trim().replace(/^[([]\s*/, ""), LEAD_IN_CLOSERS);
  return value.length > 0 && value.length <= 24 && value.split(/\s+/).length <= 3 && leadIn(value) !== null;
}

function answerFor(options: IROption[], polarity: Polarity): IROption | undefined {
  return options.find((option) => (polarity === "yes" ? YES : NO).test(option.label.trim()));
}

/** A question answered Yes or No: it has a Yes and a No answer. */
export function yesNoAnswers(question: IRQuestion): { yes: IROption; no: IROption } | null {
  const yes = answerFor(question.options, "yes");
  const no = answerFor(question.options, "no");
  return yes && no ? { yes, no } : null;
}

/** A yes/no question printed without its answers ("Have you heard of X before?" and nothing under it). */
export function answerlessYesNo(question: IRQuestion): boolean {
  return question.options.length === 0 && question.rows.length === 0 && (question.type === "open" || question.type === "info") && yesNoQuestion(question.text);
}

/** A sub-question's own letter or Roman numeral kept in its wording ("ii. If yes, …", "(b) If not, …"). */
export const ITEM_LETTER = /^\(?(?:[a-z]|i{2,3}|iv|vi{1,3}|ix|xi{1,2})[.)]\s+(?=\S)/;

/**
 * Binds every "If yes …" question to the question before it (in place). Clauses that restate an earlier question
 * ("If you did notice any problems, …") are bound by the prose pass (prose-conditions.ts), which runs first.
 */
export function bindFollowUps(items: IRItem[]): void {
  let previous: IRQuestion | undefined;
  for (const item of items) {
    if (item.kind !== "question") continue;
    const lead = leadIn(item.text.replace(ITEM_LETTER, ""));
    if (lead && previous && !item.askIf.length) bind(item, previous, lead);
    // Several follow-ups in a row ("If yes, which?", "If yes, how often?") all depend on the same question.
    if (!lead || !previous) previous = item;
  }
}

function bind(item: IRQuestion, previous: IRQuestion, lead: { polarity: Polarity; words: [string, string] }): void {
  const letter = ITEM_LETTER.exec(item.text.trim())?.[0].length ?? 0;
  const text = item.text.trim().slice(letter).split(/[,:;?]/)[0];
  const span = { start: item.span.start + letter, end: item.span.start + letter + text.length };
  // A yes/no question printed without its answers: the follow-up tells us they are Yes and No.
  // The follow-up itself says the question before it is answered yes or no: an answerless question that is asked
  // ("?") and is not a wh-question ("Which …?") is a yes/no question even without an auxiliary verb up front.
  if (answerlessYesNo(previous) || askedWithoutAnswers(previous)) {
    previous.type = "single";
    previous.options = lead.words.map((label, index) => ({ code: String(index + 1), label, codePrinted: false, span: previous.span }));
    delete previous.entry;
    previous.warnings.push(`Answers ${lead.words.join("/")} assumed: ${item.id} is asked "${text}".`);
  }
  const answer = answerFor(previous.options, lead.polarity);
  if (!answer) {
    item.askIf.push({ text, span, unresolved: `the question before it (${previous.id}) has no "${lead.polarity}" answer` });
    return;
  }
  const ref = { variable: previous.variable };
  const condition = previous.type === "multi" ? printCondition({ type: "compare", ref, op: "anyof", value: [answer.code] }) : printCondition({ type: "compare", ref, op: "=", value: answer.code });
  item.askIf.push({ text, span, condition });
}

function askedWithoutAnswers(question: IRQuestion): boolean {
  if (question.options.length || question.rows.length || (question.type !== "open" && question.type !== "info")) return false;
  const text = question.text.trim();
  return /[?？]\s*$/.test(text) && !/[?？]./.test(text) && !QUESTION_WORD.test(text) && !WH_ANYWHERE.test(text);
}

/** Interrogative words that make a question open wherever they stand ("Lors de X, quels éléments … ?"). */
const WH_ANYWHERE = /\b(?:quel(?:le)?s?|lesquel(?:le)?s?|comment|pourquoi|combien|what|which|how|why|where|when|who)\b/i;
