import type { IRItem, IROption, IRQuestion } from "../ir";

/**
 * Agreement questions whose statements are printed in the answer list, above the scale.
 *
 * Convention: "How much do you agree or disagree with the following statement?" followed by the statement on a line
 * of its own and then the scale, one label per line ("Strongly agree" … "Strongly disagree"); with several
 * statements ("… the following statements?") they are all listed before the scale. Read line by line, the
 * statements look like more answers.
 *
 * Here, when the wording speaks of a statement or statements and the answer list is a run of sentences (five words
 * or more) followed by at least three short labels (four words or fewer): one sentence joins the wording, several
 * become the rows of a grid whose columns are the labels.
 */

const STATEMENT_WORD = /\bstatements?\b/i;
const words = (label: string) => label.trim().split(/\s+/).filter(Boolean).length;
const isSentence = (option: IROption) => words(option.label) >= 5;
const isScaleLabel = (option: IROption) => words(option.label) <= 4 && option.label.trim().length <= 40 && !/[.?!]$/.test(option.label.trim());

export function readStatementLists(items: IRItem[]): void {
  for (const item of items) {
    if (item.kind !== "question" || (item.type !== "single" && item.type !== "multi") || !STATEMENT_WORD.test(item.text)) continue;
    const sentences = leadingSentences(item);
    if (!sentences) continue;
    const scale = item.options.slice(sentences);
    if (sentences === 1) {
      item.text = `${item.text.trim()}\n${item.options[0].label.trim()}`;
      item.options = scale;
      item.type = "single";
    } else {
      item.rows = item.options.slice(0, sentences).map((option, index) => ({ ...option, code: String(index + 1) }));
      item.columns = scale.map((option, index) => ({ ...option, code: option.codePrinted ? option.code : String(index + 1) }));
      item.options = [];
      item.type = "grid";
    }
  }
}

/** How many sentences open the list, when a scale of at least three short labels follows them; else 0. */
function leadingSentences(item: IRQuestion): number {
  let count = 0;
  while (count < item.options.length && isSentence(item.options[count])) count++;
  const rest = item.options.slice(count);
  return count >= 1 && rest.length >= 3 && rest.every(isScaleLabel) ? count : 0;
}
