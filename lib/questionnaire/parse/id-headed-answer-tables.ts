import type { BodyPart, RawQuestion, Segmentation } from "./segment";

/**
 * One answer table shared by several questions, headed by their ids (brand funnels: awareness, trial, usage).
 *
 * Convention: a market-research questionnaire prints a run of questions one after the other (wording and a
 * programmer note each) and then ONE table whose column headings are those questions' ids ("Q5A | Q5B | Q6 | Q7")
 * and whose rows are the answers, coded in every column ("Brand X | 01 | 01 | 01 | 01"). Read line by line, each
 * heading is one more question with an id already used and no wording, and the answers land on the last of them.
 * Here a run of at least two such id-only questions, each repeating the id of an earlier question, is that table:
 * the repeats are dropped and the answers they collected become the answers of each question they name that has
 * none of its own.
 */

/** The parts that answer a question: its answers, or the table they are printed in. */
const isAnswer = (part: BodyPart) => part.kind === "option" || part.kind === "table" || part.kind === "grid-row";

const hasWording = (question: RawQuestion) => Boolean(question.id?.rest.trim()) || question.body.some((part) => part.kind === "wording" && part.text.trim());

export function readIdHeadedAnswerTables(segmentation: Segmentation): void {
  const items = segmentation.items;
  const drop = new Set<RawQuestion>();
  for (let index = 0; index < items.length; index++) {
    const earlier = new Map<string, RawQuestion>();
    for (const item of items.slice(0, index)) if (item.kind === "question" && item.id && !drop.has(item)) earlier.set(item.id.id, item);
    const run: RawQuestion[] = [];
    for (let next = index; next < items.length; next++) {
      const item = items[next];
      if (item.kind !== "question" || !item.id || hasWording(item) || !earlier.has(item.id.id) || run.some((other) => other.id!.id === item.id!.id)) break;
      run.push(item);
    }
    if (run.length < 2) continue;
    const answers = run.flatMap((item) => item.body.filter(isAnswer));
    if (!answers.some((part) => part.kind === "table") && answers.length < 2) continue;
    for (const item of run) {
      const named = earlier.get(item.id!.id)!;
      if (!named.body.some(isAnswer)) named.body.push(...answers.map((part) => ({ ...part })));
      drop.add(item);
    }
    index += run.length - 1;
  }
  if (drop.size) segmentation.items = items.filter((item) => item.kind !== "question" || !drop.has(item));
}
