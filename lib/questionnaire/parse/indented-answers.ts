import { classifyLine, type LogicalLine } from "./lines";

/**
 * Layout model of a printed web survey (PDF): the answers are printed one per line without markers (the radio
 * buttons and boxes are drawn, not written), indented under the question, whose wording — numbered or not,
 * however many lines — runs flush at one indent and ends its sentence ("4. Select your role.", "12. How often
 * do you …?"). A line indented deeper than every line of such wording is an answer; the next lines at that same
 * deeper indent are the next answers. Wording that wraps with a hanging indent is not answered this way: its
 * lines do not share one indent, or the sentence has not ended when the deeper line comes.
 */

const DEEPER = 0.02;
/** Answers sit a little in from the wording; a line far to the right (a footer, a centred note) is not one. */
const FAR = 0.15;

/** The indent of the wording lines when they all share it and the wording ends its sentence, else undefined. */
function flushWordingIndent(wording: LogicalLine[], lastText: string): number | undefined {
  if (!wording.length) return undefined;
  let physical = wording.flatMap((line) => line.lines);
  // A required-question star printed in the margin ("* 30. We are …") sets the first line a little to the left.
  if (physical.length > 1 && /^\*\s/.test(physical[0].text) && (physical[0].indent ?? 1) < (physical[1].indent ?? 0)) physical = physical.slice(1);
  const indent = physical[0]?.indent;
  if (indent === undefined || physical.some((line) => line.indent === undefined || Math.abs(line.indent - indent) > 0.01)) return undefined;
  // The sentence has ended (a required-question star may close it).
  if (!/[.?？!:：)]\s*\**\s*$/.test(lastText.trim())) return undefined;
  return indent;
}

/** `line` is an answer printed under wording set flush at one indent (see above). */
export function indentedUnderWording(line: LogicalLine, wording: LogicalLine[], lastText: string, listed = false): boolean {
  const indent = flushWordingIndent(wording, lastText);
  const own = line.first.indent;
  // A line of pieces set apart (column headings, a grid row) is not one answer.
  if (indent === undefined || own === undefined || own <= indent + DEEPER || own > indent + FAR || line.lines.length > 1 || line.segments) return false;
  // Paged layouts only (a PDF's indents are fractions of the text width); a line with a code or marker is read
  // by the answer rules.
  if (line.first.page === undefined || classifyLine(line).kind !== "text") return false;
  const text = line.text.trim();
  // A colon makes a line a field's label ("Name:") — unless answers are already listed at this indent and the colon
  // only sets an answer apart from what it leads to ("Yes: Continue" / "No: Exit").
  const colon = /[:：]/.test(text) && !(listed && /^[^:：]{1,30}[:：]\s*\S/.test(text));
  return text.length > 0 && text.length <= 60 && !/[?？]/.test(text) && !colon && /^[\p{Lu}\p{Lo}\d]/u.test(text);
}
