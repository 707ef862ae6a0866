import { quietestBetween, runsOf, type ColumnLine } from "./pdf-footed-columns";
import type { TableItem, TableLine } from "./pdf-headed-tables";

/**
 * Questions printed side by side as the columns of a band (a community questionnaire's sheet: one row of answer boxes
 * under a row of questions). A row of item numbers ("1.   2.   3.   …   10.") heads the band; under each number its
 * question's wording, its dotted-leader codes and routing, and the label of its answer box ("NUMBER", "TSH") stand
 * in a narrow column. Another row of numbers starts the next band. Read line by line, every baseline mixes the words
 * of ten questions.
 *
 * Here a page whose first such row starts at the left edge of the page's text is read band by band, each band column
 * by column: the number in front of the column's wording (its wrapped lines joined), then its codes and labels, one
 * line each.
 */

/** A run that is an item number and nothing else: "7.", "12a.". */
const ITEM_NUMBER = /^(\d{1,3})[a-z]?\.$/;
/** Fewest numbers on a band's head row. */
const MIN_COLUMNS = 3;
/**
 * A code after a dot leader ("YES....1", "too much......2") or a route ("→ 5", "►NEXT SECTION"): the wording has ended.
 * The leader is matched from a run's first dot only: from every dot of a long run it would be scanned again.
 */
const CODE_LINE = /(?<!\.)\.{2,} ?\d{1,2}(?!\d)|^[→►▶]/u;
/** A code label's second line ("nor too little.....3" under "Neither too much"): it starts in lower case. */
const LOWER_START = /^\p{Ll}/u;

/** The numbers of a head row with their extents, or null when the line holds anything else or too few numbers. */
function headOf(line: TableLine): { id: string; x0: number; x1: number }[] | null {
  const runs = runsOf(line.items);
  const ids = runs.map((run) => {
    const text = run.map((item) => item.text.trim()).join("");
    const match = ITEM_NUMBER.exec(text);
    return match ? { id: match[1], x0: run[0].x0, x1: run.at(-1)!.x1 } : null;
  });
  if (ids.length < MIN_COLUMNS || ids.some((id) => id === null)) return null;
  const numbers = ids.map((id) => Number(id!.id));
  // Numbered left to right in order: a row of printed box numbers ("1 2 3 4") has no full stops, a list no columns.
  if (numbers.some((number, index) => index > 0 && number <= numbers[index - 1])) return null;
  return ids as { id: string; x0: number; x1: number }[];
}

const textOf = (line: TableLine) => line.items.map((item) => item.text.trim()).filter(Boolean).join(" ");

function joined(group: TableLine[]): TableLine {
  const text = group.map(textOf).join(" ");
  const item = { text, x0: Math.min(...group.map((line) => line.x0)), x1: Math.max(...group.map((line) => line.x1)), y: group[0].y, size: group[0].size };
  return { items: [item], y: item.y, size: item.size, x0: item.x0, x1: item.x1 };
}

/** A column's lines: its wording up to the first code joined into one line, a code label's wrapped first line joined to its code. */
function columnLines(lines: TableLine[]): TableLine[] {
  const first = lines.findIndex((line) => CODE_LINE.test(textOf(line)));
  const wordingEnd = first < 0 ? lines.length : first;
  // Labels of the answer box under the wording ("NUMBER") are no wording: an all-capitals line after it ends it.
  let end = 0;
  while (end < wordingEnd && (end === 0 || textOf(lines[end]) !== textOf(lines[end]).toUpperCase() || !/\p{Lu}{2}/u.test(textOf(lines[end])))) end++;
  const out: TableLine[] = end ? [joined(lines.slice(0, end))] : [];
  for (let i = end; i < lines.length; i++) {
    const next = lines[i + 1];
    if (next && !CODE_LINE.test(textOf(lines[i])) && CODE_LINE.test(textOf(next)) && LOWER_START.test(textOf(next))) {
      out.push(joined([lines[i], next]));
      i++;
    } else out.push(lines[i]);
  }
  return out;
}

/**
 * The page's lines with its number-headed column bands read column by column, or null when the page has none.
 * `build` groups items into lines as the reader does.
 */
export function readNumberedColumnBands(items: TableItem[], build: (items: TableItem[]) => TableLine[]): ColumnLine[] | null {
  const lines = build(items);
  const heads = lines.map(headOf);
  const firstHead = heads.findIndex(Boolean);
  if (firstHead < 0) return null;
  const left = Math.min(...items.map((item) => item.x0));
  const right = Math.max(...items.map((item) => item.x1));
  // The band fills the page from its left edge (a row of numbers over a few columns at the right is some other table).
  if (heads[firstHead]![0].x0 - left > (right - left) * 0.1) return null;
  const out: ColumnLine[] = [...lines.slice(0, firstHead)];
  let shift = 0;
  for (let at = firstHead; at < lines.length; ) {
    const head = heads[at]!;
    let end = at + 1;
    let previous = lines[at];
    // The band runs to the next head row, or to the first wide gap (the page's footer stands apart).
    while (end < lines.length && !heads[end] && previous.y - lines[end].y <= Math.max(previous.size, lines[end].size) * 4) previous = lines[end++];
    const band = lines.slice(at + 1, end).flatMap((line) => line.items);
    const center = (id: { x0: number; x1: number }) => (id.x0 + id.x1) / 2;
    const cuts = head.slice(1).map((id, index) => quietestBetween(center(head[index]), center(id), band));
    const columnOf = (x: number) => cuts.filter((cut) => x >= cut).length;
    const cells: TableItem[][] = head.map(() => []);
    for (const run of runsOf(band)) for (const item of run) cells[columnOf((item.x0 + item.x1) / 2)].push(item);
    const top = lines[at].y;
    const bottom = Math.min(top, ...lines.slice(at + 1, end).map((line) => line.y));
    // Each column runs down below the one before it, so that a paragraph gap parts the questions.
    const height = top - bottom + lines[at].size * 4;
    head.forEach((id, index) => {
      // The answer boxes' own numbers ("1 2 3 4", one box per code) add nothing the codes above do not say.
      const body = columnLines(build(cells[index]).filter((line) => !line.items.every((item) => /^\d{1,2}$/.test(item.text.trim()))));
      const bounds = { x0: index ? cuts[index - 1] : left, x1: cuts[index] ?? right };
      const offset = shift + index * height;
      const place = (line: TableLine): ColumnLine => ({ ...line, y: line.y - offset, items: line.items.map((item) => ({ ...item, y: item.y - offset })), within: bounds });
      const placed = body.map(place);
      if (placed.length) {
        const first = placed[0];
        const x1 = first.x0 - first.size * 0.3;
        first.items.unshift({ text: `${id.id}.`, x0: x1 - (id.id.length + 1) * first.size * 0.5, x1, y: first.y, size: first.size });
        first.x0 = first.items[0].x0;
      }
      out.push(...placed);
    });
    shift += (head.length - 1) * height;
    at = end;
    if (end < lines.length && !heads[end]) {
      out.push(...lines.slice(end).map((line) => ({ ...line, y: line.y - shift, items: line.items.map((item) => ({ ...item, y: item.y - shift })) })));
      break;
    }
  }
  return out;
}
