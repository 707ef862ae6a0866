import type { LogicalLine } from "./lines";

/**
 * Coded paper forms that print each question's variable code beside it rather than before it (layout model): the
 * code sits at the right of the wording, on its first line, on a line of its own or between two wrapped lines —
 *
 *   Já perdeu ou não conseguiu alguma
 *   oportunidade por não ter os estudos V4
 *   completos?
 *   Sim 1
 *   Não 2
 *
 * — and each answer ends with its code. Read line by line, the wording has no id and its lines fall to the question
 * before. When a document prints a run of such codes (one letter prefix, numbers rising: V1, V2 … V51), each code is
 * the id of the question whose wording it stands beside: the wording starts on the first line after the answers of
 * the question before (or on the code's line), and that line is rewritten to begin with the code ("V4. Já perdeu …");
 * the code is taken off the line it was printed on. Codes printed before the wording ("V27 Quadro e giz") are ids
 * the line reader already knows and are left alone.
 */

/** A code token: one or two capitals and a number, standing apart. */
const CODE = /(?<![\p{L}\p{N}])([A-Z]{1,2})(\d{1,3})(?![\p{L}\p{N}])/gu;
/** An answer line: a label ending with its code ("Sim 1", "NS/NR 9") or codes only ("1 2 3"). */
const ANSWER = /^(?:.*\S\s+)?\d{1,2}(?:\s+\d{1,2})*$/;
/** At least this many coded questions before the codes are trusted to be ids. */
const MIN_CODES = 8;
/** The wording starts at most this many lines above its code. */
const LOOK_BACK = 4;

interface Hit {
  index: number;
  prefix: string;
  number: number;
  /** The line holds only codes ("V5", "V7 V8 V9"). */
  alone: boolean;
}

function hitsOf(line: LogicalLine, index: number): Hit[] {
  const text = line.text.trim();
  // (Every code is a capital before a digit: a line without one holds none — most lines, read without the scan.)
  if (!/[A-Z]\d/.test(text)) return [];
  const hits: Hit[] = [];
  const alone = /^(?:[A-Z]{1,2}\d{1,3}\s*)+$/.test(text);
  for (const match of text.matchAll(CODE)) {
    // A code opening a worded line is an id printed before its question: the line reader's own — unless the words
    // after it continue a wrapped sentence in lower case ("V6 estudos?": the code joined to the wording's last line).
    const rest = text.slice(match[0].length).trim();
    if (match.index === 0 && rest && !alone && !/^\p{Ll}/u.test(rest)) return [];
    hits.push({ index, prefix: match[1], number: Number(match[2]), alone });
  }
  return hits;
}

function withoutCodes(text: string, prefix: string): string {
  return text
    .replace(CODE, (token, letters: string) => (letters === prefix ? " " : token))
    .replace(/\s+/g, " ")
    .trim();
}

export function readMarginCodes(lines: LogicalLine[]): LogicalLine[] {
  const hits = lines.flatMap((line, index) => hitsOf(line, index));
  if (hits.length < MIN_CODES) return lines;
  const counts = new Map<string, number>();
  for (const hit of hits) counts.set(hit.prefix, (counts.get(hit.prefix) ?? 0) + 1);
  const prefix = [...counts.entries()].sort((left, right) => right[1] - left[1])[0][0];
  // One hit per line (the first code of a line printing several, "V7 V8 V9"), numbers rising.
  const firsts: Hit[] = [];
  for (const hit of hits) {
    if (hit.prefix !== prefix || firsts.at(-1)?.index === hit.index) continue;
    if (firsts.length && hit.number <= firsts[firsts.length - 1].number) continue;
    firsts.push(hit);
  }
  // A code on a line of its own is also how ids are printed before the wording ("Q1" / "**NAME**" / wording): the
  // document must print codes beside its wording.
  if (firsts.length < MIN_CODES || firsts.filter((hit) => !hit.alone).length < MIN_CODES) return lines;
  // The codes must run as a numbering does: mostly by one, never far apart.
  const steps = firsts.slice(1).map((hit, k) => hit.number - firsts[k].number);
  if (steps.filter((step) => step <= 3).length < steps.length * 0.8) return lines;
  // A coded form: its answers end with their codes ("Sim 1"), many more of them than questions.
  if (lines.filter((line) => ANSWER.test(line.text.trim())).length < firsts.length * 1.5) return lines;
  // Ids the line reader sees (codes opening a worded line) must not be the document's usual place for them.
  const leading = lines.filter((line) => {
    const match = /^([A-Z]{1,2})\d{1,3}[.):]?\s+\S/.exec(line.text.trim());
    return match?.[1] === prefix;
  }).length;
  if (leading >= firsts.length) return lines;

  const out = lines.map((line) => ({ ...line }));
  const drop = new Set<number>();
  let boundary = -1;
  for (const hit of firsts) {
    const code = `${prefix}${hit.number}`;
    // A code alone after the answers before it opens its question as printed ("V2" / "AGE"): the line reader's own.
    if (hit.alone && (hit.index === 0 || ANSWER.test(out[hit.index - 1].text.trim()))) {
      boundary = hit.index + 1;
      continue;
    }
    let start = hit.index;
    for (let k = hit.index - 1; k > boundary && k >= hit.index - LOOK_BACK; k--) {
      const text = out[k].text.trim();
      if (drop.has(k) || ANSWER.test(text) || /[?？]\s*$/.test(text) || /_{3,}/.test(text)) break;
      start = k;
    }
    out[hit.index] = { ...out[hit.index], text: withoutCodes(out[hit.index].text, prefix) };
    if (!out[hit.index].text) {
      drop.add(hit.index);
      if (start === hit.index) start = hit.index + 1;
    }
    if (start >= out.length || drop.has(start)) continue;
    out[start] = { ...out[start], text: `${code}. ${out[start].text.trim()}`, segments: undefined };
    boundary = start;
  }
  return out.filter((_, index) => !drop.has(index));
}
