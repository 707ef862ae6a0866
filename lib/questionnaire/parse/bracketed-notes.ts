import { classifyLine, type LogicalLine } from "./lines";

/**
 * Programmer notes that run over several paragraphs inside one pair of square brackets (layout model): a line opens
 * "[" without closing it and a later line closes it — a loop list, a list of piped texts, a randomisation or quota
 * note written paragraph by paragraph:
 *
 *   [LOOP_A - Pope Francis Shocks World, Endorses Donald Trump …
 *   LOOP_B - Donald Trump Sent His Own Plane …
 *   LOOP_K - Donald Trump on Refusing Presidential Salary …]
 *
 * Read line by line, the inner paragraphs look like questions (an id, a dash, wording) or answers. The whole
 * bracket is one note for the scripter: its lines are joined into one bracketed line ("[… / … / …]"), which every
 * reader takes as a programming note. A bracket that does not close within MAX_LINES lines, that would swallow a
 * numbered list item or a line opening another bracket, or that holds a line of logic, is left alone.
 */

/** Words of a condition, a classification or a routing: a bracket holding them is logic, read line by line. */
const LOGIC_WORDS = /\b(?:if|classify|terminate|term(?=\s+if\b)|screen[- ]?out|show|ask|skip|go ?to|quota)\b/i;

/** A multi-paragraph note longer than this is more likely an unbalanced bracket than a note. */
const MAX_LINES = 30;

function depthChange(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === "[") depth++;
    else if (char === "]") depth--;
  }
  return depth;
}

/** A line's text without the bracket it opens or closes. */
function unbracketed(text: string): string {
  let value = text.trim();
  if (value.startsWith("[")) value = value.slice(1);
  if (value.endsWith("]")) value = value.slice(0, -1);
  return value.trim();
}

export function readBracketedNotes(lines: LogicalLine[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const text = line.text.trim();
    if (!text.startsWith("[") || depthChange(text) <= 0 || line.first.list?.ordered) {
      out.push(line);
      continue;
    }
    let depth = depthChange(text);
    let end = index + 1;
    for (; end < lines.length && end - index < MAX_LINES && depth > 0; end++) {
      const inner = lines[end];
      if (inner.first.list?.ordered || inner.text.trim().startsWith("[")) break;
      depth += depthChange(inner.text);
      if (depth < 0) break;
    }
    const closing = lines[end - 1];
    if (depth !== 0 || end - index < 2 || !closing.text.trim().endsWith("]")) {
      out.push(line);
      continue;
    }
    const covered = lines.slice(index, end);
    // A bracket that states logic ("[ IF SQ05 … CLASSIFY AS … / Remaining … TERMINATE ]") keeps its lines, each read as
    // the condition or classification it is.
    if (covered.some((part) => LOGIC_WORDS.test(part.text) || classifyLine({ ...part, text: unbracketed(part.text) }).kind === "logic")) {
      out.push(line);
      continue;
    }
    out.push({
      ...line,
      text: `[${covered.map((part) => unbracketed(part.text)).join(" / ")}]`,
      end: closing.end,
      lines: covered.flatMap((part) => part.lines),
      segments: undefined,
    });
    index = end - 1;
  }
  return out;
}
