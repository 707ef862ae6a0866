/**
 * A questionnaire laid out as a table with a header row — "# | Question | Type | Options | Rationale" — names what
 * each column beyond the id and the wording holds. Read by those names:
 * - the answers column ("Options", "Answers", "Responses", "Choices", "Scale / Options") holds the answers of its
 *   row's question in one cell, separated by a list separator ("·", "•", ";"); each becomes an answer line (a cell
 *   of answers one per paragraph is kept as printed; a scale's end labels, "1 = … 5 = …", are a note);
 * - the type column ("Type", "Format", "Question type") says how to answer ("Checkboxes", "Dropdown"), may add a
 *   free-text answer ('Multiple choice + "Other"') or declare a scale's points ("Scale 1–5": one answer per point,
 *   named by the end labels in the answers cell);
 * - any other column (rationale, notes, required) is commentary on the question, not one of its answers.
 * Type and commentary cells are kept as bracketed notes, which the interpreter reads as hints, never as answers.
 */

export type ColumnRole = "answers" | "type" | "note";

const ANSWERS_HEADER = /^(?:(?:answer|response|scale)\s*(?:\/\s*)?)?(?:options?|answers?|responses?|choices|answer options|response options)$/i;
const TYPE_HEADER = /^(?:(?:question|answer|response)\s+)?(?:type|format)$/i;
/** Separators between answers written in one cell. Commas and slashes are not: they occur inside answers. */
const ANSWER_SEPARATOR = /[·•;]/;
/** A cell that says "no answers" ("—", "-", "n/a"). */
const EMPTY_CELL = /^(?:[-–—]{1,3}|n\/?a)?$/i;

/**
 * The role of each column after the id and wording columns, read from the header row's cells; null when the
 * header names no answers column and no type column (the table is then read as before: every cell an answer).
 */
export function columnRoles(header: string[]): ColumnRole[] | null {
  const roles = header.map((cell): ColumnRole => {
    const name = cell.replace(/[*_`]/g, "").trim();
    if (ANSWERS_HEADER.test(name)) return "answers";
    if (TYPE_HEADER.test(name)) return "type";
    return "note";
  });
  return roles.some((role) => role !== "note") ? roles : null;
}

/** The answers written in one cell, one per list separator; none for an empty cell. */
function cellAnswers(text: string): string[] {
  const value = text.trim();
  if (EMPTY_CELL.test(value)) return [];
  return value.split(ANSWER_SEPARATOR).map((piece) => piece.trim()).filter(Boolean);
}

/** "1 = Not at all, 5 = Very much": the end labels of a scale, not answers of their own. */
function scaleAnchors(text: string): boolean {
  return /^\d{1,2}\s*=/.test(text.trim());
}

/**
 * In form builders' vocabulary (Google Forms, Microsoft Forms) a "Multiple choice" question takes one answer and
 * "Checkboxes" take all that apply; a type column written in that vocabulary says so in the interpreter's words.
 */
const ONE_ANSWER_TYPE = /^multiple[- ]choice\b/i;
const ALL_THAT_APPLY_TYPE = /^check\s?box(?:es)?\b/i;

/** 'Multiple choice + "Other"': the type adds a free-text "Other" answer to the listed ones. */
const OTHER_ADDED = /\+\s*["“]?other["”]?\s*$/i;

/** Whether a type cell adds a free-text "Other" answer after the listed ones. */
export function addsOther(typeText: string): boolean {
  return OTHER_ADDED.test(typeText.trim());
}

/** "Scale 1–5": a rating scale from its first point to its last, said as the interpreter reads scales. */
const SCALE_TYPE = /^scale\s+(\d{1,2})\s*[-–]\s*(\d{1,2})$/i;

/** "Scale 1–5": the points of the scale a type cell declares ("1" … "5"), at most eleven of them. */
function scalePoints(typeText: string): string[] | null {
  const match = SCALE_TYPE.exec(typeText.trim());
  if (!match) return null;
  const [low, high] = [Number(match[1]), Number(match[2])];
  if (high <= low || high - low > 10) return null;
  return Array.from({ length: high - low + 1 }, (_, index) => String(low + index));
}

/** A type or commentary cell as a bracketed note ("[Checkboxes]"), so it reads as a hint and never as an answer. */
function noteText(text: string, role: ColumnRole): string | null {
  const value = text.replace(/[[\]]/g, "").trim();
  if (EMPTY_CELL.test(value)) return null;
  return `[${role === "type" ? value.replace(ONE_ANSWER_TYPE, "Single choice").replace(ALL_THAT_APPLY_TYPE, "Select all that apply").replace(SCALE_TYPE, "Scale of $1 to $2") : value}]`;
}

export type CellReading =
  | { kind: "as-printed" }
  | { kind: "answers"; answers: string[] }
  | { kind: "note"; text: string; role: ColumnRole; points?: string[] }
  | { kind: "none" };

/**
 * How a cell after the id and wording is read, by its column's role (see above); without a role (no named
 * columns) it is kept as printed. An answers cell that lists no separated answers is kept as printed (answers
 * one per paragraph) unless it gives a scale's end labels.
 */
export function readCell(text: string, role: ColumnRole | undefined): CellReading {
  if (!role) return { kind: "as-printed" };
  if (role === "answers") {
    const answers = cellAnswers(text);
    if (answers.length >= 2) return { kind: "answers", answers };
    if (answers.length === 0) return { kind: "none" };
    if (!scaleAnchors(text)) return { kind: "as-printed" };
  }
  const note = noteText(text, role);
  if (!note) return { kind: "none" };
  const points = role === "type" ? scalePoints(text) : null;
  return points ? { kind: "note", text: note, role, points } : { kind: "note", text: note, role };
}
