import type { LogicalLine } from "./lines";

/**
 * Labelled programmer notes that route: questionnaires written for a scripter tag every note with a label inside
 * its bracket — "[PN: Thank and Terminate]" beside an answer, "[PN: Continue]", "[PROG: Terminate if S3 < 50%]"
 * under a question. The label only says who the note is for; the routing readers know the bare note ("No
 * [Terminate]", "[TERMINATE IF S4 = 0]"). A labelled note whose words screen out or continue loses its label, and
 * "thank and terminate(, immediately), if <condition>" is written the way the condition readers take it
 * ("TERMINATE IF <condition>", a second bound written without its subject — "S2 < 2 or > 40" — given it, "or if" read as "or"). Other labelled notes (randomisation, ranges, quotas) are left as they are.
 */

/** A programmer-note label opening a bracket: "PN:", "PROG:", "Programmer note:", "Note to programmer:", "Scripter:". */
const NOTE_LABEL = /\[\s*(?:PN|PROG|PRG|programm(?:er|ing) notes?|note to (?:the )?programmer|scripter|script(?:ing)? note)\s*:\s*/gi;
/** The note's words are a screen-out or a "continue" (the whole note). */
const ROUTING_NOTE = /^(?:(?:please\s+)?(?:thank\s+(?:and|&)\s+)?terminat(?:e|ion)\b[^\]]*|continue(?:\s+(?:to|with)\s+[^\]]{1,30})?\.?)$/i;
/** "Thank and terminate immediately, if …", "terminate, if …": the screen-out's condition follows "if". */
const TERMINATE_IF = /^(?:please\s+)?(?:thank\s+(?:and|&)\s+)?terminate(?:\s+(?:immediately|the respondent))?\s*,?\s*if\b\s*/i;

/** "S2 < 2 or > 40": the second bound names the same subject. */
const ELLIPTIC_BOUNDS = /(?<![\w.])([A-Za-z][\w.]{0,30})\s*(<=?|>=?)\s*(\d+(?:\.\d+)?)\s*%?\s+or\s+(<=?|>=?)\s*(\d+(?:\.\d+)?)/gi;

function relabel(text: string): string {
  if (!/\[\s*[A-Za-z ]{2,30}:/.test(text)) return text;
  return text.replace(NOTE_LABEL, (label: string, offset: number) => {
    const close = text.indexOf("]", offset);
    const inner = text.slice(offset + label.length, close < 0 ? undefined : close).trim();
    return ROUTING_NOTE.test(inner) ? "[" : label;
  });
}

/** Drops the label of routing programmer notes and writes their screen-out conditions as "TERMINATE IF …". */
export function readNoteLabels(lines: LogicalLine[]): LogicalLine[] {
  return lines.map((line) => {
    let text = relabel(line.text);
    text = text.replace(/\[([^\][]*)\]/g, (whole: string, inner: string) => (TERMINATE_IF.test(inner.trim()) ? `[TERMINATE IF ${inner.trim().replace(TERMINATE_IF, "").replace(/(?<!\s)\s+or\s+if\s+/gi, " or ").replace(/\.$/, "").replace(ELLIPTIC_BOUNDS, "$1 $2 $3 or $1 $4 $5")}]` : whole));
    return text === line.text ? line : { ...line, text };
  });
}
