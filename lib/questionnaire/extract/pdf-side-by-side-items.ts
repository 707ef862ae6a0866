/**
 * Short numbered fields of a paper form set side by side on one line, each in its own box:
 *
 *   55. GVH: ____________        56. PLACE/VILLAGE: ____________
 *
 * Read as one line, the second field would be part of the first one's wording. A line whose pieces, set apart by a
 * wide gap, each open with an item number and a label is read as one line per field (in their printed order).
 */

export interface SideItem {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface SideLine<I extends SideItem> {
  items: I[];
  y: number;
  size: number;
  x0: number;
  x1: number;
}

/** An item number and its label's first word: "55. GVH:", "12a. Name". */
const NUMBERED_FIELD = /^\d{1,3}[a-z]?\. ?\p{L}/u;

export function sideBySideItems<I extends SideItem, L extends SideLine<I>>(lines: L[]): L[] {
  return lines.flatMap((line) => {
    const starts: number[] = [];
    line.items.forEach((item, index) => {
      const gap = index ? item.x0 - line.items[index - 1].x1 : Number.POSITIVE_INFINITY;
      if (gap > item.size * 2 && NUMBERED_FIELD.test(item.text.trim())) starts.push(index);
    });
    // Every piece opens a field: the first item too, and at least two of them.
    if (starts.length < 2 || starts[0] !== 0) return [line];
    return starts.map((start, k) => {
      const items = line.items.slice(start, starts[k + 1] ?? line.items.length);
      return { ...line, items, x0: items[0].x0, x1: Math.max(...items.map((item) => item.x1)) };
    });
  });
}
