/**
 * Answers printed as plain lines under the asking sentence, with no marker, code or indent: a web tool's export
 * or a form whose radio buttons were drawn (lost on extraction).
 *
 *   What party do you identify yourself with?
 *   Republican
 *   Democrat
 *   None
 *
 * Convention: when a question has no answers of its own and its wording ends a sentence with a question mark,
 * the short lines right after that sentence (two or more; each a label, not a sentence, not a question, not a
 * lead-in ending with a colon) are its answers. The segmenter keeps such lines as wording when the document
 * marks its other answers; this reads them once the whole question is known.
 */
import type { BodyPart, Segmentation } from "./segment";

type Wording = Extract<BodyPart, { kind: "wording" }>;

/** "This question is shown only if …", "Ask if …", "Show only to …": a display condition after the answers. */
const DISPLAY_LEAD = /^(?:this question is (?:shown|asked|displayed)|(?:shown|asked|displayed) only|(?:only )?(?:ask|show|display)(?: this)?(?: question)? (?:if|only|to|when)\b)/i;

/** A label: short, no sentence end, no question, no lead-in, no blank to write on. */
export function answerLabel(text: string): boolean {
  // A note in brackets beside the label ("Female (Redirect if quota met …)") is not part of it.
  const value = text.replace(/\([^()]*\)|\[[^[\]]*\]/g, " ").trim();
  if (!value || value.length > 60 || value.split(/\s+/).length > 8) return false;
  if (/[?？:：]$|[.!。](?:["”’)]?)$/.test(value) || /[?？]/.test(value)) return false;
  if (/_{3,}|…{2,}|\.{4,}/.test(value)) return false;
  return /\p{L}|\d/u.test(value);
}

export function readUnmarkedAnswerLines(segmentation: Segmentation): void {
  for (const item of segmentation.items) {
    if (item.kind !== "question") continue;
    const body = item.body;
    if (body.some((part) => part.kind !== "wording" && part.kind !== "instruction" && part.kind !== "note")) continue;
    // The last sentence that asks: the answers follow it.
    const asking = body.map((part) => part.kind === "wording" && /[?？]\s*\**\s*$/.test(part.text.trim())).lastIndexOf(true);
    if (asking < 0) continue;
    const askingLine = (body[asking] as Wording).line;
    const run: Wording[] = [];
    for (const part of body.slice(asking + 1)) {
      if (part.kind !== "wording" || !answerLabel(part.text) || part.line === askingLine) break;
      run.push(part);
    }
    if (run.length < 2 || run.length > 15) continue;
    // More text after the answers makes them a paragraph, not a list — unless it is the question's display
    // condition ("This question is shown only if …", "Ask if …"), which the logic reader takes from there.
    const rest = body.slice(asking + 1 + run.length);
    const after = rest.find((part) => part.kind === "wording");
    if (after && !DISPLAY_LEAD.test(after.text.trim())) continue;
    item.body = [...body.slice(0, asking + 1), ...run.map((part): BodyPart => ({ kind: "option", line: part.line, option: { label: part.text.trim() }, text: part.text.trim(), numbered: false })), ...rest];
  }
}
