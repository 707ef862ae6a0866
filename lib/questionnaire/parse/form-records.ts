import type { LogicalLine } from "./lines";
import { type FieldDefinition, fieldLines, isQuestionType } from "./form-definitions";

/**
 * Form definitions printed as records (the layout of a codebook generated from an XLSForm, an ODK/Kobo form or a
 * data dictionary: one record per field instead of one table row): a heading names the field ("### consent_given"),
 * and labelled lines under it give its attributes — "Label: …", "Type: select_one yes_no", "Relevant: age >= 18",
 * "Choices:" with one "code: label" line per answer under it. A record whose type begins a group carries the group's
 * relevance, which gates every field of the group: the group ends at an "end group" record, at the closing tag of
 * the HTML block (a collapsible `<details>`) that wraps it, or where the next group at its level begins.
 *
 * Each record becomes the lines a definition table's row becomes (form-definitions.ts): a question start named by
 * the field, the field's condition (the group's and its own, joined with "and") as a bracketed filter in the tool's
 * grammar, the format its type declares and its answers. Documents with fewer than three such records pass unchanged.
 */

type Attribute = "name" | "label" | "type" | "logic" | "choices" | "hint" | "other";

const ATTRIBUTES: readonly { role: Attribute; key: RegExp }[] = [
  { role: "name", key: /^(?:name|variable(?: name)?|field name)$/i },
  { role: "label", key: /^(?:label(?:::[\w ()-]{1,40})?|field label|question(?: text)?)$/i },
  { role: "type", key: /^(?:type|field type|question type)$/i },
  { role: "logic", key: /^(?:relevant|relevance|branching logic|show (?:the )?field only if|display logic)$/i },
  { role: "choices", key: /^(?:choices|options|answers|value labels|codes)$/i },
  { role: "hint", key: /^(?:hint|guidance(?: hint)?|note)$/i },
  {
    role: "other",
    key: /^(?:calculat(?:e|ion)|constraint(?: message)?|required(?: message)?|appearance|default|read[ _]only|choice[ _]filter|repeat[ _]count|parameters|media|trigger)$/i,
  },
];

/** "Label: …" (the list marker and the bold around the key already removed); the key is short, the value may be empty. */
const ATTRIBUTE_LINE = /^([A-Za-z][\w: ()-]{0,40}?)\s*:\s*(.*)$/;
/** A field name: an identifier as the tool writes it. */
const FIELD_NAME = /^[A-Za-z_][\w.-]{0,60}$/;
/** One answer under "Choices:": "1: Yes", "2 = No", "yes: Yes". */
const CHOICE_LINE = /^(-?[\w.]{1,20})\s*[:=]\s*(\S.*)$/;
/** The number a label prints before its wording ("1.4. ", "2.6a. ", "Q3 "). */
const PRINTED_NUMBER = /^((?:Q\.?\s?)?\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?)[.)]?\s+(?=\S)/;
/** A missing label as a data frame prints it. */
const EMPTY_VALUE = /^(?:nan|none|null|n\/a)?$/i;
/** A line that only opens or closes an HTML block. */
const OPEN_TAG = /^<(details|section|div|fieldset)\b[^>]*>$/i;
const CLOSE_TAG = /^<\/(details|section|div|fieldset)>$/i;
const GROUP_BEGIN = /^begin[ _](?:group|repeat)\b/i;
const GROUP_END = /^end[ _](?:group|repeat)\b/i;

/**
 * A condition that names fields bare ("consent=1"), as some tools and codebook generators print it, with each name
 * written as the tool's reference ("${consent}=1"), so the tool grammar owns it (brackets and all); quoted values stay.
 */
export function withFieldReferences(condition: string, names: ReadonlySet<string>): string {
  return condition
    .split(/('[^']*'|"[^"]*")/)
    .map((piece, index) => (index % 2 ? piece : piece.replace(/(?<![\w${.:-])[A-Za-z_]\w*(?![\w(}-])/g, (name) => (names.has(name) ? `\${${name}}` : name))))
    .join("");
}

interface FieldRecord {
  header: LogicalLine | null;
  attributes: Map<Attribute, { value: string; line: LogicalLine }>;
  labelMore: string[];
  notes: string[];
  choices: { code: string; label: string }[];
  choiceLines: LogicalLine[];
  lines: LogicalLine[];
  /** The HTML block depth the record was read at. */
  depth: number;
}

function attributeOf(line: LogicalLine): { role: Attribute; value: string } | null {
  const text = line.first.list && !line.first.list.ordered ? line.text.replace(/^\s*[-*+•]\s+/, "") : line.text;
  const match = ATTRIBUTE_LINE.exec(text.trim().slice(0, 300));
  if (!match) return null;
  const found = ATTRIBUTES.find((entry) => entry.key.test(match[1].trim()));
  return found ? { role: found.role, value: match[2].trim() } : null;
}

const stripTags = (text: string) => text.replace(/<[^>]{0,200}>/g, " ").replace(/\s+/g, " ").trim();

function headerText(record: FieldRecord): string {
  return record.header ? stripTags(record.header.text) : "";
}

function nameOf(record: FieldRecord): string {
  const named = record.attributes.get("name")?.value ?? headerText(record);
  return FIELD_NAME.test(named) ? named : "";
}

function readRecords(lines: LogicalLine[]): { records: FieldRecord[]; used: Set<LogicalLine>; closes: Map<LogicalLine, number> } {
  const records: FieldRecord[] = [];
  const used = new Set<LogicalLine>();
  const closes = new Map<LogicalLine, number>();
  let current: FieldRecord | null = null;
  let header: LogicalLine | null = null;
  let last: Attribute | null = null;
  let depth = 0;
  for (const line of lines) {
    const text = line.text.trim();
    if (!text) continue;
    if (OPEN_TAG.test(text)) {
      depth++;
      used.add(line);
      continue;
    }
    if (CLOSE_TAG.test(text)) {
      depth = Math.max(0, depth - 1);
      closes.set(line, depth);
      used.add(line);
      continue;
    }
    const attribute = line.first.heading ? null : attributeOf(line);
    if (attribute) {
      if (!current || current.attributes.has(attribute.role) || (header && !current.lines.includes(header))) {
        current = { header, attributes: new Map(), labelMore: [], notes: [], choices: [], choiceLines: [], lines: header ? [header] : [], depth };
        records.push(current);
      }
      current.attributes.set(attribute.role, { value: attribute.value, line });
      current.lines.push(line);
      last = attribute.role;
      continue;
    }
    if (current && last === "choices" && line.first.list && line.first.list.level > 0) {
      const choice = CHOICE_LINE.exec(line.text.replace(/^\s*[-*+•]\s+/, "").trim());
      if (choice) {
        current.choices.push({ code: choice[1], label: choice[2].trim() });
        current.choiceLines.push(line);
        current.lines.push(line);
        continue;
      }
    }
    // A label printed over several lines runs on until the next attribute; a bracketed line is the interviewer's.
    if (current && !line.first.heading && !line.first.list && (last === "label" || last === "hint") && !text.startsWith("<")) {
      if (/^\(.*\)$/.test(text) || last === "hint") current.notes.push(text);
      else current.labelMore.push(text);
      current.lines.push(line);
      continue;
    }
    header = line;
    last = null;
  }
  return { records, used, closes };
}

/** Rewrites form-definition records into question lines (see above); other documents pass unchanged. */
export function readFormRecords(lines: LogicalLine[]): LogicalLine[] {
  const { records, used, closes } = readRecords(lines);
  // A field record names the field and gives its label and type (a heading with only "Type: …" under it is a note).
  const fields = records.filter((record) => nameOf(record) && record.attributes.has("label") && record.attributes.has("type"));
  if (fields.length < 3 || fields.length < records.length * 0.6) return lines;
  for (const record of records) for (const line of record.lines) used.add(line);
  const byHeader = new Map<LogicalLine, FieldRecord>();
  const byFirstLine = new Map<LogicalLine, FieldRecord>();
  for (const record of records) byFirstLine.set(record.lines[0], record);
  for (const record of records) if (record.header) byHeader.set(record.header, record);
  const names = new Set(records.map(nameOf).filter(Boolean));
  const groups: { depth: number; condition: string }[] = [];
  const out: LogicalLine[] = [];
  let number = 0;
  for (const line of lines) {
    if (closes.has(line)) {
      const depth = closes.get(line)!;
      while (groups.length && groups.at(-1)!.depth > depth) groups.pop();
      continue;
    }
    const record = byFirstLine.get(line);
    if (!record) {
      if (!used.has(line)) out.push(line);
      continue;
    }
    const type = record.attributes.get("type")?.value.replace(/\s+/g, " ").trim() ?? "";
    const condition = withFieldReferences(record.attributes.get("logic")?.value.replace(/\s+/g, " ").trim() ?? "", names);
    if (GROUP_END.test(type)) {
      groups.pop();
      continue;
    }
    if (GROUP_BEGIN.test(type)) {
      // A group at the same level ends the previous one when the document prints no end for it.
      while (groups.length && groups.at(-1)!.depth >= record.depth && record.depth === 0) groups.pop();
      groups.push({ depth: record.depth, condition });
      const title = headerText(record) || (record.attributes.get("label")?.value ?? "");
      if (title && record.header) out.push({ ...record.header, text: title, first: { ...record.header.first, heading: record.header.first.heading ?? 2, list: undefined } });
      continue;
    }
    const name = nameOf(record);
    const rawLabel = [record.attributes.get("label")?.value ?? "", ...record.labelMore].join(" ").replace(/\s+/g, " ").trim();
    const label = EMPTY_VALUE.test(rawLabel) ? "" : rawLabel;
    if (!name || !label || !isQuestionType(type)) continue;
    const printed = PRINTED_NUMBER.exec(label);
    const conditions = [...groups.map((group) => group.condition), condition].filter(Boolean);
    const anchor = record.attributes.get("label")!.line;
    number++;
    const field: FieldDefinition = {
      name,
      label: printed ? label.slice(printed[0].length) : label,
      type,
      condition: conditions.length > 1 ? conditions.map((part) => `(${part})`).join(" and ") : (conditions[0] ?? ""),
      choices: record.choices,
      notes: [...record.notes, ...(record.attributes.get("hint") && !EMPTY_VALUE.test(record.attributes.get("hint")!.value) ? [`(${record.attributes.get("hint")!.value})`] : [])],
      anchor,
      conditionLine: record.attributes.get("logic")?.line ?? anchor,
      answerLine: record.choiceLines.at(-1) ?? anchor,
      printedNumber: printed?.[1],
    };
    out.push(...fieldLines(field, number));
  }
  return out;
}
