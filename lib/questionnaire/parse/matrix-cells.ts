import type { IROption } from "../ir";
import { normalizeForMatch } from "./patterns";

/**
 * Matrix cells named in a survey tool's printed display logic. Qualtrics prints a condition on one statement of a
 * matrix question as the statement, then the scale point in square brackets:
 *
 *   If Q7 != Predictive AI tools* [ Never ]        row "Predictive AI tools*" not answered "Never"
 *   If Q19 = I frame a conceptual model … [ Always ]
 *
 * The statement binds to a row of the named question (by its label, a printed prefix of it, or the only row), the
 * bracket to a column (by its label). Null when the value is not written that way or does not bind.
 */
export function matrixCell(question: { rows: IROption[]; columns: IROption[] }, written: string): { row: string; column: string } | null {
  if (!question.rows.length || !question.columns.length) return null;
  const text = written.trim();
  if (!text.endsWith("]")) return null;
  const open = text.lastIndexOf("[");
  if (open <= 0) return null;
  const rowText = normalizeForMatch(text.slice(0, open));
  const columnText = normalizeForMatch(text.slice(open + 1, -1));
  if (!rowText || !columnText) return null;
  const column = question.columns.find((candidate) => normalizeForMatch(candidate.label) === columnText);
  if (!column) return null;
  const rows = question.rows.map((candidate) => ({ candidate, label: normalizeForMatch(candidate.label) })).filter((entry) => entry.label);
  const row =
    rows.find((entry) => entry.label === rowText) ??
    rows.find((entry) => entry.label.length >= 6 && (rowText.startsWith(entry.label) || entry.label.startsWith(rowText))) ??
    (question.rows.length === 1 ? { candidate: question.rows[0] } : undefined);
  return row ? { row: row.candidate.code, column: column.code } : null;
}
