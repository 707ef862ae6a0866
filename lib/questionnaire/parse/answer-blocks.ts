import { classifyLine, type LogicalLine, type Unit } from "./lines";

/**
 * Layout first: a question is an asking unit followed by an answer block, whatever the language. The block is
 * recognised by its shape, not by its words — a run of two or more short lines printed in parallel (the same
 * indent, each a phrase rather than a sentence, none asking anything, all opening in the same case) set apart from
 * the line above by a deeper indent, or by the shared marker or case pattern a list of answers has under a line
 * that asks. The asking unit is recognised by its punctuation: a line ending in a question mark (any script,
 * "¿…?" too) or a colon, or a question sentence followed by one short request ("… before taxes? Please give your
 * best guess.").
 *
 * The reading widens the existing unnumbered-question rules (segment.ts) and the collapse self-check
 * (stem-evidence.ts): it is only consulted where no other rule has taken the line.
 */

/** The longest answer printed as a phrase in a shaped block. */
const MAX_PHRASE = 60;
const MAX_BLOCK = 15;
/** An answer phrase does not end as a sentence or a lead-in (an ending "…" or "____" is a write-in, kept). */
const SENTENCE_END = /[.!?？;:：。！؟]$/;
/** A line that asks: a question mark at its end (after an optional bracketed remark), or a colon. */
const ASKS_AT_END = /(?:[?？؟]|[:：])\s*(?:\([^()]{0,60}\)|\[[^[\]]{0,60}\])?$/;
/** A question sentence followed by one or two short requests or remarks ("…? Please give your best guess."). */
const ASKS_THEN_REMARK = /[?？؟]\s+\p{Lu}[^?？؟.!]{2,80}[.!](?:\s+\p{Lu}[^?？؟.!]{2,80}[.!])?$/u;
const INDENT_STEP = 0.02;

/**
 * A line styled as a heading without being a sentence ("**Household size**", a bold "Marital status"): under it, an
 * answer block set deeper makes it the question (its wording is the label).
 */
export function styledLabel(line: LogicalLine): boolean {
  const text = line.text.trim();
  return Boolean(line.first.bold || line.first.heading) && text.length >= 3 && text.length <= 60 && !/[.!;,]$/.test(text) && /\p{L}/u.test(text);
}

/** The line asks by its punctuation alone (see the module comment). */
export function asksByPunctuation(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 8 || trimmed.length > 300) return false;
  return ASKS_AT_END.test(trimmed) || ASKS_THEN_REMARK.test(trimmed);
}

/** How a line opens: a capital, a small letter, or a figure or sign ("18-24", "$25,000", "< 5"). */
function caseOf(text: string): "upper" | "lower" | "figure" {
  const first = text.replace(/^[\s"'“(]+/, "")[0] ?? "";
  if (/\p{Lu}/u.test(first)) return "upper";
  if (/\p{Ll}/u.test(first)) return "lower";
  return "figure";
}

function phrase(line: LogicalLine): boolean {
  const text = line.text.trim();
  if (text.length === 0 || text.length > MAX_PHRASE) return false;
  if (SENTENCE_END.test(text) && !text.endsWith("__")) return false;
  const kind = classifyLine(line).kind;
  return kind === "text" || kind === "option";
}

/**
 * The number of lines of the answer block that starts at units[from], under the asking line `stem`, or 0 when the
 * lines there are not shaped as one: at least two phrases in a row, no blank between them, at one indent, and either
 * indented deeper than the stem or opening in one case with a lower-case or digit start ("less than 5", "18-24")
 * or a capital start each (a list of answers, not a paragraph). A block that runs on into more phrases past the
 * cap is a list of something else (a table of contents, a list of sites).
 */
export function shapedAnswerBlock(units: Unit[], from: number, stem: LogicalLine, shapes: { indentedOnly?: boolean; plain?: boolean } = {}): number {
  const lines: LogicalLine[] = [];
  for (let k = from; k < units.length; k++) {
    const unit = units[k];
    if (unit.kind !== "line" || !phrase(unit.line)) break;
    if (lines.length > 0 && unit.line.first.blankBefore) break;
    if (lines.length > 0 && Math.abs((unit.line.first.indent ?? 0) - (lines[0].first.indent ?? 0)) > 0.01) break;
    if (lines.length > 0 && unit.line.first.page !== lines[0].first.page) break;
    lines.push(unit.line);
    if (lines.length > MAX_BLOCK) return 0;
  }
  if (lines.length < 2) return 0;
  const stemIndent = stem.first.indent;
  const blockIndent = lines[0].first.indent;
  const deeper = stemIndent !== undefined && blockIndent !== undefined && blockIndent > stemIndent + INDENT_STEP;
  const cases = new Set(lines.map((line) => caseOf(line.text)));
  if (!deeper && cases.size > 1 && !(cases.size === 2 && cases.has("figure"))) return 0;
  // (At the stem's own indent, the lines must look like a list: list markers, or — where the document repeats the
  // shape, see plainAnswerRhythm — plain phrases much shorter than the stem.)
  const marked = lines.every((line) => line.first.list !== undefined);
  const short = lines.every((line) => line.text.trim().length * 2 <= stem.text.trim().length);
  if (!deeper && (shapes.indentedOnly || !(marked || (short && shapes.plain)))) return 0;
  return lines.length;
}

/**
 * Whether the document prints its answers as plain short lines right under lines that ask, at their indent, at
 * least three times: then such a block is an answer block. Fewer are as often notes or a minute's headings over
 * points ("Why did the pump stop?" / "Frost" / "Worn seal").
 */
export function plainAnswerRhythm(units: Unit[]): boolean {
  let pairs = 0;
  units.forEach((unit, index) => {
    if (unit.kind === "line" && asksByPunctuation(unit.line.text) && shapedAnswerBlock(units, index + 1, unit.line, { plain: true }) > 0) pairs++;
  });
  return pairs >= RHYTHM_PAIRS;
}

/** The fewest label-over-block pairs that make a document's rhythm. */
const RHYTHM_PAIRS = 3;

/** A plain short label: a phrase that opens with a letter and does not end as a sentence or a list item. */
function plainLabel(line: LogicalLine): boolean {
  const text = line.text.trim();
  return text.length >= 3 && text.length <= MAX_PHRASE && /^\p{L}/u.test(text) && !/[.!;,]$/.test(text) && ["text", "instruction"].includes(classifyLine(line).kind);
}

/**
 * A form's rhythm of questions printed as bare labels ("Type of dwelling" over "Flat / House / Caravan" set deeper):
 * where at least three plain labels each stand over an answer block set deeper than themselves, those labels ask —
 * the unit indices of the labels, or an empty set. No word of the label is read: the repeated shape is the evidence.
 */
export function rhythmLabels(units: Unit[]): Set<number> {
  const labels = new Set<number>();
  units.forEach((unit, index) => {
    if (unit.kind !== "line" || !plainLabel(unit.line)) return;
    if (shapedAnswerBlock(units, index + 1, unit.line, { indentedOnly: true }) > 0) labels.add(index);
  });
  return labels.size >= RHYTHM_PAIRS ? labels : new Set();
}
