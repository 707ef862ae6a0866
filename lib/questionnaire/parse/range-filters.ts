import type { IRItem } from "../ir";

/**
 * Range filters in prose: a sentence that limits a run of numbered questions to a group — "Questions 16 through
 * 23 are only answered when the owner has filled in the form for their last dog.", "Questions 5-8 are asked only
 * if you have children.", "Only answer questions 10 to 12 if you drive." It can sit anywhere before the range
 * (an introduction, a note merged into the text of the question above), so the range is found by the printed
 * numbers of the questions after it, the first of each number (numbering may start again in a later part).
 */

export interface RangeFilter {
  from: number;
  to: number;
  clause: string;
}

const RANGE = String.raw`questions?\s+(?:q\.?\s*)?(\d{1,3})\s*(?:-|–|—|to|through|thru|until)\s*(?:q\.?\s*)?(\d{1,3})`;
/** "Questions 16 through 23 are only answered when …", "Questions 5-8 are asked only if …". */
const PASSIVE = new RegExp(String.raw`\b${RANGE}\s+(?:are|is|will be|should be)\s+(?:only\s+)?(?:answered|asked|shown|completed|filled in)\s+(?:only\s+)?(?:when|if|by|of|to|for)\s+([^.;]{3,200})`, "gi");
/** "Only answer questions 10 to 12 if …", "Answer questions 10-12 only if …". */
const IMPERATIVE = new RegExp(String.raw`\b(?:only\s+)?(?:answer|complete|fill in)\s+${RANGE}\s+(?:only\s+)?(?:if|when)\s+([^.;]{3,200})`, "gi");

/** The range filter a text states, or null. A range that does not say "only" is a description, not a filter. */
export function rangeFilterOf(text: string): RangeFilter | null {
  const value = text.replace(/\s+/g, " ");
  // Each statement in turn: "Questions 1 through 15 are asked for each dog. Questions 16 through 23 are only …".
  for (const match of [...value.matchAll(PASSIVE), ...value.matchAll(IMPERATIVE)]) {
    const from = Number(match[1]);
    const to = Number(match[2]);
    if (!/\bonly\b/i.test(match[0]) || !(from < to) || to - from > 60) continue;
    return { from, to, clause: match[3].trim().replace(/^you\s+/i, "those who ") };
  }
  return null;
}

/** The printed number of a question ("16", "Q16", "D16" → 16), or null. */
function numberOf(id: string): number | null {
  const match = /^[A-Za-z]{0,4}[.\s-]?(\d{1,3})[.)]?$/.exec(id.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Conditions the questions of each stated range (in place): bound to an answer when `bind` finds the question
 * the group is described by, otherwise a "<group> only" condition from `condition`. Returns the groups left on
 * the hidden variable.
 */
export function applyRangeFilters(items: IRItem[], bind: (clause: string, before: IRItem[]) => string | null, condition: (group: string) => string): string[] {
  const groups: string[] = [];
  items.forEach((item, index) => {
    const filter = [item.text, ...item.notes].map(rangeFilterOf).find(Boolean);
    if (!filter) return;
    const bound = bind(filter.clause, items.slice(0, index + 1));
    const seen = new Set<number>();
    for (const later of items.slice(index + 1)) {
      if (later.kind !== "question" || !later.id) continue;
      const number = numberOf(later.id);
      if (number === null || number < filter.from || number > filter.to || seen.has(number)) continue;
      seen.add(number);
      later.askIf.push({ text: `Questions ${filter.from}–${filter.to}: ${filter.clause}`, span: later.span, condition: bound ?? condition(filter.clause) });
    }
    if (seen.size && !bound) groups.push(filter.clause);
  });
  return groups;
}
