import type { DrawnShape, MarkerText } from "./pdf-drawn-markers";

/**
 * Answer boxes drawn at the end of a dot leader: many paper questionnaires (the German panel surveys, forms set in
 * InDesign or made with SPSS Data Collection Paper) print each answer as its label, a row of dots and the box at the
 * right ("Yes ............ ☐", "Poor ........ ☐   → Question 98!"). The box is a drawn shape with no text right of it
 * (or only the arrow of a route), so it marks nothing and the answers read as plain lines. A shape whose nearest text
 * on its left, ending just before it, is a label with letters followed by a dot leader marks that label: the marker is
 * placed in front of the label, as if it had been printed "☐ Yes ....".
 *
 * Kept out: a grid's row ("– the kitchen ..... ☐ ..... ☐ ..... ☐"): every box on a row must end its own labelled
 * leader, and the later boxes of a grid row end a leader of dots only.
 */

/**
 * Where the dot leader that ends a run starts (three or more dots, or an ellipsis, single spaces allowed between), or
 * -1. A scan from the end: a pattern would rescan a long row of dots from every start.
 */
function leaderStart(text: string): number {
  let at = text.length;
  while (at > 0 && /\s/.test(text[at - 1])) at--;
  let dots = 0;
  let start = at;
  for (let i = at - 1; i >= 0; i--) {
    const char = text[i];
    if (char === "." || char === "…") dots += char === "…" ? 3 : 1;
    else if (char !== " " || text[i - 1] === " ") break;
    start = i;
  }
  return dots >= 3 ? start : -1;
}
/** How far (in font sizes) the leader may end left of the box, and how far apart the pieces of one label may be. */
const LEADER_GAP = 1.5;

export interface LeaderEnd<T extends MarkerText> {
  shape: DrawnShape;
  /** The first piece of the label: the marker goes in front of it. */
  label: T;
}

/** The label run whose leader ends just left of the shape, or null. */
function labelBefore<T extends MarkerText>(shape: DrawnShape, items: T[], shapes: DrawnShape[]): T[] | null {
  const onRow = (item: T) => item.y >= shape.y0 - item.size * 0.4 && item.y <= shape.y1 && item.text.trim() !== "";
  const row = items.filter(onRow).sort((a, b) => b.x1 - a.x1);
  const last = row.find((item) => item.x1 <= shape.x0 + 0.5 && shape.x0 - item.x1 <= item.size * LEADER_GAP);
  if (!last || leaderStart(last.text) < 0) return null;
  // Walk left over the label's pieces (pdf.js gives the words and the dots as separate runs), stopping at a wide gap
  // (another column's text) or at another shape (the previous box of the row).
  const run = [last];
  for (let current = last; ; ) {
    const previous = row.find((item) => !run.includes(item) && item.x1 <= current.x0 + 0.5 && current.x0 - item.x1 <= item.size * LEADER_GAP);
    if (!previous) break;
    const between = shapes.some((other) => other !== shape && other.x0 >= previous.x1 - 0.5 && other.x1 <= current.x0 + 0.5 && other.y1 > shape.y0 && other.y0 < shape.y1);
    if (between) break;
    run.unshift(previous);
    current = previous;
  }
  const text = run.map((item) => item.text).join("");
  return /\p{L}/u.test(text.slice(0, leaderStart(text))) ? run : null;
}

/**
 * The shapes that end a labelled dot leader, each with the first piece of its label. A row of shapes counts only when
 * every shape on it ends a labelled leader (two answers side by side: "Yes ..... ☐    No ..... ☐").
 */
export function leaderEndBoxes<T extends MarkerText>(items: T[], shapes: DrawnShape[]): LeaderEnd<T>[] {
  const found = new Map<DrawnShape, T>();
  for (const shape of shapes) {
    const run = labelBefore(shape, items, shapes);
    if (run) found.set(shape, run[0]);
  }
  const side = (shape: DrawnShape) => shape.x1 - shape.x0;
  const sameRow = (a: DrawnShape, b: DrawnShape) => Math.abs(a.y0 - b.y0) <= 2 && Math.abs(side(a) - side(b)) <= 1;
  return [...found]
    .filter(([shape]) => shapes.every((other) => other === shape || !sameRow(other, shape) || found.has(other)))
    .map(([shape, label]) => ({ shape, label }));
}
