import { MARKER_START } from "./pdf-drawn-markers";

/**
 * A paper form's numbered question with its boxed answers printed in a column to the right of the wording, the
 * wording wrapping on the left while the answers run down (and across) the right:
 *
 *   7. Have you ever kept bees or other insects          ☐ 0 No (GO TO 9)      ☐ 8 Not sure /
 *      for honey?                                          ☐ 1 Yes               cannot say
 *
 * Read line by line, each wording line would carry answers in its middle. The block is read as the wording first,
 * then the answers column by column. A block starts at a line that opens with a question number and has, after the
 * wording, a box followed by an answer label (a code alone — a grid row's "☐ 0  ☐ 1" — is no answer label); it runs
 * on while the left side continues the wording (no new number, the wording not yet ended by "?" or ":") or the right
 * side holds further boxed answers or their wrapped labels.
 */

export interface BesideItem {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface BesideLine<I extends BesideItem> {
  items: I[];
  y: number;
  size: number;
  x0: number;
  x1: number;
}

const NUMBERED = /^(?:Q\.?\s*)?\d{1,3}[a-z]?[.)]?(?:\s+\p{L}|$)/u;
const LABEL_AFTER_BOX = /^(?:\d{1,3}\s+)?\p{L}{2}/u;
const WORDING_ENDS = /[?？:：]\s*$/;

/**
 * The items' text, touching runs joined without a space: small capitals come as a full-size initial and a smaller run
 * ("N" + "OW I WOULD …") and a number's full stop as a run of its own ("1" + "."), which must read "1. NOW I WOULD".
 */
function textOf(items: BesideItem[]): string {
  let text = "";
  items.forEach((item, index) => {
    const touching = index > 0 && item.x0 - items[index - 1].x1 < Math.min(item.size, items[index - 1].size) * 0.15;
    text += (index > 0 && !touching ? " " : "") + item.text.trim();
  });
  return text.trim();
}
/**
 * Household-survey forms print the answers beside the wording without boxes, each a label, a dot leader and its code
 * ("Yes ........ 1", "No ....... 2>>8"): such an answer stands where a box would. (Bounded and deterministic: the
 * label part takes no dot, the leader only dots.)
 */
const LEADER_CODED = /^\p{L}[^.…]{0,40}[.…]{2,}\s*\d{1,3}(?!\d)/u;
const coded = (item: BesideItem) => LEADER_CODED.test(item.text.trim());
const marker = (item: BesideItem) => MARKER_START.test(item.text.trim()) || coded(item);

/** Index of the first boxed answer (a box, then a label) set apart from wording before it; -1 when none. */
function answerStart(items: BesideItem[]): number {
  for (let i = 1; i < items.length; i++) {
    if (!marker(items[i])) continue;
    const gapBefore = items[i].x0 - items[i - 1].x1;
    if (coded(items[i])) {
      if (gapBefore > (items[i].size || 10) * 1.5) return i;
      continue;
    }
    const own = items[i].text.trim().slice(1).trim();
    const label = own || items[i + 1]?.text.trim() || "";
    if (LABEL_AFTER_BOX.test(label) && gapBefore > (items[i].size || 10) * 1.5) return i;
  }
  return -1;
}

function lineOf<I extends BesideItem, L extends BesideLine<I>>(source: L, items: I[]): L {
  return { ...source, items, x0: Math.min(...items.map((item) => item.x0)), x1: Math.max(...items.map((item) => item.x1)) };
}

export function answersBesideWording<I extends BesideItem, L extends BesideLine<I>>(lines: L[]): L[] {
  const out: L[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i];
    const start = answerStart(first.items);
    const left0 = start > 0 ? first.items.slice(0, start) : first.items;
    // The answers' first row may sit on a baseline of its own, just below the wording's first line.
    const below = start < 0 ? lines[i + 1] : undefined;
    const belowStart = below && below.x0 > first.x1 + (below.size || 10) * 1.5 && marker(below.items[0]) ? answerStart([first.items[first.items.length - 1], ...below.items]) : -1;
    if ((start < 0 && belowStart !== 1) || !NUMBERED.test(textOf(left0))) {
      out.push(first);
      continue;
    }
    const answerX = start > 0 ? first.items[start].x0 : below!.x0;
    const rows: { source: L; left: I[]; right: I[] }[] = [{ source: first, left: left0, right: start > 0 ? first.items.slice(start) : [] }];
    let ended = WORDING_ENDS.test(textOf(left0));
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      const left = line.items.filter((item) => item.x1 <= answerX - 2);
      const right = line.items.filter((item) => item.x0 >= answerX - 2);
      if (left.length + right.length !== line.items.length || !line.items.length) break;
      if (left.length && (ended || NUMBERED.test(textOf(left)))) break;
      if (!left.length && !right.some(marker)) break;
      rows.push({ source: line, left, right });
      if (left.length) ended = WORDING_ENDS.test(textOf(left));
    }
    const boxed = rows.flatMap((row) => row.right.filter(marker));
    if (boxed.length < 2) {
      out.push(first);
      continue;
    }
    // Column starts: the boxes' left edges (boxes of one column share one, give or take a point or two).
    const starts: number[] = [];
    for (const x of boxed.map((item) => item.x0).sort((a, b) => a - b)) if (!starts.length || x - starts[starts.length - 1] > 4) starts.push(x);
    const columnOf = (item: I) => starts.reduce((found, x, index) => (x <= item.x0 + 4 ? index : found), 0);
    for (const row of rows) if (row.left.length) out.push(lineOf(row.source, row.left));
    for (let column = 0; column < starts.length; column++) {
      for (const row of rows) {
        const items = row.right.filter((item) => columnOf(item) === column);
        if (items.length) out.push(lineOf(row.source, items));
      }
    }
    i = j - 1;
  }
  return out;
}
