import type { LogicalLine } from "./lines";

/**
 * Codebook variable blocks (the layout of data documentation that prints the questionnaire as its codebook: NHANES,
 * DHS, IPUMS, national statistics offices): every variable is a heading "VARNAME - label" followed by labelled
 * fields ("Variable Name:", "SAS Label:", "English Text:" / "Question Text:" / "Texto de la pregunta:",
 * "Instructions:", "Target:" / "Universe:" / "Universo:") and a code table "Code or Value | Value Description |
 * Count | Cumulative | Skip to Item" whose frequency columns are no answers and whose skip column routes the rows
 * that print a target.
 *
 * The blocks are read before any line is classified: each becomes a question start named by the variable (a spine
 * entry), its universe as a bracketed display condition when it is narrower than everyone, its instructions, and
 * its codes as answer lines carrying their "GO TO" target. A "Range of Values" row declares a numeric entry: the
 * special codes printed beside it (refused, don't know, top codes) are kept as a note, not as answers. The
 * documentation prose before the first block (component description, analytic notes, a table of contents) is no
 * questionnaire and is left out. Documents with fewer than three such blocks pass unchanged.
 */

type FieldRole = "variable" | "label" | "wording" | "instructions" | "universe";

const FIELD_ROLES: readonly { role: FieldRole; label: RegExp }[] = [
  { role: "variable", label: /^(?:variable(?: name)?|var(?:iable)?[ _]?name|nombre de (?:la )?variable|variablenname|nom de (?:la )?variable|nome (?:da|della) variabile)$/i },
  { role: "label", label: /^(?:(?:sas|stata|spss|variable) label|label|etiqueta(?: de (?:la )?variable)?|variablenlabel|etikett|libellé(?: de la variable)?)$/i },
  {
    role: "wording",
    label:
      /^(?:(?:english|spanish|french|german|italian|portuguese) )?(?:question )?(?:text|wording)$|^(?:question|literal question|texto(?: de la pregunta)?|pregunta|texto en español|fragetext|frage|wortlaut|texte(?: de la question)?|libellé de la question|testo(?: della domanda)?|domanda|pergunta)$/i,
  },
  {
    role: "instructions",
    label: /^(?:(?:english |interviewer |spanish |french |german )?instructions?|interviewer note|instrucciones?(?: al encuestador)?|hinweise?(?: für interviewer)?|intervieweranweisung|consignes?(?: enquêteur)?|istruzioni)$/i,
  },
  { role: "universe", label: /^(?:target(?: group)?|universe|universo|population|grundgesamtheit|zielgruppe|champ|univers|filter|eligibility|asked of|se aplica a|aplica a)$/i },
];

/** A codebook's variable heading: "DBQ010 - Ever breastfed", "P1A – Edad", "hv201: source of drinking water". */
const VARIABLE_HEADING = /^([A-Za-z][A-Za-z0-9_.]{0,30}[0-9][A-Za-z0-9_.]*|[A-Z][A-Z0-9_]{2,30})\s*(?:[-–—:]\s*)(.*)$/;

function fieldOf(text: string): { role: FieldRole; value: string } | null {
  const body = text.trim().replace(/^\*\*/, "");
  const colon = body.indexOf(":");
  if (colon < 2 || colon > 40) return null;
  const label = body.slice(0, colon).replace(/\*\*$/, "").trim();
  const found = FIELD_ROLES.find((entry) => entry.label.test(label));
  return found ? { role: found.role, value: body.slice(colon + 1).replace(/^\s*\*\*/, "").trim() } : null;
}

type ColumnRole = "code" | "description" | "skip";

const COLUMN_ROLES: readonly { role: ColumnRole; header: RegExp }[] = [
  { role: "skip", header: /^(?:skip(?: to(?: item)?)?|go ?to|pase a|pasa a|ir a|weiter(?: mit| zu)?|filter|aller à|passer à|vai a|route)$/i },
  { role: "code", header: /^(?:code(?: or value)?|value|codes?|valor|código|codigo|wert|kode|valeur|codice)$/i },
  { role: "description", header: /^(?:(?:value )?description|value label|label|categor(?:y|ía|ie)|etiqueta|descripción|beschreibung|ausprägung|libellé|modalité|etichetta)$/i },
];

/** A "Range of Values" row: the variable is entered as a number. */
const RANGE_ROW = /^(?:range of values|rango(?: de valores)?|wertebereich|plage de valeurs|intervallo)$/i;
/** A code cell holding a range ("1 to 1095", "0-99", "1 a 12"). */
const CODE_RANGE = /^\d+\s*(?:to|-|–|a|bis|à)\s*\d+$/i;
/** The universe of everyone: no condition ("Both males and females 0 YEARS - 150 YEARS", "All persons", "Todos"). */
const EVERYONE = /^(?:all\b|everyone|todos|todas|alle\b|tous|tutti)|\b0 years?\s*-\s*1[0-9]{2} years?\b/i;

/** An age universe: "0 YEARS - 6 YEARS", "20 years - 150 years", "de 15 años y más", "16 Jahre und älter", "5 tahun ke atas". */
const AGE_SPAN = /\b(\d{1,3})\s*(?:years?|yrs?|años|anos|jahre|ans|anni|tahun)?\s*(?:-|–|to|a|bis|à|sampai|hingga)\s*(\d{1,3})\s*(?:years?|yrs?|años|anos|jahre|ans|anni|tahun)\b/i;
const AGE_FROM = /\b(\d{1,3})\s*(?:years?|yrs?|años|anos|jahre|ans|anni|tahun)\s*(?:and (?:over|older|above)|or (?:over|older|more)|\+|y más|o más|und älter|oder älter|et plus|ou plus|ou mais|e più|ke atas|atau lebih)/i;
/** "under 18 years", "de moins de 18 ans", "menores de 18 años": younger than the age. */
const AGE_UNDER = /\b(?:under|younger than|less than|moins de|menos de|menores de|unter)\s+(\d{1,3})\s*(?:years?|yrs?|años|anos|jahren?|ans|anni|tahun)\b/i;

/** The hidden variable a codebook's age universe is a condition on. */
export const UNIVERSE_AGE_VARIABLE = "AGE_YEARS";

/** The condition an age universe states, as a comparison on the respondent's age; null when it states no age. */
export function ageUniverseCondition(universe: string): string | null {
  const span = AGE_SPAN.exec(universe);
  if (span) {
    const from = Number(span[1]);
    const to = Number(span[2]);
    if (to < from) return null;
    if (to >= 100) return from > 0 ? `${UNIVERSE_AGE_VARIABLE} >= ${from}` : null;
    return from > 0 ? `${UNIVERSE_AGE_VARIABLE} >= ${from} AND ${UNIVERSE_AGE_VARIABLE} <= ${to}` : `${UNIVERSE_AGE_VARIABLE} <= ${to}`;
  }
  const over = AGE_FROM.exec(universe);
  if (over) return Number(over[1]) > 0 ? `${UNIVERSE_AGE_VARIABLE} >= ${over[1]}` : null;
  const under = AGE_UNDER.exec(universe);
  return under && Number(under[1]) > 1 ? `${UNIVERSE_AGE_VARIABLE} <= ${Number(under[1]) - 1}` : null;
}

interface Block {
  heading: LogicalLine;
  id: string;
  label: string;
  fields: Map<FieldRole, { text: string; line: LogicalLine }>;
  table: LogicalLine[];
  extra: LogicalLine[];
}

function plain(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text, first: { ...line.first, cell: undefined, heading: undefined, list: undefined }, segments: undefined };
}

function rowsOf(lines: LogicalLine[]): Map<number, Map<number, string>> {
  const rows = new Map<number, Map<number, string>>();
  for (const line of lines) {
    const cell = line.first.cell!;
    const row = rows.get(cell.row) ?? new Map<number, string>();
    row.set(cell.col, `${row.get(cell.col) ? `${row.get(cell.col)} ` : ""}${line.text.trim()}`);
    rows.set(cell.row, row);
  }
  return rows;
}

/** The answer lines of a block's code table; `numeric` when the table declares a range of values. */
function codeLines(table: LogicalLine[], target: (id: string) => string): { answers: string[]; numeric: boolean; special: string[] } | null {
  const rows = rowsOf(table);
  if (rows.size < 2) return null;
  const headerIndex = Math.min(...rows.keys());
  const roles = new Map<ColumnRole, number>();
  for (const [col, text] of rows.get(headerIndex)!) {
    const found = COLUMN_ROLES.find((entry) => entry.header.test(text.replace(/\s+/g, " ").trim()));
    if (found && !roles.has(found.role)) roles.set(found.role, col);
  }
  if (!roles.has("code") || !roles.has("description")) return null;
  const answers: string[] = [];
  const special: string[] = [];
  let numeric = false;
  for (const [index, row] of [...rows].sort((a, b) => a[0] - b[0])) {
    if (index === headerIndex) continue;
    const code = (row.get(roles.get("code")!) ?? "").trim();
    const description = (row.get(roles.get("description")!) ?? "").trim();
    // A data file's missing-value row (". Missing") is no answer category.
    if (!/[A-Za-z0-9]/.test(code) || !description) continue;
    if (RANGE_ROW.test(description) || CODE_RANGE.test(code)) {
      numeric = true;
      continue;
    }
    const skip = target(roles.has("skip") ? (row.get(roles.get("skip")!) ?? "").trim() : "");
    // Written with an answer box: a codebook's labels run on from the wording ("Often-once a day or more?"), and an
    // indicator variable of a "code all that apply" question prints one code, which alone reads as no list.
    answers.push(`( ) ${code} ${description}${skip ? ` → GO TO ${skip}` : ""}`);
    special.push(`${code} ${description}`);
  }
  return { answers, numeric, special };
}

function printedOf(block: Block): string {
  return (block.fields.get("wording")?.text ?? (block.fields.has("instructions") ? block.label : "")).replace(/\s+/g, " ").trim();
}

/** A check item (its wording only repeats its label, no codes): a routing instruction between questions, not a question. */
function isCheckItem(block: Block): boolean {
  const printed = printedOf(block);
  return !block.table.length && printed !== "" && [block.label, block.fields.get("label")?.text ?? ""].some((label) => label.replace(/\s+/g, " ").trim().toLowerCase() === printed.toLowerCase());
}

/** Rewrites codebook variable blocks into question lines (see above); other documents pass unchanged. */
export function readCodebookBlocks(lines: LogicalLine[]): LogicalLine[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let field: FieldRole | null = null;
  let firstBlockAt = -1;
  const trailing: LogicalLine[] = [];
  for (const [index, line] of lines.entries()) {
    const text = line.text.trim();
    const heading = line.first.heading ? VARIABLE_HEADING.exec(text) : null;
    if (heading) {
      if (firstBlockAt < 0) firstBlockAt = index;
      current = { heading: line, id: heading[1], label: heading[2].trim(), fields: new Map(), table: [], extra: [] };
      blocks.push(current);
      field = null;
      continue;
    }
    if (!current) continue;
    if (line.first.heading) {
      // Another heading ends the block (a section heading between variables).
      current = null;
      trailing.push(line);
      continue;
    }
    if (line.first.cell) {
      current.table.push(line);
      field = null;
      continue;
    }
    const labelled = fieldOf(text);
    if (labelled) {
      field = labelled.role;
      if (labelled.value) current.fields.set(field, { text: labelled.value, line });
      continue;
    }
    if (field && text) {
      const previous = current.fields.get(field);
      current.fields.set(field, { text: previous ? `${previous.text} ${text}` : text, line: previous?.line ?? line });
      continue;
    }
    if (text) current.extra.push(line);
  }
  // A codebook: several variable blocks that print their wording or their variable name as fields.
  const real = blocks.filter((block) => block.fields.has("wording") || block.fields.has("variable"));
  if (real.length < 3 || real.length < blocks.length * 0.6) return lines;
  const out: LogicalLine[] = [];
  // Headings before the first block keep the document's sections; its prose is documentation, not questions.
  for (const line of lines.slice(0, firstBlockAt)) if (line.first.heading && !line.first.list) out.push(line);
  // A skip to a check item goes on to the question after it (the check item routes on from there).
  const target = (id: string): string => {
    const index = blocks.findIndex((block) => block.id === id);
    if (index < 0 || !isCheckItem(blocks[index])) return id;
    return blocks.slice(index + 1).find((block) => !isCheckItem(block))?.id ?? id;
  };
  let number = 0;
  const inBlock = new Set<LogicalLine>();
  for (const block of blocks) {
    inBlock.add(block.heading);
    for (const line of block.table) inBlock.add(line);
  }
  for (const line of lines.slice(firstBlockAt)) {
    const block = blocks.find((candidate) => candidate.heading === line);
    if (!block) {
      if (line.first.heading && !inBlock.has(line)) out.push(line);
      continue;
    }
    const printed = printedOf(block);
    if (isCheckItem(block)) {
      const instructions = block.fields.get("instructions")?.text.replace(/\s+/g, " ").trim();
      out.push(plain(block.heading, instructions && instructions.toLowerCase().includes(printed.toLowerCase()) ? instructions : `${printed} ${block.id}: ${instructions ?? ""}`.trim()));
      continue;
    }
    number++;
    const wording = (block.fields.get("wording")?.text ?? block.fields.get("label")?.text ?? block.label).replace(/\s+/g, " ").trim();
    out.push({ ...plain(block.heading, `${block.id}. ${wording}`), spine: { id: block.id, rest: wording, kind: "variable", number } });
    const universe = block.fields.get("universe");
    const universeText = universe?.text.replace(/\s+/g, " ").trim() ?? "";
    // An age universe is a condition on the respondent's age (set outside the questions); another one is kept as written.
    const ageCondition = universeText ? ageUniverseCondition(universeText) : null;
    if (ageCondition) out.push(plain(universe!.line, `[SHOW IF ${ageCondition}]`));
    else if (universeText && !EVERYONE.test(universeText) && !AGE_SPAN.test(universeText)) out.push(plain(universe!.line, `[SHOW IF ${universeText}]`));
    const instructions = block.fields.get("instructions");
    if (instructions) out.push(plain(instructions.line, `(${instructions.text.replace(/\s+/g, " ").trim()})`));
    const codes = block.table.length ? codeLines(block.table, target) : null;
    const anchor = block.table.at(-1) ?? block.heading;
    if (codes?.numeric) {
      out.push(plain(anchor, "(numeric)"));
      if (codes.special.length) out.push(plain(anchor, `(Special codes: ${codes.special.join("; ")})`));
    } else if (codes) for (const answer of codes.answers) out.push(plain(anchor, answer));
  }
  return out;
}
