import type { BodyPart, RawQuestion, Segmentation } from "./segment";

/**
 * A web form printed with its answers set flush against the right margin (PDF): the wording starts at the left
 * margin, and every answer is a line of its own that ends at the right margin, with no marker, code or box (the
 * radio buttons were drawn, or not printed at all). A field to type in prints only its label there ("Your
 * e-mail is:", "Please describe it here:"). Convention, where at least three questions of the document are printed
 * so:
 * - the right-aligned lines under a question's wording are its answers, however many, whether the wording asks
 *   with a question mark or states ("I own a car." over "Yes" / "No");
 * - a question with one right-aligned line that ends with a colon is a field with that label: answered in words
 *   (a range printed after the colon, "(1-99)", is a number field, read as before).
 */

/** A line ends at the right margin and starts right of the middle of the page. */
function rightAligned(part: BodyPart): boolean {
  if (!("line" in part)) return false;
  const first = part.line.first;
  return first.page !== undefined && (first.right ?? 0) >= 0.93 && (first.indent ?? 0) >= 0.45 && part.line.lines.length === 1 && !part.line.segments;
}

/** A line that starts at the left margin. */
function leftAligned(part: BodyPart): boolean {
  return "line" in part && (part.line.first.indent ?? 1) <= 0.05;
}

/** A line set between the margins (a centred heading): not an answer. */
function centred(part: BodyPart): boolean {
  return "line" in part && !leftAligned(part) && !rightAligned(part) && (part.line.first.right ?? 1) <= 0.9;
}

type OptionPart = Extract<BodyPart, { kind: "option" }>;

/**
 * A numbered line back at the left margin after the answers ("15. What else …:" read as one more answer of 15,
 * its number repeated) with right-aligned lines under it: the next question. Cut there, the rest inserted after.
 */
function splitAtLeftMargin(segmentation: Segmentation, index: number): void {
  const question = segmentation.items[index] as RawQuestion;
  const start = question.body.findIndex(rightAligned);
  if (start < 0 || !question.id) return;
  const cut = question.body.findIndex(
    (part, at) =>
      at > start && part.kind === "option" && leftAligned(part) && rightAligned(question.body[at - 1]) &&
      ((at + 1 < question.body.length && rightAligned(question.body[at + 1])) || /[?？:：]\s*$/.test(part.line.text)),
  );
  if (cut < 0) return;
  const head = question.body[cut] as OptionPart;
  const code = head.option.code;
  if (!code || !/^\d{1,3}$/.test(code)) return;
  const rest = question.body.slice(cut + 1);
  question.body = question.body.slice(0, cut);
  const wording = head.option.label.trim();
  segmentation.items.splice(index + 1, 0, {
    ...question,
    id: { ...question.id, id: code, rest: wording, number: Number(code), alias: undefined },
    label: undefined,
    aliases: [],
    body: [{ kind: "wording", line: head.line, text: wording }, ...rest],
    logic: [],
    notes: [],
    pageBreakBefore: false,
    start: head.line.start,
  });
}

/**
 * Where the question's right-aligned answer run starts and ends, when its body is wording at the left, then that
 * run, then at most centred lines (a heading the run swallowed); null otherwise.
 */
function answerRun(question: RawQuestion): { start: number; end: number } | null {
  const start = question.body.findIndex(rightAligned);
  if (start < 0 || (start === 0 && !question.id)) return null;
  if (!question.body.slice(0, start).every((part) => part.kind === "wording" && leftAligned(part))) return null;
  let end = start;
  while (end < question.body.length && rightAligned(question.body[end])) end++;
  if (!question.body.slice(end).every(centred)) return null;
  return { start, end };
}

function label(part: BodyPart): string {
  return part.kind === "option" ? part.option.label : "text" in part ? part.text : "line" in part ? part.line.text : "";
}

/** An entry field's label: a colon at the end, no range after it. */
const FIELD_LABEL = /[:：]\s*$/;

export function readRightAlignedAnswers(segmentation: Segmentation): void {
  const questions = segmentation.items.filter((item): item is RawQuestion => item.kind === "question");
  const printedSo = (question: RawQuestion) => {
    const start = question.body.findIndex(rightAligned);
    return start > 0 && question.body.slice(0, start).every((part) => part.kind === "wording" && leftAligned(part));
  };
  if (questions.filter(printedSo).length < 3) return;
  for (let index = segmentation.items.length - 1; index >= 0; index--) if (segmentation.items[index].kind === "question") splitAtLeftMargin(segmentation, index);
  for (const question of segmentation.items) {
    if (question.kind !== "question") continue;
    const run = answerRun(question);
    if (!run) continue;
    const answers = question.body.slice(run.start, run.end);
    const head = question.body.slice(0, run.start);
    // A centred heading the answers swallowed is a note of its own, not an answer.
    const tail = question.body.slice(run.end).map((part): BodyPart => ({ kind: "note", line: (part as OptionPart).line, text: (part as OptionPart).line.text.trim() }));
    if (answers.length === 1) {
      const only = answers[0];
      if (!("line" in only) || !FIELD_LABEL.test(only.line.text)) continue;
      question.body = [...head, { kind: "instruction", line: only.line, text: only.line.text.trim() }, { kind: "entry", line: only.line }, ...tail];
      continue;
    }
    if (answers.some((part) => !/\p{L}/u.test(label(part)) || FIELD_LABEL.test(label(part)))) continue;
    question.body = [
      ...head,
      ...answers.map((part): BodyPart => {
        if (part.kind === "option") return part;
        const line = (part as Extract<BodyPart, { line: unknown }>).line;
        const text = line.text.trim();
        return { kind: "option", line, option: { label: text }, text, numbered: false };
      }),
      ...tail,
    ];
  }
}
