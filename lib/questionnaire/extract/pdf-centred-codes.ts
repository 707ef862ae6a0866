/**
 * Statistics offices' paper forms (household survey tracking sheets, community questionnaires) print a numbered
 * item's dotted-leader codes right-aligned in its box and centred on its one-line wording, so the first code stands
 * above the wording's baseline and the last on or below it:
 *
 *                                                          YES..1
 *   45. Do you know the work place of the household?       NO...2 >>57
 *   46. NAME OF WORK PLACE:
 *
 * Read line by line, "YES..1" comes before item 45 and is taken as the previous item's answer. The codes are moved
 * after the item whose wording they straddle (after its wrapped lines), one line per code, in their printed order.
 * Codes that already come below their item are left where they are: the item must lie within the codes' height.
 */

export interface CentredItem {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface CentredLine<I extends CentredItem> {
  items: I[];
  y: number;
  size: number;
  x0: number;
  x1: number;
}

/** "YES..1", "NO ...... 2", "Far too much......1", "NO...2>>83": a label, a dot leader, a code (and a route). */
const LEADER_CODE = /^\p{L}[\p{L}\p{M}'’ ,/()-]{0,40}\.{2,} ?\d{1,2}(?!\d)/u;
/** A route after the code, as a run of its own or kept with it: ">>57", "► 4", "→ 12". */
const ROUTE = /^(?:>>|[►▶→]) ?(?:Q\.? ?)?\d{1,3}[A-Za-z]?$/u;
/** A numbered item: "45.", "12a." before its wording (or alone, the wording in the next run). */
const NUMBERED = /^\d{1,3}[a-z]?\.(?:\s|$)/;

function isCode(text: string): boolean {
  const code = LEADER_CODE.exec(text.trim());
  if (!code) return false;
  const rest = text.trim().slice(code[0].length).trim();
  return rest === "" || ROUTE.test(rest);
}

/** Index of the first item of the line's trailing codes (a code, then only routes), set apart from what precedes; -1 when none. */
function codeTail(items: CentredItem[]): number {
  for (let k = 0; k < items.length; k++) {
    if (!isCode(items[k].text)) continue;
    if (!items.slice(k + 1).every((item) => ROUTE.test(item.text.trim()))) return -1;
    if (k > 0 && items[k].x0 - items[k - 1].x1 < items[k].size * 1.5) return -1;
    return k;
  }
  return -1;
}

function lineOf<I extends CentredItem, L extends CentredLine<I>>(source: L, items: I[]): L {
  return { ...source, items, x0: Math.min(...items.map((item) => item.x0)), x1: Math.max(...items.map((item) => item.x1)) };
}

export function codesBesideItems<I extends CentredItem, L extends CentredLine<I>>(lines: L[]): L[] {
  const tails = lines.map((line) => codeTail(line.items));
  const out = [...lines];
  // Runs of codes one under the other at one x; the item's own line may stand between two of them.
  const runs: { first: number; last: number; members: Set<number> }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (tails[i] < 0) continue;
    const x = lines[i].items[tails[i]].x0;
    const members = new Set([i]);
    let last = i;
    for (;;) {
      const between = tails[last + 1] < 0 && NUMBERED.test(lines[last + 1]?.items[0].text.trim() ?? "") ? 1 : 0;
      const next = last + 1 + between;
      if (next >= lines.length || tails[next] < 0) break;
      const gap = lines[last].y - lines[next].y;
      if (Math.abs(lines[next].items[tails[next]].x0 - x) > lines[next].size * 2 || gap <= 0 || gap > lines[next].size * 2.2) break;
      members.add(next);
      last = next;
    }
    if (members.size > 1) runs.push({ first: i, last, members });
    i = last;
  }
  let limit = lines.length;
  for (const run of runs.reverse()) {
    const top = lines[run.first].y;
    const bottom = lines[run.last].y;
    const x = lines[run.first].items[tails[run.first]].x0;
    const size = lines[run.first].size;
    // The item the codes are centred on: a numbered line left of them, its baseline within the codes' height.
    let anchor = -1;
    for (let j = Math.max(0, run.first - 2); j <= Math.min(lines.length - 1, run.last + 2); j++) {
      const line = lines[j];
      if (!NUMBERED.test(line.items[0].text.trim()) || line.items[0].x0 >= x - size * 2) continue;
      if (line.y > top + size * 0.8 || line.y < bottom - size * 0.8) continue;
      if (anchor < 0 || Math.abs(line.y - (top + bottom) / 2) < Math.abs(lines[anchor].y - (top + bottom) / 2)) anchor = j;
    }
    if (anchor < 0) continue;
    const codes = [...run.members].map((j) => lineOf(lines[j], lines[j].items.slice(tails[j])));
    // The item's wrapped wording: unnumbered lines after it, level with the codes or just under them.
    let end = anchor + 1;
    while (end < lines.length && end <= run.last + 1 && !NUMBERED.test(lines[end].items[0].text.trim()) && lines[end].y >= bottom - size * 1.5) end++;
    const from = Math.min(anchor, run.first);
    const to = Math.max(end, run.last + 1);
    const kept: L[] = [];
    for (let j = from; j < to; j++) {
      const inRun = run.members.has(j);
      const items = inRun ? lines[j].items.slice(0, tails[j]) : lines[j].items;
      if (items.length) kept.push(inRun ? lineOf(lines[j], items) : lines[j]);
      if (j === end - 1) kept.push(...codes);
    }
    // Runs are moved from the last up; one whose lines reach into a run already moved is left as printed.
    if (to > limit) continue;
    limit = from;
    out.splice(from, to - from, ...kept);
  }
  return out;
}
