import { classifyLine, type LogicalLine, type Unit } from "./lines";

/**
 * Numbered points in the prose before the questions: an introduction that lists the possible outcomes, the
 * steps of a procedure or the aims of a study as "1. …", "2. …", and then numbers its questions from 1 again.
 * The points are short statements that ask nothing ("1. Keep the scheme", "2. Remove the scheme"); the
 * questions after them ask ("1. Do you …?", "2. How many …:"). Read as question starts, the points take the
 * numbers 1…n and the real questions 1…n are lost as out of sequence.
 *
 * A run of numbered lines counting 1, 2, 3 … is such an enumeration when none of its lines asks (no question
 * mark, no colon at the end, at most ten words), no run before it asks (numbered answers come after their
 * questions) and a later run starts again at 1 with a line that asks. Its lines are then plain text of the
 * introduction. Returns those lines.
 */
export function proseEnumerationLines(units: Unit[]): Set<LogicalLine> {
  const runs: { lines: LogicalLine[]; asks: boolean }[] = [];
  let run: { lines: LogicalLine[]; asks: boolean; last: number } | null = null;
  for (const unit of units) {
    if (unit.kind !== "line") continue;
    const cls = classifyLine(unit.line);
    if (cls.kind !== "qid" || cls.id.kind !== "numeric" || cls.id.number === undefined) continue;
    const n = cls.id.number;
    if (n === 1) {
      run = { lines: [], asks: false, last: 0 };
      runs.push(run);
    }
    if (!run || n !== run.last + 1) continue;
    run.lines.push(unit.line);
    run.last = n;
    if (asks(cls.id.rest)) run.asks = true;
  }
  const found = new Set<LogicalLine>();
  runs.forEach((candidate, index) => {
    // Only the introduction's points: before the first run that asks (numbered answers follow questions).
    if (runs.slice(0, index).some((earlier) => earlier.asks)) return;
    if (candidate.asks || candidate.lines.length < 2) return;
    if (!runs.slice(index + 1).some((later) => later.asks && later.lines.length >= candidate.lines.length)) return;
    for (const line of candidate.lines) found.add(line);
  });
  return found;
}

/** The text after a number asks something: a question mark, a trailing colon, or more than a short statement. */
function asks(rest: string): boolean {
  const text = rest.trim();
  return /[?？]/.test(text) || /[:：…]\s*$/.test(text) || text.split(/\s+/).length > 10;
}
