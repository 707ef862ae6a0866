import { joinWrapped, type LogicalLine } from "./lines";

/**
 * Paper questionnaires coded by hand print a coding column down the right margin: for each question its number (and
 * part letter), the variable's short lower-case name and blanks for the coder to copy the answer's code into —
 *
 *   13.Do you have a bicycle?__                                   13 bike __
 *      (0)No → 15 (1)Yes (9)IGN
 *   14.How many bicycles? __                                      14 nbikes __ __
 *
 * Read into the flow of the text, those boxes fall between a question and its answers, or into the middle of a
 * line of answers, and split them apart. When a document prints a run of them, they are taken off the lines. A box
 * is told from wording that ends in a blank ("1 to 4 years ___") by its number: the number of the question printed
 * last, or of the next one (the column may stand a line higher than the wording).
 */

/** A coding box: number (part letters), a lower-case name, blanks ("14 nbikes __ __", "11a head __", "5 date _ _/_ _/____"). */
const BOX = /(?<=^|\s)(\d{1,3})[A-Za-z]{0,2} [a-z][a-z0-9]{1,11} ?_(?:[_ /]*_)?(?=\s|$)/g;
/** A question number opening a line ("13.", "14.Wording", "19B. Wording"). */
const QUESTION_NUMBER = /^\s*(\d{1,3})[A-Z]?\s?[.)]/;
/** At least this many boxes before the column is trusted. */
const MIN_BOXES = 6;

export function readCodingColumn(lines: LogicalLine[]): LogicalLine[] {
  let current = -1;
  const boxesOf = (text: string) => {
    const opening = QUESTION_NUMBER.exec(text);
    if (opening) current = Number(opening[1]);
    return [...text.matchAll(BOX)].filter((match) => {
      const number = Number(match[1]);
      return current >= 0 && (number === current || number === current + 1);
    });
  };
  // Per printed line (a logical line may have joined several across a box): the boxes found on it.
  const found = lines.map((line) => (line.lines.length > 1 ? line.lines.map((part) => boxesOf(part.text)) : [boxesOf(line.text)]));
  if (found.flat(2).length < MIN_BOXES) return lines;
  const out: LogicalLine[] = [];
  lines.forEach((line, index) => {
    const boxes = found[index];
    if (!boxes.some((list) => list.length)) {
      out.push(line);
      return;
    }
    if (line.lines.length === 1) {
      const text = withoutBoxes(line.text, boxes[0]);
      if (text) out.push({ ...line, text, segments: undefined });
      return;
    }
    // A box ends the printed line it stands on: what the reader joined after it starts a new line (the answers
    // under the wording, the next question).
    let group: typeof line.lines = [];
    let text = "";
    const flush = () => {
      if (group.length && text) out.push({ text, start: group[0].start, end: group[group.length - 1].end, first: group[0], lines: group });
      group = [];
      text = "";
    };
    line.lines.forEach((part, k) => {
      const own = withoutBoxes(part.text, boxes[k]);
      group.push(part);
      text = own ? (text ? joinWrapped(text, own) : own) : text;
      if (boxes[k].length && part.text.trimEnd().endsWith("_")) flush();
    });
    flush();
  });
  return out;
}

function withoutBoxes(text: string, boxes: RegExpMatchArray[]): string {
  let out = text;
  for (const match of [...boxes].reverse()) out = `${out.slice(0, match.index)} ${out.slice(match.index! + match[0].length)}`;
  return out.replace(/\s{2,}/g, " ").trim();
}
