/**
 * A line of bare answer words under a question: "Yes No", "Oui Non", "Sí No No sabe", "Ja Nein".
 *
 * Convention: a paper form often prints a yes/no question's answers across one line under the wording, with the
 * boxes drawn as shapes (lost on extraction) and the gaps between the answers collapsed to single spaces. Read as
 * text, the line is one more line of wording and the question becomes an open one. A line made only of a yes word
 * and a no word (in one of the cue lexicon's languages), perhaps followed by a don't-know answer, after wording
 * that asks ("…?", "…:"), is the question's answer list. So is a line of short labels set apart by wide gaps
 * ("Very poor   Poor   Fair   Good") in a text file, where the gaps are kept.
 */
import { CUES, NOT_LETTER, NO_WORDS, YES_WORDS } from "./cue-lexicon";
import type { LogicalLine } from "./lines";
import type { BodyPart, Segmentation } from "./segment";

const DONT_KNOW = String.raw`don'?t know|not sure|unsure|(?:${CUES.noneOrDontKnow})`;

/** "Yes No", "Oui / Non", "Sí No No sabe": yes, no and an optional don't-know answer, nothing else. */
export const YES_NO_ANSWER_LINE = new RegExp(
  String.raw`^[☐□○◯\s]*(${YES_WORDS})${NOT_LETTER}[☐□○◯\s,/]+(${NO_WORDS})${NOT_LETTER}(?:[☐□○◯\s,/]+(${DONT_KNOW})${NOT_LETTER})?[☐□○◯\s]*$`,
  "i",
);

/**
 * "Very poor   Poor   Fair   Good   Very good": short labels set apart by wide gaps (the line's
 * segments, or three spaces or more, or tabs) on one line — the answers printed across, whatever the words. Null unless every piece is a label.
 */
export function spacedLabels(line: LogicalLine): string[] | null {
  const pieces = (line.segments && line.segments.length >= 2 ? line.segments.map((segment) => segment.text) : line.text.trim().split(/ {3,}|\t+/)).map((piece) => piece.trim()).filter(Boolean);
  if (pieces.length < 2 || pieces.length > 12) return null;
  const label = (piece: string) => piece.length <= 30 && piece.split(/\s+/).length <= 4 && /\p{L}/u.test(piece) && !/[?？:：.!]$|_{2,}|…|\.{3}/.test(piece);
  return pieces.every(label) ? pieces : null;
}

export function readAnswerWordLines(segmentation: Segmentation): void {
  for (const item of segmentation.items) {
    if (item.kind !== "question") continue;
    const body = item.body;
    if (body.some((part) => part.kind === "table" || part.kind === "grid-row")) continue;
    const options = body.filter((part) => part.kind === "option");
    const wording = body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
    // The answer line: the only "answer" the segmenter found, or the last line of wording when it found none.
    const line = options.length === 1 ? options[0] : options.length === 0 && wording.length >= 2 ? wording[wording.length - 1] : undefined;
    if (!line || line.kind === "option" && (line.option.code !== undefined || line.option.marker !== undefined)) continue;
    const before = body.slice(0, body.indexOf(line)).filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
    if (before.length === 0 || !/[?？:：]\s*\**\s*$/.test(before[before.length - 1].text.trim())) continue;
    const match = YES_NO_ANSWER_LINE.exec(line.text.trim());
    const labels = match ? match.slice(1).filter((label): label is string => Boolean(label)) : spacedLabels(line.line);
    if (!labels) continue;
    body.splice(body.indexOf(line), 1, ...labels.map((label): BodyPart => ({ kind: "option", line: line.line, option: { label }, text: label, numbered: false })));
  }
}
