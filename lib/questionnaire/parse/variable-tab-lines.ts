import type { LogicalLine } from "./lines";
import { classifyLine } from "./lines";

/**
 * Variable lines of a plain-text codebook: data documentation that lists the questions it asked one per line as the
 * variable's name, a tab (or a wide gap), then the question — quoted, often with its codes on the same line — or a
 * short description of how it was asked:
 *
 *   pets        "How many pets live with you?"
 *   garden      "Do you have a garden?", 1=Yes, 2=No
 *   transport   chosen from list where 1=Car, 2=Bus, 3=Bicycle
 *
 * Read line by line, a lower-case name without digits is no question id, so the lines run into the question before
 * them. Convention: in a text file, a run of at least three consecutive such lines (names of three or more letters,
 * digits or underscores, each followed by a gap and text), at least one of which asks or lists codes, is a list of
 * questions, each named by its variable. A run introduced as values the system derived or recorded
 * on its own ("The following values were derived from technical information:", "These durations were also
 * recorded") lists no questions and is left alone, as are names that already read as question ids.
 */

const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{2,30}$/;

/** A lead-in for variables nobody was asked: derived, computed or recorded by the system. */
const NOT_ASKED = /\b(?:derived|computed|calculated|recorded|measured|technical|automatically|server|metadata|paradata)\b/i;

function variableOf(line: LogicalLine): { name: string; rest: string } | null {
  // A text file's columns (a PDF's gaps separate answers and codes on every page, not variables from their questions).
  if (line.spine || line.script || line.first.cell || line.first.page !== undefined || line.lines.length !== 1) return null;
  // The gap is read from the line's pieces (the line's text has its tabs folded into single spaces).
  const pieces = line.segments ?? [];
  if (pieces.length < 2 || !VARIABLE_NAME.test(pieces[0].text.trim())) return null;
  const name = pieces[0].text.trim();
  const match = [line.text, name, line.text.trim().slice(name.length).trim()];
  // A name that already reads as a question id ("Q4", "TIPI2") is the numbered list's business.
  if (classifyLine(line).kind === "qid") return null;
  return { name: match[1], rest: match[2].trim() };
}

/** A code and its label inside a line: "1=Male", "10 = Asian". */
const INLINE_CODE = /(?:^|[\s,;])(-?\d{1,3})\s*=\s*/g;
/** A data-entry code for a missing answer ("0=missed"): no answer anyone chose. */
const MISSING = /^(?:missed|missing|not answered|skipped|blank)$/i;

/** The text without the separators and spaces it ends with (a loop: an unanchored "[,;\\s]+$" is quadratic). */
function trimSeparators(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s,;:]/.test(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Where a quoted question closes: the last quote followed by the end of the line or by "," / ";" and codes. */
function closingQuote(rest: string): number {
  for (let index = rest.length - 1; index > 0; index--) {
    if (rest[index] !== '"' && rest[index] !== "”") continue;
    const after = rest.slice(index + 1).trimStart();
    if (!after || /^[,;]\s*-?\d{1,3}\s*=/.test(after)) return index;
  }
  return -1;
}

/** The question a variable line states: its quoted wording (or its description) and the codes printed after it. */
function splitVariable(rest: string): { wording: string; codes: { code: string; label: string }[] } {
  const close = /^["“]/.test(rest) ? closingQuote(rest) : -1;
  const text = close > 0 ? rest.slice(close + 1) : rest;
  const starts = [...text.matchAll(INLINE_CODE)];
  const codes = starts
    .map((match, index) => {
      const from = match.index! + match[0].length;
      const to = index + 1 < starts.length ? starts[index + 1].index! : text.length;
      let label = text.slice(from, to);
      // A missing-data code printed in brackets after the last label ("3=Other (0=missed)") is no part of it.
      const missing = /\(\s*-?\d{1,3}\s*=[^()]*\)\s*$/.exec(label);
      if (missing) label = label.slice(0, missing.index);
      return { code: match[1], label: trimSeparators(label).trim() };
    })
    .filter((entry) => entry.label && !MISSING.test(entry.label));
  const wording = close > 0 ? rest.slice(1, close).trim() : trimSeparators(starts.length >= 2 ? text.slice(0, starts[0].index!) : text).trim();
  return { wording: wording || rest, codes: starts.length >= 2 ? codes : [] };
}

export function readVariableTabLines(lines: LogicalLine[]): void {
  for (let index = 0; index < lines.length; index++) {
    const run: { line: LogicalLine; name: string; rest: string }[] = [];
    for (let k = index; k < lines.length; k++) {
      const found = variableOf(lines[k]);
      if (!found || (run.length > 0 && lines[k].first.blankBefore)) break;
      run.push({ line: lines[k], ...found });
    }
    if (run.length < 3) continue;
    const leadIn = lines[index - 1]?.text.trim() ?? "";
    // At least one line asks a question or lists codes: a list of questions, not two columns of words.
    const asks = run.some(({ rest }) => {
      const { wording, codes } = splitVariable(rest);
      return /[?？]/.test(wording) || codes.length > 0;
    });
    if (NOT_ASKED.test(leadIn) || !asks) {
      index += run.length - 1;
      continue;
    }
    const rewritten = run.flatMap(({ line, name, rest }): LogicalLine[] => {
      const { wording, codes } = splitVariable(rest);
      // A description with neither a question nor codes ("entered as text") is a field to fill in.
      const asked = /[?？]/.test(wording) || codes.length > 0;
      const head: LogicalLine = { ...line, spine: { id: name, rest: wording, kind: "variable", ...(asked ? {} : { described: true }) } };
      const answers = codes.map((entry): LogicalLine => ({ ...line, text: `${entry.code} = ${entry.label}`, segments: undefined, script: { kind: "answer" } }));
      // Each variable is one question: the text after its line (the next lead-in, notes) does not continue it.
      const all = [head, ...answers];
      all[all.length - 1] = { ...all[all.length - 1], endsRow: true };
      return all;
    });
    lines.splice(index, run.length, ...rewritten);
    index += rewritten.length - 1;
  }
}
