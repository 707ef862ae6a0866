import type { LogicalLine } from "./lines";

/**
 * Answer lists laid out as a table without a header (word-processor questionnaires written for a scripter): each row
 * is one answer — its lettered or numbered label, a cell holding only the answer's box or radio glyph, and often a
 * third cell with the scripter's note for that answer ("[Thank and Terminate]", "[Continue]", "[Go to Q5]").
 *
 *   | a. Gardener   | ◉ | [Continue]            |
 *   | b. Farmer     | ◉ | [Thank and Terminate] |
 *
 * Read as a table, the glyph column looks like a scale column and the rows like a grid's statements. Such a table is
 * rewritten as the answer lines it stands for, the note after its answer ("b. Farmer [Thank and Terminate]"), where
 * the answer readers take it as that answer's route. A table with a header row, or with any row that is not an
 * answer, a glyph and at most one note, is left as it is.
 */

/** A cell holding only an answer glyph (radio or box). */
const GLYPH = /^[◉○●◯⭘□❑❒☐▢■◻◼⬜]$/u;
/** An answer's label: lettered or numbered ("a.", "b)", "1.", "12)"). */
const LABELLED = /^(?:[a-zA-Z]|\d{1,3})[.)]\s+\S/;

interface Row {
  label?: LogicalLine;
  glyph?: LogicalLine;
  note?: LogicalLine;
  extra: boolean;
}

function plain(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text, first: { ...line.first, cell: undefined }, segments: undefined };
}

/** Rewrites header-less answer/glyph/note tables into answer lines (see above). */
export function readMarkerColumnAnswers(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<number, Map<number, Row>>();
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell) continue;
    const rows = tables.get(cell.table) ?? new Map<number, Row>();
    tables.set(cell.table, rows);
    const row = rows.get(cell.row) ?? { extra: false };
    rows.set(cell.row, row);
    const text = line.text.trim();
    if (cell.col === 0 && !row.label && LABELLED.test(text)) row.label = line;
    else if (cell.col === 1 && !row.glyph && GLYPH.test(text)) row.glyph = line;
    else if (cell.col === 2 && !row.note && /^\[[^\]]+\]$/.test(text)) row.note = line;
    else row.extra = true;
  }
  const rewritten = new Set<number>();
  for (const [table, rows] of tables) {
    const all = [...rows.values()];
    if (all.length >= 2 && all.every((row) => row.label && row.glyph && !row.extra)) rewritten.add(table);
  }
  if (!rewritten.size) return lines;
  const out: LogicalLine[] = [];
  for (const line of lines) {
    const cell = line.first.cell;
    if (!cell || !rewritten.has(cell.table)) {
      out.push(line);
      continue;
    }
    const row = tables.get(cell.table)!.get(cell.row)!;
    if (line !== row.label) continue;
    out.push(plain(line, row.note ? `${line.text.trim()} ${row.note.text.trim()}` : line.text.trim()));
  }
  return out;
}
