import type { LogicalLine } from "./lines";

/**
 * Form definitions printed as tables (the layout model for survey tools' definition sheets): an XLSForm's survey
 * sheet (type | name | label | relevant, with its choices sheet list_name | name | label) as ODK, KoboToolbox and
 * SurveyCTO share it, and a REDCap data dictionary or codebook (Variable / Field Name | Field Label | Field Type |
 * Choices | Branching Logic (Show field only if...), the codebook printing "Show the field ONLY if: …" under the
 * field name). Each row is a field: its name is the id that the tool's logic refers to ("${consent}",
 * "[smoker]"), its label the wording, its type the answer format, its choices the answers and its logic column the
 * field's display condition.
 *
 * The table is read before any line is classified: every row becomes a question start named by the field (a
 * spine entry, so the segmenter needs no id pattern for "consent_given"), its answers, and its condition as a
 * bracketed filter the segmenter keeps on that question; tool-logic.ts reads the condition's grammar. A choices
 * sheet is folded into the select questions that name its list; metadata rows (start, end, calculate, group
 * markers) are no questions.
 */

type Role = "name" | "label" | "type" | "choices" | "logic" | "list";

const HEADERS: readonly { role: Role; header: RegExp }[] = [
  { role: "name", header: /^(?:name|variable(?: \/ field name| name)?|field name|field_name)$/i },
  { role: "label", header: /^(?:label(?:::[\w ()-]{1,40})?|field label|field_label|question(?: text)?)$/i },
  { role: "type", header: /^(?:type|field type|field_type)$/i },
  { role: "choices", header: /^(?:choices(?:, calculations,? or slider labels)?|select_choices_or_calculations|field attributes.*)$/i },
  { role: "logic", header: /^(?:relevant|relevance|branching logic(?: \(show field only if\.{0,3}\))?|branching_logic|show field only if\.{0,3})$/i },
  { role: "list", header: /^(?:list_name|list name)$/i },
];

/** Rows that define no question: XLSForm metadata and structure, REDCap calculations and descriptive text. */
const NOT_A_QUESTION = /^(?:start|end|today|deviceid|subscriberid|simserial|phonenumber|username|audit|calculate|hidden|begin[ _]group|end[ _]group|begin[ _]repeat|end[ _]repeat|note|descriptive|calc)\b/i;

/** "Show the field ONLY if: [x] = '1'": a codebook prints a field's branching logic under its name. */
const CODEBOOK_LOGIC = /show the field only if\s*:?\s*/i;

interface Cell {
  text: string;
  lines: LogicalLine[];
}

function cellsOf(lines: LogicalLine[]): Map<number, Map<number, Cell>> {
  const rows = new Map<number, Map<number, Cell>>();
  for (const line of lines) {
    const cell = line.first.cell!;
    const row = rows.get(cell.row) ?? new Map<number, Cell>();
    const existing = row.get(cell.col);
    if (existing) {
      existing.text = `${existing.text}\n${line.text}`;
      existing.lines.push(line);
    } else row.set(cell.col, { text: line.text, lines: [line] });
    rows.set(cell.row, row);
  }
  return rows;
}

function rolesOf(header: Map<number, Cell> | undefined): Map<Role, number> | null {
  if (!header) return null;
  const roles = new Map<Role, number>();
  for (const [col, cell] of header) {
    const text = cell.text.replace(/\s+/g, " ").trim();
    const found = HEADERS.find((entry) => entry.header.test(text));
    if (found && !roles.has(found.role)) roles.set(found.role, col);
  }
  return roles;
}

/** The answer format a tool's field type declares. */
function formatOf(type: string): string | undefined {
  const value = type.trim().toLowerCase();
  if (/^(?:select_one|select one|radio|dropdown|yesno|truefalse)\b/.test(value)) return "single choice";
  if (/^(?:select_multiple|select multiple|checkbox)\b/.test(value)) return "checkboxes";
  if (/^(?:integer|decimal|range)\b|\((?:integer|number)\)/.test(value)) return "numeric";
  if (/^(?:text|notes|string)\b/.test(value)) return "open text";
  if (/^(?:date|datetime)\b/.test(value)) return "date";
  return undefined;
}

/** REDCap's choices cell: "1, Yes | 0, No" (one "code, label" per answer). */
function redcapChoices(text: string): { code: string; label: string }[] {
  return text
    .split("|")
    .map((piece) => /^\s*(-?[\w.]{1,20})\s*,\s*(\S.*?)\s*$/.exec(piece.replace(/\n/g, " ")))
    .filter((match): match is RegExpExecArray => Boolean(match))
    .map((match) => ({ code: match[1], label: match[2] }));
}

/** A codebook's attributes cell: the type on its first line, then one "code label" line per answer ("1 Yes"). */
function codebookChoices(cell: Cell): { code: string; label: string }[] {
  return cell.lines
    .slice(1)
    .map((line) => /^\s*(-?\d{1,4})[\s,]+(\S.*?)\s*$/.exec(line.text))
    .filter((match): match is RegExpExecArray => Boolean(match))
    .map((match) => ({ code: match[1], label: match[2] }));
}

/** The instruction a printed form carries for each declared format (read by the interpreter's instruction rules). */
const FORMAT_INSTRUCTION: Record<string, string> = {
  "single choice": "single choice",
  checkboxes: "multiple selection",
  numeric: "numeric",
  "open text": "open-ended",
  date: "open-ended",
};

function plain(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text, first: { ...line.first, cell: undefined, heading: undefined, list: undefined }, segments: undefined };
}

/** One field of a form definition, wherever it was printed (a table row, a record). */
export interface FieldDefinition {
  name: string;
  label: string;
  type: string;
  /** The field's display condition in the tool's grammar, as printed ("" when none). */
  condition: string;
  /** The answers printed with the field; empty when they come from a choices list named by the type. */
  choices: { code: string; label: string }[];
  /** Text that may declare the answer format when the type does not (a data dictionary's attributes cell). */
  declaredFormat?: string;
  /** Extra lines printed with the field that a printed form keeps after its wording (an interviewer instruction). */
  notes?: string[];
  anchor: LogicalLine;
  conditionLine: LogicalLine;
  answerLine: LogicalLine;
  /** The number the label prints before the wording ("1.4"), another name of the field. */
  printedNumber?: string;
}

/** Whether a field of this type is a question (metadata, calculations, notes and group markers are not). */
export const isQuestionType = (type: string): boolean => !NOT_A_QUESTION.test(type.trim());

/** The lines a printed form carries for one field: its start (a spine entry named by the field), condition, format and answers. */
export function fieldLines(field: FieldDefinition, number: number, choiceLists: ReadonlyMap<string, string[]> = new Map()): LogicalLine[] {
  const { name, label, type } = field;
  const out: LogicalLine[] = [{ ...plain(field.anchor, `${name}: ${label}`), spine: { id: name, rest: label, kind: "variable", number, alias: field.printedNumber } }];
  // The condition comes right after the question start, before anything that reads as an answer, so the
  // segmenter keeps it on this question; the format follows as the instruction a printed form would carry.
  if (field.condition) out.push(plain(field.conditionLine, `[SHOW IF ${field.condition}]`));
  for (const note of field.notes ?? []) out.push(plain(field.anchor, note));
  const format = formatOf(type) ?? formatOf(field.declaredFormat ?? "");
  if (format) out.push(plain(field.anchor, `(${FORMAT_INSTRUCTION[format]})`));
  const listName = /^(?:select_one|select_multiple|select one|select multiple)\s+(\S+)/i.exec(type)?.[1];
  const answers = field.choices.length
    ? // Written with an answer box: a tool's codes need not look like answer codes (1000, "yes").
      field.choices.map((choice) => `( ) ${choice.code} ${choice.label}`)
    : /^yesno$/i.test(type)
      ? ["1 Yes", "0 No"]
      : (listName ? (choiceLists.get(listName) ?? []) : []).map((label, index) => `${index + 1} ${label}`);
  for (const answer of answers) out.push(plain(field.answerLine, answer));
  return out;
}

/** Rewrites form-definition tables into question lines (see above); other lines pass unchanged. */
export function readFormDefinitions(lines: LogicalLine[]): LogicalLine[] {
  const byTable = new Map<number, LogicalLine[]>();
  for (const line of lines) {
    const table = line.first.cell?.table;
    if (table === undefined || line.first.cell?.nested) continue;
    const list = byTable.get(table) ?? [];
    list.push(line);
    byTable.set(table, list);
  }
  if (!byTable.size) return lines;
  // Choices sheets first: list name → its answers.
  const choiceLists = new Map<string, string[]>();
  const definitions = new Map<number, { rows: Map<number, Map<number, Cell>>; roles: Map<Role, number> }>();
  const dropped = new Set<number>();
  for (const [table, tableLines] of byTable) {
    const rows = cellsOf(tableLines);
    const headerRow = Math.min(...rows.keys());
    const roles = rolesOf(rows.get(headerRow));
    if (!roles || !roles.has("name") || !roles.has("label")) continue;
    if (roles.has("list")) {
      for (const [index, row] of rows) {
        if (index === headerRow) continue;
        const list = row.get(roles.get("list")!)?.text.trim();
        const label = row.get(roles.get("label")!)?.text.replace(/\s+/g, " ").trim();
        if (!list || !label) continue;
        choiceLists.set(list, [...(choiceLists.get(list) ?? []), label]);
      }
      dropped.add(table);
      continue;
    }
    // A survey sheet or a data dictionary: a type, a logic column or a codebook's logic under the names.
    const codebookLogic = [...rows.values()].some((row) => CODEBOOK_LOGIC.test(row.get(roles.get("name")!)?.text ?? ""));
    if (!roles.has("type") && !roles.has("logic") && !codebookLogic) continue;
    rows.delete(headerRow);
    definitions.set(table, { rows, roles });
  }
  if (!definitions.size && !dropped.size) return lines;
  const out: LogicalLine[] = [];
  const emitted = new Set<number>();
  let number = 0;
  for (const line of lines) {
    const table = line.first.cell?.table;
    if (table === undefined || line.first.cell?.nested || (!definitions.has(table) && !dropped.has(table))) {
      out.push(line);
      continue;
    }
    if (dropped.has(table) || emitted.has(table)) continue;
    emitted.add(table);
    const { rows, roles } = definitions.get(table)!;
    const at = (row: Map<number, Cell>, role: Role) => (roles.has(role) ? row.get(roles.get(role)!) : undefined);
    for (const [, row] of [...rows].sort((a, b) => a[0] - b[0])) {
      const nameCell = at(row, "name");
      const labelCell = at(row, "label");
      const [rawName, codebookCondition] = (nameCell?.text ?? "").split(CODEBOOK_LOGIC);
      const name = rawName.replace(/\s+/g, " ").trim();
      const label = labelCell?.text.replace(/\s+/g, " ").trim() ?? "";
      const type = at(row, "type")?.text.replace(/\s+/g, " ").trim() ?? "";
      if (!/^[A-Za-z_][\w.-]{0,60}$/.test(name) || !label || NOT_A_QUESTION.test(type)) continue;
      const choicesCell = at(row, "choices");
      const coded = choicesCell ? (choicesCell.text.includes("|") ? redcapChoices(choicesCell.text) : codebookChoices(choicesCell)) : [];
      number++;
      out.push(
        ...fieldLines(
          {
            name,
            label,
            type,
            condition: (at(row, "logic")?.text ?? codebookCondition ?? "").replace(/\s+/g, " ").trim(),
            choices: coded,
            declaredFormat: at(row, "choices")?.text,
            anchor: labelCell!.lines[0],
            conditionLine: (at(row, "logic") ?? nameCell!).lines.at(-1)!,
            answerLine: (choicesCell ?? labelCell!).lines.at(-1)!,
          },
          number,
          choiceLists,
        ),
      );
    }
  }
  return out;
}
