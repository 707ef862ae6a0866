import type { LogicalLine, Unit } from "./lines";

/**
 * A statement to rate printed as a paragraph of its own over its answers ("The guide explained the steps
 * clearly." over "Agree | ☐", "Disagree | ☐"): a whole sentence — several words, capitalised, ending in a full
 * stop — that asks nothing and introduces nothing (no colon), in plain body text (not a heading, not a cell).
 * Like a question, it owns the answers printed under it.
 */
export function statementToRate(line: LogicalLine): boolean {
  const text = line.text.trim();
  if (line.first.cell || line.first.heading || line.first.bold || text.length > 300) return false;
  if (!/^\p{Lu}/u.test(text) || !/\p{L}[.。]$/u.test(text) || /[:：?？_]/.test(text)) return false;
  return text.split(/\s+/).length >= 4;
}

/** A statement to rate over a table of one row of short answers ("Yes | No"): a question of its own. */
export function statementOverAnswerRow(line: LogicalLine, next: Unit | undefined): boolean {
  if (!next || next.kind !== "table" || next.table.rows.length !== 1 || !statementToRate(line)) return false;
  const cells = next.table.rows[0].filter((cell) => cell && cell.text.trim());
  return cells.length >= 2 && cells.every((cell) => cell!.text.trim().length <= 40 && !/[?？:：]/.test(cell!.text));
}
