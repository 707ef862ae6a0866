import { withoutTrailing } from "../text-scan";
import { DISPLAY_LOGIC, type LogicalLine } from "./lines";

/**
 * Per-item bases inside a battery (telephone scripts, programming specifications): a base printed on its own line
 * between a battery's lettered items ("a. Borrowed a book" / "b. Attended an event" / "ASK IF LIBUSER = 1:" /
 * "c. Used a computer there") limits the items after it, not the question nor whatever follows the battery. Read
 * line by line, the base is one more filter line and lands on the next question.
 *
 * Here the base line is dropped and its condition written behind each of the items it covers ("c. Used a computer
 * there [ASK IF LIBUSER = 1]"), where the item readers take it as that row's or answer's own condition. It covers
 * the lettered items that follow in sequence, up to the first line that is not one (a blank line, the answer list,
 * another base). A base before the first item, or not followed by the next letter, is left where it is.
 */

const ITEM = /^([a-z])[.)]\s+\S/;
/** A base's length limit (a longer line is an instruction paragraph). */
const MAX_BASE_LENGTH = 120;

function letterOf(line: LogicalLine | undefined): string | null {
  const match = line ? ITEM.exec(line.text.trim()) : null;
  return match ? match[1] : null;
}

function baseOf(line: LogicalLine): string | null {
  const text = withoutTrailing(line.text.trim(), " \t:：");
  if (!text || text.length > MAX_BASE_LENGTH || line.first.cell || line.script) return null;
  return DISPLAY_LOGIC.test(text) ? withoutTrailing(text.replace(/^[[(]\s*/, ""), " \t])") : null;
}

export function readItemBases(lines: LogicalLine[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const before = letterOf(out.at(-1));
    const base = before ? baseOf(line) : null;
    const next = letterOf(lines[index + 1]);
    if (!before || !base || !next || next.charCodeAt(0) !== before.charCodeAt(0) + 1) {
      out.push(line);
      continue;
    }
    // The items the base covers: the letters that follow in sequence.
    let expected = next;
    let at = index + 1;
    while (at < lines.length && letterOf(lines[at]) === expected) {
      out.push({ ...lines[at], text: `${lines[at].text.trim()} [${base}]` });
      expected = String.fromCharCode(expected.charCodeAt(0) + 1);
      at++;
    }
    index = at - 1;
  }
  return out;
}
