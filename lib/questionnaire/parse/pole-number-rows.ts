import type { LineSegment } from "../extract/model";
import type { LogicalLine, Unit } from "./lines";

/**
 * A rating scale printed on one line between its two poles: the word for one end at the left, a row of numbered
 * boxes, the word for the other end at the right ("intensiv  1 2 3 4 5  überhaupt noch nicht", "very good – 1 2 3 4
 * 5 – poor"), under a question of its own (a paper questionnaire's single rating). Read as text it is one line of
 * wording; it is one answer per number, the poles naming the first and the last. A run of such lines one under
 * another is a grid's rows (a differential), which other readers handle: only a line standing alone is read here.
 */

const NUMBER = /^\d{1,2}$/;
/** Dashes that join a pole to its numbers ("sehr gut – 1"); they are no part of the pole's words. */
const JOINERS = new Set(["-", "–", "—", "‒"]);

function trimJoiners(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (JOINERS.has(text[start]) || /\s/.test(text[start]))) start++;
  while (end > start && (JOINERS.has(text[end - 1]) || /\s/.test(text[end - 1]))) end--;
  return text.slice(start, end);
}

/** A pole: a short piece of words, not a question. */
function pole(segment: LineSegment): string | null {
  const text = trimJoiners(segment.text.trim());
  return /\p{L}/u.test(text) && !/\d/.test(text) && !/[?？:]/.test(text) && text.length <= 60 ? text : null;
}

/**
 * The poles and numbers of a line printed "pole 1 2 3 4 5 pole" (three to eleven numbers from 0 or 1), or null.
 * A box of its own printed under the scale ("weiß ich noch nicht", "don't know") continues the line: one more answer.
 */
function poleRow(line: LogicalLine): { low: string; high: string; values: string[]; extras: string[] } | null {
  const segments = (line.segments ?? []).filter((segment) => segment.text.trim());
  if (segments.length < 5 || segments.length > 13) return null;
  const low = pole(segments[0]);
  const high = pole(segments[segments.length - 1]);
  const values = segments.slice(1, -1).map((segment) => segment.text.trim());
  if (!low || !high || !values.every((value) => NUMBER.test(value))) return null;
  const first = Number(values[0]);
  if (first > 1 || values.some((value, k) => Number(value) !== first + k)) return null;
  const extras = line.lines.slice(1).map((extra) => extra.text.trim());
  if (extras.length > 1 || !extras.every((extra) => extra.length <= 40 && /\p{L}/u.test(extra) && !/[\d?？]/.test(extra))) return null;
  return { low, high, values, extras };
}

const rowOf = (unit: Unit | undefined) => (unit?.kind === "line" && unit.line.first.page !== undefined ? poleRow(unit.line) : null);

/** Replaces each pole-anchored number line standing alone by one answer line per number. */
export function readPoleNumberRows(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    const row = rowOf(unit);
    if (!row || unit.kind !== "line" || rowOf(units[index - 1]) || rowOf(units[index + 1])) {
      out.push(unit);
      continue;
    }
    for (const [k, value] of row.values.entries()) {
      const label = k === 0 ? ` ${row.low}` : k === row.values.length - 1 ? ` ${row.high}` : "";
      out.push({ kind: "line", line: { ...unit.line, text: `○ ${value}${label}`, segments: undefined } });
    }
    for (const extra of row.extras) out.push({ kind: "line", line: { ...unit.line, text: `○ ${extra}`, segments: undefined } });
  }
  return out;
}
