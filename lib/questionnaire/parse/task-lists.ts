/**
 * Markdown task lists as answer lists ("- [ ] Java", "- [ ] Python", …).
 *
 * A task list is a list of checkboxes: a questionnaire written as Markdown task lists, with no circles anywhere and
 * no question that states how many answers to give ("select all that apply", "mark only one"), offers each list as
 * boxes to tick — many answers. The exception is a list whose answers are a yes/no reply ("Nope" / "Yes, because
 * ___", "No input file" / "One input file"): a "yes" or "no" answer excludes the others, so that list is one answer.
 * Where the author states the mode on any box question, that statement decides and task lists alone mean nothing.
 */
import { NO_ANSWER, YES_ANSWER } from "./cue-lexicon";
import { CHECKBOX_MARKER, HINT, RADIO_MARKER } from "./patterns";
import type { RawQuestion, RawInfo } from "./segment";

/** Box questions a document needs before its task lists are read as its answer convention. */
const MIN_TASK_LIST_QUESTIONS = 2;

/** True when the document's answer lists are task lists that nothing else qualifies: there, boxes mean many answers. */
export function taskListsMeanMany(items: readonly (RawQuestion | RawInfo)[]): boolean {
  let taskListQuestions = 0;
  for (const raw of items) {
    if (raw.kind !== "question") continue;
    const options = raw.body.flatMap((part) => (part.kind === "option" ? [part.option] : []));
    if (options.some((option) => option.marker !== undefined && RADIO_MARKER.test(option.marker))) return false;
    const boxes = options.filter((option) => option.marker !== undefined && CHECKBOX_MARKER.test(option.marker));
    if (boxes.length === 0) continue;
    if (boxes.some((option) => !option.taskList)) return false;
    const stated = raw.body.some((part) => (part.kind === "wording" || part.kind === "instruction" || part.kind === "note") && (HINT.multi.test(part.text) || HINT.single.test(part.text)));
    if (stated) return false;
    taskListQuestions++;
  }
  return taskListQuestions >= MIN_TASK_LIST_QUESTIONS;
}

/** A list with a "yes" or a "no" answer ("Yes, these: ___", "No input file"): one answer excludes the others. */
export function hasYesNoAnswer(labels: readonly string[]): boolean {
  return labels.some((label) => YES_ANSWER.test(label.trim()) || NO_ANSWER.test(label.trim()));
}

interface GroupableAnswer {
  marker?: string;
  listPlace?: { level: number; listId?: string };
  header?: boolean;
}

/**
 * "* text" over "  * [ ] PAGE", "  * [ ] ALTO": in a list of boxes, a plain list item (no box of its own) followed by
 * boxes one list level deeper is the label of that group of answers, not an answer (it cannot be ticked).
 */
export function markBoxGroupLabels(answers: GroupableAnswer[]): void {
  const boxed = (answer: GroupableAnswer | undefined) => answer?.marker !== undefined && CHECKBOX_MARKER.test(answer.marker);
  if (answers.filter(boxed).length < 2) return;
  answers.forEach((answer, index) => {
    const next = answers[index + 1];
    if (boxed(answer) || (answer.marker !== undefined && RADIO_MARKER.test(answer.marker)) || !boxed(next)) return;
    if (answer.listPlace && next.listPlace && next.listPlace.level > answer.listPlace.level) answer.header = true;
  });
}
