/**
 * A number printed over another number at the same spot: a form template's number box keeps its placeholder ("01")
 * under the question's own number ("12"), the box's fill painted between them, so the page shows only the number
 * painted last. The text layer holds both, and the placeholder read as the question's number (or next to it)
 * misnumbers the question. Where two different numbers of one size stack on one spot, the one painted first (earlier
 * in the page's content) is covered: it is left out.
 */

interface Placed {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

const NUMBER = /^\d{1,3}$/;

/** How far apart (relative to the font size) two stacked numbers' origins may be: a box's numbers are re-set by hand. */
const OFFSET = 0.25;

function stacked(under: Placed, over: Placed): boolean {
  return (
    Math.abs(under.size - over.size) <= under.size * 0.05 &&
    Math.abs(under.x0 - over.x0) <= under.size * OFFSET &&
    Math.abs(under.y - over.y) <= under.size * OFFSET &&
    Math.abs(under.x1 - over.x1) <= under.size * OFFSET
  );
}

/** The page's items in paint order, without the numbers a later different number covers. */
export function withoutCoveredNumbers<T extends Placed>(items: T[]): T[] {
  const numbers = items.map((item, index) => ({ item, index })).filter(({ item }) => NUMBER.test(item.text.trim()));
  if (numbers.length < 2) return items;
  const covered = new Set<number>();
  for (const [k, { item, index }] of numbers.entries()) {
    const text = item.text.trim();
    if (numbers.slice(k + 1).some((later) => later.item.text.trim() !== text && stacked(item, later.item))) covered.add(index);
  }
  return covered.size ? items.filter((_, index) => !covered.has(index)) : items;
}
