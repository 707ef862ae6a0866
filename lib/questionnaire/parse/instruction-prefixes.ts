import type { LogicalLine } from "./lines";
import { looksLikeQuestionText, matchQuestionId } from "./patterns";

/**
 * Answer codes printed after an interviewer instruction: telephone and face-to-face scripts tag the answers the
 * interviewer must not offer in front of them —
 *
 *   [VOL. DO NOT READ] 9 Don't know
 *   (DO NOT READ) 98 Refused
 *   [SPONTANEOUS] Other, please specify
 *   9 [VOL. DO NOT READ] Don't know/Refused   (the tag between the code and the label)
 *
 * — where the answer readers expect the code first and the tag after the label ("9 Don't know [VOL]"). The pass moves
 * every leading bracketed interviewer tag behind the answer, so the line reads as the coded answer it is and the tag
 * stays on it (an exclusive "don't know", a volunteered code). A bracket that is not an interviewer tag (a filter,
 * "[ASK IF …]", a programmer note) is left where it is, and so is a line that asks something (a question mark) or
 * runs long (wording, not an answer label). A display filter in front of a short coded item ("[SHOW IF S11r1] a. Alpha")
 * moves behind it too, where the item readers take it as that row's or answer's own condition.
 */

/** What an interviewer tag says: volunteered / spontaneous answers, "do not read (out)", "read out", probes. */
export const INTERVIEWER_TAG =
  /^(?:vol(?:unteered)?|spontaneous|spont|unprompted|(?:do not|don'?t|not|never) (?:read|prompt)(?: out)?|read out|not prompted|dk|ref|probe|interviewer(?: only| note)?|int note|(?:code )?only if volunteered|if volunteered)$/i;

/** Whether a bracket's words are all interviewer tags ("VOL. DO NOT READ", "DK/REF"). */
function isInterviewerTag(bracket: string): boolean {
  const parts = bracket
    .slice(1, -1)
    .split(/[.,;:/&-]+/)
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => INTERVIEWER_TAG.test(part));
}

/** A display filter in brackets ("[SHOW IF S11r1]", "(ASK IF Q2 = 1)"). */
const ITEM_FILTER = /^[[(]\s*(?:show|ask|display)\s+(?:only\s+)?if\b/i;
/** The most words an item after a filter may have (longer text is wording the filter belongs to). */
const MAX_FILTERED_ITEM_WORDS = 5;

/** The most words an answer label after the tag may have. */
const MAX_LABEL_WORDS = 10;

/** The leading bracketed groups of a line ("[VOL. DO NOT READ] (DK)"), and where the rest starts; null when none. */
function leadingBrackets(text: string): { tags: string[]; rest: string } | null {
  const tags: string[] = [];
  let at = 0;
  while (at < text.length && tags.length < 4) {
    while (text[at] === " " || text[at] === "\t") at++;
    const open = text[at];
    const close = open === "[" ? "]" : open === "(" ? ")" : null;
    if (!close) break;
    const end = text.indexOf(close, at + 1);
    if (end < 0 || end - at > 80) break;
    tags.push(text.slice(at, end + 1));
    at = end + 1;
  }
  return tags.length ? { tags, rest: text.slice(at).trim() } : null;
}

/** The line with its leading interviewer tags moved behind the answer, or null when it is not such a line. */
export function moveInstructionPrefix(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 200) return null;
  // "9 [VOL. DO NOT READ] Don't know/Refused": the tag between the code and the label moves behind the label too.
  // A letter code too ("D (DO NOT READ) Don't know", "R [VOL] Refused").
  const codeFirst = /^(\d{1,3}[.)]?|[A-Z])\s+(?=[[(])/.exec(trimmed);
  if (codeFirst) {
    const inner = leadingBrackets(trimmed.slice(codeFirst[0].length));
    if (!inner || !inner.rest || !inner.tags.every(isInterviewerTag) || /[?？]/.test(inner.rest) || /^[[(]/.test(inner.rest)) return null;
    if (inner.rest.split(/\s+/).length > MAX_LABEL_WORDS) return null;
    return `${codeFirst[1]} ${inner.rest} ${inner.tags.join(" ")}`;
  }
  const found = leadingBrackets(trimmed);
  if (!found || !found.rest) return null;
  const { rest } = found;
  if (/[?？]/.test(rest) || /[:：]$/.test(rest)) return null;
  // "[SHOW IF S11r1] a. Alpha": a filter in front of a short coded item is that item's own condition.
  if (found.tags.length === 1 && ITEM_FILTER.test(found.tags[0])) {
    const item = /^(?:\d{1,3}|[A-Za-z])[.)]?\s+(\S.*)$/.exec(rest);
    return item && item[1].split(/\s+/).length <= MAX_FILTERED_ITEM_WORDS ? `${rest} ${found.tags[0]}` : null;
  }
  if (!found.tags.every(isInterviewerTag)) return null;
  // A coded answer ("9 Don't know", "98. Refused", "a) None"), or a short label on its own.
  const coded = /^(?:\d{1,3}|[A-Za-z])[.)]?\s+\S/.test(rest);
  if (!coded && !/^[A-Z"“']/.test(rest)) return null;
  if (rest.split(/\s+/).length > MAX_LABEL_WORDS + (coded ? 1 : 0)) return null;
  return `${rest} ${found.tags.join(" ")}`;
}

/**
 * "[ASK IF Q1=1] Q2. About how long ago …": a base in brackets printed on the question's own line, in front of its
 * id. Read as one line, the bracket hides the id and the question is lost into the one before it. Returns where
 * the question starts (after the bracket), or -1.
 */
export function baseBeforeId(text: string): number {
  const found = leadingBrackets(text);
  if (!found || found.tags.length !== 1 || !ITEM_FILTER.test(found.tags[0]) || !found.rest) return -1;
  const id = matchQuestionId(found.rest);
  if (!id || !id.rest || !looksLikeQuestionText(id.rest)) return -1;
  return text.length - found.rest.length;
}

/** Rewrites every answer line printed with its interviewer tag in front, and splits a base off its question's line. */
export function readInstructionPrefixes(lines: LogicalLine[]): LogicalLine[] {
  return lines.flatMap((line) => {
    const moved = moveInstructionPrefix(line.text);
    if (moved) return [{ ...line, text: moved }];
    const at = baseBeforeId(line.text);
    if (at < 0) return [line];
    const base = line.text.slice(0, at).trim();
    const baseStart = line.start + line.text.indexOf(base);
    return [
      { ...line, text: base, end: baseStart + base.length, segments: undefined },
      { ...line, text: line.text.slice(at), start: line.start + at, segments: undefined },
    ];
  });
}
