import { languageOf } from "./bilingual-answers";
import type { RawQuestion, Segmentation } from "./segment";

/**
 * Translations printed under the question's own id (bilingual codebooks and exports of a survey fielded in two
 * languages).
 *
 * Convention: a bilingual codebook prints every item twice under the same variable name — the wording and its
 * answers in one language, then the same item again in the other ("travel_mode How did you …?" … then "travel_mode
 * Comment êtes-vous …?"). Read line by line, the repeat is one more question with the same id. Here a question whose
 * printed id is the id of the question right before it, and whose wording is in another language than that
 * question's, is its translation and is dropped; the first printing (and the logic printed before it) is the question.
 */

function wordingOf(question: RawQuestion): string {
  return [question.id?.rest ?? "", ...question.body.map((part) => (part.kind === "wording" ? part.text : ""))].join(" ").trim();
}

export function dropTranslatedRepeats(segmentation: Segmentation): void {
  let previous: RawQuestion | null = null;
  segmentation.items = segmentation.items.filter((item) => {
    if (item.kind !== "question") return true;
    const before = previous;
    previous = item;
    if (!before || !item.id || !before.id || item.id.id !== before.id.id) return true;
    const [first, second] = [languageOf(wordingOf(before)), languageOf(wordingOf(item))];
    if (!first || !second || first === second) return true;
    previous = before;
    return false;
  });
}
