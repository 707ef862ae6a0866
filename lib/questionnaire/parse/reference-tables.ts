import type { LogicalLine } from "./lines";
import { matchQuestionId } from "./patterns";

/**
 * Cross-reference tables after a questionnaire (an analysis plan, a mapping of questions to research aims or
 * variables): every row's first cell names questions already printed — "Q14", "Q15–Q17", "Q4 + Q9", "Q7 + Q15/Q16" —
 * and the other cells say what is done with them. The ids in the first column would otherwise start questions again
 * (and make the numbering look restarted). Such a table is documentation, not questionnaire: its lines are left out.
 * Only a table placed after the questions it names, with at least three rows of references, is read so.
 */

const ID = String.raw`[A-Z]{1,3}\d{1,3}[a-z]?`;
/** A cell made only of question references joined by ranges, plus signs, slashes, commas or "and". */
const REFERENCES = new RegExp(String.raw`^${ID}(?:\s*(?:[–—+/,&-]|\band\b|\bto\b)\s*${ID})*$`);

/** Drops cross-reference tables of questions (see above). */
export function withoutReferenceTables(lines: LogicalLine[]): LogicalLine[] {
  const tables = new Map<number, { first: Map<number, string>; at: number }>();
  for (const [index, line] of lines.entries()) {
    const cell = line.first.cell;
    if (!cell) continue;
    const table = tables.get(cell.table) ?? { first: new Map<number, string>(), at: index };
    tables.set(cell.table, table);
    if (cell.col === 0) table.first.set(cell.row, `${table.first.get(cell.row) ?? ""} ${line.text}`.trim());
  }
  const dropped = new Set<number>();
  for (const [id, table] of tables) {
    const rows = [...table.first].sort((a, b) => a[0] - b[0]);
    // A header row may name the column ("Survey question"); every other row references questions.
    const body = rows[0] && !REFERENCES.test(rows[0][1]) ? rows.slice(1) : rows;
    if (body.length < 3 || !body.every(([, text]) => REFERENCES.test(text))) continue;
    // The questions it names are printed before it.
    const named = body.flatMap(([, text]) => text.match(new RegExp(ID, "g")) ?? []);
    const printed = new Set(
      lines
        .slice(0, table.at)
        .filter((line) => !line.first.cell)
        .map((line) => matchQuestionId(line.text.trim().replace(/^#+\s*/, ""))?.id)
        .filter(Boolean),
    );
    if (named.filter((name) => printed.has(name)).length >= named.length * 0.8) dropped.add(id);
  }
  return dropped.size ? lines.filter((line) => !line.first.cell || !dropped.has(line.first.cell.table)) : lines;
}
