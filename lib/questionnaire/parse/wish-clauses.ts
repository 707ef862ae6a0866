import type { IRQuestion } from "../ir";
import { yesNoAnswers } from "./follow-ups";

/**
 * A follow-up that opens with the respondent's wish or opinion, restating the yes/no question before it in other
 * words: "Do you want reminders by e-mail? Yes / No / Maybe" then "If you would like to get reminders, how often?";
 * "Should the club have a newsletter?" then "If you think a newsletter is useful, what should it cover?". Its
 * words rarely repeat the question's (a paraphrase, a synonym), so the clause binds to the nearest yes/no question
 * before it that shares a topic word with it, answered with anything but No (Yes, and a hedge — "Maybe", "Not
 * sure" — where printed); after a list of answers, to the one answer that names most of the wish's topic ("If you
 * want a badge, …" after "☐ A badge for finishing"). "If you would like …" is a wish, not a hypothetical ("If you
 * had to choose, …").
 */

/** The clause states a wish or an opinion of the respondent (and is not negated). */
const WISH = /^(?:you\s+)?(?:would\s+(?:like|prefer|want|rather)|'d\s+(?:like|prefer)|want|wish|accept|agree|prefer|like|think|feel|believe|find|consider|plan|intend|decide|choose|opt)\b/i;
const NEGATED = /\b(?:not|no|never|don't|do not|doesn't|didn't)\b|n't\b/i;
/** Words of a wish clause that say nothing about its topic. */
const FRAME = new Set(
  ("you your would like prefer want wish accept agree think feel believe find consider plan intend decide choose opt rather to be " +
    "the a an and or of in on for with by it is are this that these those have has get got some any more also very so such as " +
    "suitable useful helpful good necessary needed need important appropriate").split(" "),
);

/** "If you would like …", a polite wish: not a hypothetical. */
export function wishClause(clause: string): boolean {
  return WISH.test(clause.trim()) && !NEGATED.test(clause);
}

function topicWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && !FRAME.has(word))
    // Crude stem: "hints"/"hint", "graded"/"grade", "provided"/"provide".
    .map((word) => word.replace(/(?:ing|ed|es|s|e)$/, ""));
  return new Set(words);
}

/** A hedge answer: neither yes nor no. */
const HEDGE = /^(?:maybe|perhaps|possibly|not sure|unsure|don't know yet|partly|sometimes)\b/i;

/** The condition's question and codes for a wish clause, from the questions just before it (nearest first). */
export function bindWishClause(clause: string, candidates: IRQuestion[]): { question: IRQuestion; codes: string[] } | null {
  if (!wishClause(clause)) return null;
  const topic = topicWords(clause);
  if (!topic.size) return null;
  for (const question of candidates) {
    const answers = yesNoAnswers(question);
    if (answers && question.type !== "multi") {
      if (![...topicWords(question.text)].some((word) => topic.has(word))) continue;
      const hedges = question.options.filter((option) => HEDGE.test(option.label.trim())).map((option) => option.code);
      return { question, codes: [answers.yes.code, ...hedges] };
    }
    // "If you want a badge, …" after a list that offers "A badge for finishing": the one answer that names most of
    // the wish's topic.
    const scored = question.options.map((option) => {
      const words = topicWords(option.label);
      return { option, share: [...topic].filter((word) => words.has(word)).length / topic.size };
    });
    const best = Math.max(0, ...scored.map((entry) => entry.share));
    const top = scored.filter((entry) => entry.share === best);
    if (best >= 0.5 && top.length === 1) return { question, codes: [top[0].option.code] };
  }
  return null;
}
