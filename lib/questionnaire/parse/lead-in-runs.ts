import type { IRItem, IRQuestion } from "../ir";
import { withoutTrailing } from "../text-scan";
import { bareLeadIn, ITEM_LETTER, LEAD_IN_CLOSERS } from "./follow-ups";

/**
 * A bare follow-up lead-in on a line of its own ("If yes:", "If yes,", "Si oui :", "Wenn ja:") above several
 * answer fields — a data-collection form's "If yes, / 25a What is the adverse effect? / 25b Which medication …? /
 * 25c How many times …?" — governs the whole run, not only the first: each answerless question (no answer list:
 * a text, number or date field) that follows the first in the same section, until a question with answers of its
 * own, a condition of its own or another section, carries the same condition. Only when the first question under
 * the lead-in is itself answerless (a run of fields is what the lead-in introduces).
 */

const answerless = (question: IRQuestion) => question.options.length === 0 && question.rows.length === 0 && question.type !== "info";

export function extendLeadInRuns(items: IRItem[]): void {
  for (let index = 0; index < items.length; index++) {
    const first = items[index];
    if (first.kind !== "question" || !answerless(first)) continue;
    // The lead-in on a line of its own, not the opening of this question's wording ("If yes, which ones?").
    const wording = first.text.trim().replace(ITEM_LETTER, "").toLowerCase();
    const lead = first.askIf.find((condition) => condition.condition && bareLeadIn(condition.text) && !wording.startsWith(withoutTrailing(condition.text.trim().toLowerCase(), LEAD_IN_CLOSERS)));
    if (!lead) continue;
    for (let next = index + 1; next < items.length; next++) {
      const item = items[next];
      if (item.kind !== "question" || item.section !== first.section || !answerless(item) || item.askIf.length) break;
      item.askIf.push({ ...lead });
      index = next;
    }
  }
}
