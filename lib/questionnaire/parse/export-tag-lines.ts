import type { LogicalLine } from "./lines";
import { classifyLine } from "./lines";
import { looksLikeQuestionText } from "./patterns";

/**
 * Export tags before the wording (a survey tool's Word export, and codebooks built from it).
 *
 * Convention: Qualtrics' "Export to Word" and the codebooks made from a survey's export start each question's line
 * with the question's export tag — a data name in lower or mixed case, usually with "_" ("intent_verified", "pes_q7",
 * "yob_pcs", but also a plain word: "hours", "forums") — then one space and the capitalised wording:
 *
 *   travel_mode How did you travel to work today?
 *   hours How many hours do you work each week?
 *
 * Read line by line, a lower-case name is no question id, so the questions run into each other. Here, when at least
 * three lines start with a name that has "_" or a digit followed by wording that asks, every line that starts with a
 * lower-case name followed by capitalised wording that asks is a question start named by the tag (a spine entry, like
 * variable-headings.ts); a plain word only where the line before ends a sentence or an answer. Lines that already read as question ids, a sub-variable of the question before
 * ("travel_mode_2 Bus": the item of a list) and wording that does not ask ("page_time Timing") are left alone.
 */

/** A lower- or mixed-case data name, then one space and capitalised wording. */
const TAGGED = /^([a-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_?)\s(?=[\p{Lu}¿¡"“(])(\S.*)$/u;
/** A name that is no word: it holds "_" or a digit. */
const DATA_NAME = /[_\d]/;

/** An answer as the export prints it: a marker, the label and the choice's code ("o I CONSENT to take part … (1)"). */
const CODED_ANSWER = /^(?:[oO○◯●•▪■□☐]|\(\s*\))\s+\S.{0,300}\(\d{1,3}\)$/;

function tagOf(line: LogicalLine, next: LogicalLine | undefined): { name: string; rest: string } | null {
  if (line.spine || line.script || line.first.cell) return null;
  const match = TAGGED.exec(line.text.trim());
  // (One letter is no data name but an answer's marker: Word prints its "o" bullet as the letter, "o John is … (1)".)
  if (!match || match[1].length > 40 || match[1].length < 2) return null;
  // The wording asks: a question mark on the line, a question word or a sentence long enough to be an item's stem —
  // or a statement answered by the coded choices under it ("consent I have read the above information." / "o I
  // CONSENT … (1)").
  if (!/[?？:]/.test(match[2]) && !looksLikeQuestionText(match[2]) && !(next && CODED_ANSWER.test(next.text.trim()))) return null;
  if (classifyLine(line).kind === "qid") return null;
  return { name: match[1], rest: match[2].trim() };
}

export function readExportTagLines(lines: LogicalLine[]): void {
  const tagged = lines.map((line, index) => tagOf(line, lines.slice(index + 1).find((other) => other.text.trim() !== "")));
  if (tagged.filter((tag) => tag && DATA_NAME.test(tag.name)).length < 3) return;
  let previous: string | null = null;
  tagged.forEach((tag, index) => {
    if (!tag) return;
    // A plain word is a tag only at the start of an item: the line before ends its sentence or its answer ("… (4)"),
    // so a wrapped line that starts with a lower-case word ("click HERE to …", "or “Other”, display …") is no start.
    if (!DATA_NAME.test(tag.name) && index > 0 && !/[.?!:)\]_…？]\s*$/.test(lines[index - 1].text)) return;
    // "travel_mode_2 Bus" under "travel_mode …": an item of the question's list, named after it.
    if (previous && tag.name !== previous && tag.name.startsWith(`${previous}_`)) return;
    previous = tag.name;
    lines[index].spine = { id: tag.name, rest: tag.rest, kind: "variable", number: undefined };
  });
}
