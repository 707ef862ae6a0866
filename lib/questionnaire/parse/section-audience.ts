import { printCondition } from "../conditions";
import type { IRItem, IRQuestion } from "../ir";
import { AUDIENCE_CUES, CLAUSE_SUBJECT, NEGATION_WORDS, SENTENCE_CUES } from "./cue-lexicon";
import { yesNoAnswers } from "./follow-ups";
import { normalizeForMatch } from "./patterns";
import { bindGroupClause } from "./prose-conditions";

/**
 * Headings that name the respondents their section is for, without the word "only" (sectionGroupOf in
 * group-bases.ts reads "… for smokers only"): "Questions for People Who Don't Drink Coffee", "For those who work",
 * "Pour les personnes qui ne fument pas", "Para quienes no trabajan", "If you do not drink coffee", "Wenn Sie nicht
 * rauchen". The description is the group clause, bound to an earlier question's answer like any block filter
 * ("those who don't drink coffee" → Q1 "Do you drink coffee?" = No); a group that binds to nothing stays a condition
 * on the declared group variable, never "ask all".
 */

/** Lead words from the lexicon rows (AUDIENCE_LEAD), then the group's description. */
const AUDIENCE_HEADING = new RegExp(String.raw`^(?:${AUDIENCE_CUES.lead})\s+([^.:?!]{3,120})[.:]?$`, "i");
/** "If you …" / "Si vous …" / "Wenn Sie …" as a whole heading: the clause is the group. */
const IF_HEADING = new RegExp(String.raw`^(?:${SENTENCE_CUES.ifWord})\s+((?:${SENTENCE_CUES.clauseSubject})\s[^.:?!,]{3,120})[.:]?$`, "i");

/** The group clause a section heading addresses, or null. English clauses read as "those who …". */
export function sectionAudienceOf(title: string): string | null {
  const value = title
    .replace(/[*_#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  if (!value || value.split(" ").length > 14) return null;
  const lead = AUDIENCE_HEADING.exec(value);
  if (lead) return /^\s*(?:questions?\s+|section\s+|part\s+)?(?:only\s+)?for\s/i.test(value) ? `those who ${lead[1].trim()}` : lead[1].trim();
  const clause = IF_HEADING.exec(value);
  if (clause) return clause[1].trim().replace(/^you\s+/i, "those who ");
  return null;
}

const NEGATIONS = new Set(Object.values(NEGATION_WORDS).flat());
const SUBJECTS = new Set(Object.values(CLAUSE_SUBJECT).flat().map((word) => normalizeForMatch(word)));
const GROUP_WORDS = new Set(["those", "who", "that", "people", "respondents", "participants", "do", "does", "did", "are", "is", "have", "has"]);

/** Words of a clause or a wording, accents removed, cut to their first four letters (a stem across inflections). */
function stems(text: string): { stems: string[]; negated: boolean } {
  const words = normalizeForMatch(text).replace(/n't\b/g, " not").replace(/'/g, " ").split(" ").filter(Boolean);
  const negated = words.some((word) => NEGATIONS.has(word));
  const kept = words.filter((word) => word.length >= 4 && !NEGATIONS.has(word) && !SUBJECTS.has(word) && !GROUP_WORDS.has(word));
  return { stems: [...new Set(kept.map((word) => word.slice(0, 4)))], negated };
}

/**
 * A group a heading addresses, bound to an answer: first the yes/no question before it that the group restates
 * ("people who don't drink coffee" ← "Do you drink coffee?" Yes/No: No), any distance back — the filter question of
 * a section written for one group is often the first of the questionnaire — comparing stems, so that "no tienen
 * coche" restates "¿Tiene coche?"; otherwise the nearest binding of bindGroupClause (answer labels, named questions).
 */
export function bindAudienceClause(clause: string, before: IRItem[]): string | null {
  const group = stems(clause);
  if (group.stems.length) {
    let best: { question: IRQuestion; score: number } | null = null;
    const questions = before.filter((item): item is IRQuestion => item.kind === "question").reverse();
    for (const question of questions) {
      if (!yesNoAnswers(question)) continue;
      const asked = stems(question.text.split(/[?？]/)[0]);
      const covered = group.stems.filter((stem) => asked.stems.includes(stem)).length;
      if (covered / group.stems.length < 0.6) continue;
      const score = covered / Math.max(asked.stems.length, 1);
      if (!best || score > best.score) best = { question, score };
    }
    if (best) {
      const answers = yesNoAnswers(best.question)!;
      const negated = group.negated !== stems(best.question.text.split(/[?？]/)[0]).negated;
      return printCondition({ type: "compare", ref: { variable: best.question.variable }, op: "=", value: negated ? answers.no.code : answers.yes.code });
    }
  }
  return bindGroupClause(clause.replace(/[’‘`´]/g, "'"), before);
}
