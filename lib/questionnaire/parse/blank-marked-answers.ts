import { CUES } from "./cue-lexicon";
import type { LogicalLine, Unit } from "./lines";

/**
 * Answers marked on a short blank after them ("Under 20   ___", "Sedan   ___"): a word-processed questionnaire
 * often prints each answer on its own line followed by a few underscores where the respondent ticks. A run of
 * such lines under a question is its list of answers, not fields to fill in: the blanks are short (a mark, not a
 * value), every line of the run has one, and the labels are short and name no field (no colon). The run is
 * rewritten as boxed answers ("☐ Under 20") for the segmenter. Fill-in fields keep their longer blanks
 * ("City ______________").
 */
const MARKED = /^([^_:：?？]{1,40}?)\s*_{2,6}\s*$/;

function markedLabel(unit: Unit | undefined): string | null {
  if (!unit || unit.kind !== "line" || unit.line.first.cell) return null;
  const match = MARKED.exec(unit.line.text.trim());
  const label = match?.[1].trim() ?? "";
  return label && /[\p{L}\p{N}]/u.test(label) ? label : null;
}

/**
 * A line that asks for a number on each blank: a rating on a scale ("rate … from 1 to 5", "1 = poor"), or an
 * amount ("How many of each …").
 */
const NUMBER_ON_BLANK = new RegExp(String.raw`\b(?:how (?:many|much)|number of|rate|rating|rank|score|percent|scale)\b|\d\s*(?:=|[-–]|to)\s*\d|%|(?:^|[^a-zà-öø-ÿ])(?:${CUES.amount}|${CUES.scale})(?![a-zà-öø-ÿ])`, "i");

/** The line over the run asks or introduces: a question, or a short label ending in a colon ("Age:"). */
function asksOver(unit: Unit | undefined): boolean {
  if (!unit || unit.kind !== "line") return false;
  const text = unit.line.text.trim();
  if (NUMBER_ON_BLANK.test(text)) return false;
  return /[?？:：]\s*$/.test(text) || (text.length <= 200 && !/[.!。]$/.test(text) && !markedLabel(unit) && /\s/.test(text));
}

export function readBlankMarkedAnswers(units: Unit[]): Unit[] {
  let out: Unit[] | null = null;
  for (let index = 0; index < units.length; ) {
    let end = index;
    while (markedLabel(units[end])) end++;
    if (end - index >= 2 && asksOver(units[index - 1])) {
      out ??= units.slice();
      for (let k = index; k < end; k++) {
        const line = (units[k] as { line: LogicalLine }).line;
        out[k] = { kind: "line", line: { ...line, text: `☐ ${markedLabel(units[k])}` } };
      }
    }
    index = end > index ? end : index + 1;
  }
  return out ?? units;
}
