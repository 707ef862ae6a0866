import { type ConditionAst, printCondition } from "../conditions";
import type { IRItem, IRQuestion } from "../ir";
import { CLAUSE_SUBJECT, NEGATION_WORDS, SELF_FILTER_CUES } from "./cue-lexicon";
import { GROUP_VARIABLE } from "./group-bases";
import { normalizeForMatch } from "./patterns";
import { namedQuestion } from "./prose-conditions";
import { bindAudienceClause } from "./section-audience";

/**
 * Self-scoped filters (issue 15, logic pipeline: detect → scope → bind): a note on a question that says who answers
 * it — "(Fill in this question if you are Wa, if not go to question 23)", "(If you are Han Chinese, fill in this
 * question, if not, go to question 22.)", "(Fill in if you have children, no need to fill in if you do not.)",
 * "(Répondez à cette question uniquement si vous travaillez)", "(Responda esta pregunta sólo si tiene hijos)".
 * Scope: the question it is printed on (its "if not, go to …" is the same filter said as a skip, so that route is
 * dropped). Bind, in order: an answer LABEL of an earlier question (a symbol-table lookup over every question before,
 * nearest first: "you are Wa" → Q2 "What is your ethnicity?" answer "The Wa Minority"; "Han Chinese or other ethnic
 * minorities" → its answers 2 and 3), then a yes/no question the group restates (section-audience.ts), then the
 * declared group variable (a characteristic no question asks, never "ask all").
 */

const LEAD = new RegExp(String.raw`(?:^|[([]\s*|[.;]\s+)(?:${SELF_FILTER_CUES.lead})\s+([^,;()[\]]{2,120})`, "i");
/** The English order "If you are X, fill in this question": the clause first. */
const CLAUSE_FIRST = /(?:^|[([]\s*)if\s+([^,;()[\]]{2,120}?)\s*,\s*(?:please\s+)?(?:fill\s+in|fill\s+out|answer|complete)\s+(?:this\s+(?:question|item)|it)\b/i;

/** A clause that points at conditions printed after it ("the following conditions are met"). */
const FORWARD = /^(?:the\s+)?(?:following|below)\b/i;

/** The rest of a self-filter note: "if not, go to …", "otherwise skip to …" (the same filter said as a skip). */
const OTHERWISE = /^[([]?\s*(?:if\s+not|otherwise|else|sinon|si\s+no|si\s+non|wenn\s+nicht|falls\s+nicht|se\s+n[ãa]o|caso\s+contr[áa]rio)\b/i;

const NEGATIONS = new Set(Object.values(NEGATION_WORDS).flat());
const SUBJECTS = new Set(Object.values(CLAUSE_SUBJECT).flat().map((word) => normalizeForMatch(word)));
/** Verbs of being and having after the subject ("you are", "vous êtes", "usted tiene"): not part of the group. */
const COPULA = new Set(["are", "were", "am", "is", "be", "etes", "es", "eres", "esta", "estas", "sind", "bist", "e", "esta", "sei", "siete"]);
const STOP = new Set(["the", "a", "an", "of", "la", "le", "les", "el", "los", "las", "de", "du", "des", "der", "die", "das", "um", "uma", "o", "os", "as"]);

/** The self-filter clause of a note or route text, or null. */
export function selfFilterClause(text: string): string | null {
  const value = text.slice(0, 400);
  const found = LEAD.exec(value) ?? CLAUSE_FIRST.exec(value);
  // "… only if the following conditions are fulfilled:": a lead to conditions printed after it, not a group.
  if (!found || FORWARD.test(found[1])) return null;
  return found[1].replace(/\s+/g, " ").trim();
}

/** Content words of a clause or label, accents removed, cut to four letters (short words kept whole). */
function stems(text: string): string[] {
  return normalizeForMatch(text)
    .split(" ")
    .filter((word) => word && !STOP.has(word) && !SUBJECTS.has(word) && !COPULA.has(word) && !NEGATIONS.has(word))
    .map((word) => word.slice(0, 4));
}

/** The answer a group names by its label: every alternative is the one answer of one earlier question holding its words. */
export function bindAnswerLabel(clause: string, before: IRQuestion[]): { question: IRQuestion; codes: string[] } | null {
  if (normalizeForMatch(clause).split(" ").some((word) => NEGATIONS.has(word))) return null;
  const alternatives = clause
    .replace(/\s+/g, " ")
    .split(/ (?:or|ou|o|oder|of|and\/or) |\//i)
    .map(stems)
    .filter((words) => words.length);
  if (!alternatives.length || alternatives.some((words) => words.length > 6)) return null;
  for (const question of [...before].reverse()) {
    if (question.type === "grid" || question.options.length < 2) continue;
    const labels = question.options.map((option) => ({ code: option.code, stems: new Set(stems(option.label)) }));
    const codes: string[] = [];
    for (const words of alternatives) {
      const holding = labels.filter((label) => words.every((word) => label.stems.has(word)));
      if (holding.length !== 1) break;
      codes.push(holding[0].code);
    }
    if (codes.length === alternatives.length) return { question, codes: [...new Set(codes)] };
  }
  return null;
}

function compare(question: IRQuestion, codes: string[]): ConditionAst {
  const ref = { variable: question.variable };
  return codes.length === 1 && question.type !== "multi" ? { type: "compare", ref, op: "=", value: codes[0] } : { type: "compare", ref, op: "anyof", value: codes };
}

/**
 * Reads self-scoped filters on every question (in place): its notes, its routes and the bracketed remarks of its
 * wording. Returns the group values put on the group variable (to declare it), if any.
 */
export function applySelfFilters(items: IRItem[]): string[] {
  const groups: string[] = [];
  const questions = items.filter((item): item is IRQuestion => item.kind === "question");
  questions.forEach((question, index) => {
    if (question.askIf.some((condition) => condition.condition)) return;
    const fromRoute = question.routes.findIndex((route) => selfFilterClause(route.text));
    const remark = [...question.text.matchAll(/\(([^()]{4,300})\)/g)].map((match) => match[1]).find((text) => selfFilterClause(text));
    // (An instruction line under the wording says it too: "Answer this question only if at question 5 …".)
    const note = [...question.notes, ...question.instructions].find((text) => selfFilterClause(text));
    // A remark the reader cut in two ("… (If you are Han Chinese, fill in this question," / "if not, go to 22.)").
    const open = /\(([^()]{4,300})$/.exec(question.text.trim())?.[1];
    const written = fromRoute >= 0 ? question.routes[fromRoute].text : (remark ?? note ?? (open && selfFilterClause(open) ? open : undefined));
    if (!written) return;
    const clause = selfFilterClause(written)!.replace(/^you\s+(?:are\s+|were\s+)?/i, "");
    const before = questions.slice(0, index);
    const label = bindAnswerLabel(clause, before);
    // A clause that names an earlier question but none of its answers ("only if at question 5 you gave any
    // experience"): asked of those who answered that question — bound, with a warning to confirm.
    const named = label ? undefined : namedQuestion(clause, before);
    const audience = label ? null : bindAudienceClause(`those who ${clause}`, before);
    const condition = label ? printCondition(compare(label.question, label.codes)) : (audience ?? (named ? printCondition({ type: "empty", ref: { variable: named.variable }, negated: true }) : null));
    if (!label && !audience && named) question.warnings.push(`The filter "${written.trim()}" names ${named.id} but none of its answers: read as "${named.id} answered" — please confirm.`);
    const span = fromRoute >= 0 ? question.routes[fromRoute].span : question.span;
    // The "if not, go to …" of the same note is this filter said as a skip: the display condition replaces it.
    if (fromRoute >= 0) question.routes.splice(fromRoute, 1);
    question.routes = question.routes.filter((route) => !OTHERWISE.test(route.text));
    if (condition) {
      question.askIf.push({ text: written, span, condition });
      return;
    }
    groups.push(clause);
    question.askIf.push({ text: written, span, condition: printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value: clause }) });
  });
  return groups;
}
