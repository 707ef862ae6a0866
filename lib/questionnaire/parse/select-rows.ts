import type { IRItem } from "../ir";
import type { BodyPart, Segmentation } from "./segment";

/**
 * A printed web survey's dropdown rows. A survey tool prints a closed dropdown as its placeholder in brackets
 * ("[Please select]", "[Bitte auswählen]", "[Choose…]"), so a question that asks for one dropdown per row prints
 * one line per row: the row's label, then the placeholder ("Year 1  [Please select]" / "Year 2  [Please select]").
 * The dropdown's own answers are not printed. Convention:
 * - two or more answer lines of a question, each ending with such a placeholder, are the rows of a grid whose
 *   answers (the dropdown's) are not printed: a grid with those rows and no columns;
 * - the rows are often numbered ("1. Year 1 [Please select]"), so the next numbered item of the questionnaire
 *   reads as one more answer of the list; a numbered answer line without a placeholder, followed by placeholder
 *   rows again, is the next question (its number continues the questions').
 */

/** The closed dropdown's placeholder at the end of a line, in brackets. */
const SELECT_PLACEHOLDER = new RegExp(
  String.raw`[[(<]\s*[-–—]*\s*(?:please\s+(?:select|choose)|select(?:\s+(?:one|an?\s+(?:option|answer)))?|choose(?:\s+(?:one|an?\s+option))?|bitte\s+(?:ausw[äa]hlen|w[äa]hlen)|ausw[äa]hlen|veuillez\s+(?:s[ée]lectionner|choisir)|s[ée]lectionner|choisir|seleccione|seleccionar|por\s+favor\s+seleccione|selecione|escolha|selezionare|seleziona|selecteer|kies)\s*(?:\.{3}|…)?\s*[-–—]*\s*[\])>]\s*$`,
  "i",
);

/** The line ends with a dropdown placeholder. */
export function endsWithSelectPlaceholder(text: string): boolean {
  return SELECT_PLACEHOLDER.test(text);
}

type OptionPart = Extract<BodyPart, { kind: "option" }>;

/**
 * A numbered answer line without a placeholder between runs of placeholder rows starts the next question: the
 * question is cut there and a question with that number is inserted after it.
 */
export function splitSelectRowQuestions(segmentation: Segmentation): void {
  for (let index = 0; index < segmentation.items.length; index++) {
    const item = segmentation.items[index];
    if (item.kind !== "question" || !item.id) continue;
    const options = item.body.filter((part): part is OptionPart => part.kind === "option");
    if (options.filter((part) => endsWithSelectPlaceholder(part.text)).length < 2) continue;
    const cut = item.body.findIndex((part, at) => {
      if (part.kind !== "option" || endsWithSelectPlaceholder(part.text) || !part.numbered) return false;
      const before = item.body.slice(0, at).filter((other) => other.kind === "option");
      const after = item.body.slice(at + 1).filter((other) => other.kind === "option");
      return before.length >= 2 && before.every((other) => endsWithSelectPlaceholder(other.text)) && after.length >= 2 && after.slice(0, 2).every((other) => endsWithSelectPlaceholder(other.text));
    });
    if (cut < 0) continue;
    const head = item.body[cut] as OptionPart;
    const code = head.option.code;
    const number = code && /^\d{1,3}$/.test(code) ? Number(code) : undefined;
    if (number === undefined || (item.id.number !== undefined && number <= item.id.number)) continue;
    const rest = item.body.slice(cut + 1);
    item.body = item.body.slice(0, cut);
    const label = head.option.label.trim();
    segmentation.items.splice(index + 1, 0, {
      ...item,
      id: { ...item.id, id: String(number), rest: label, number, alias: undefined },
      label: undefined,
      aliases: [],
      body: [{ kind: "wording", line: head.line, text: label }, ...rest],
      logic: [],
      notes: [],
      pageBreakBefore: false,
      start: head.line.start,
    });
    item.end = head.line.start;
  }
}

/** Questions whose answers are dropdown rows become grids of those rows (in place). */
export function readSelectRows(items: IRItem[]): void {
  for (const item of items) {
    if (item.kind !== "question" || item.type === "grid" || item.options.length < 2) continue;
    if (!item.options.every((option) => endsWithSelectPlaceholder(option.label))) continue;
    const labels = item.options.map((option) => option.label.replace(SELECT_PLACEHOLDER, "").trim());
    // Numbered rows with the same words ("1. Year" / "2. Year") keep their number: it tells them apart.
    const repeated = new Set(labels).size < labels.length;
    item.rows = item.options.map((option, at) => ({ ...option, label: repeated && option.codePrinted ? `${option.code}. ${labels[at]}` : labels[at] }));
    item.options = [];
    item.columns = [];
    item.type = "grid";
    delete item.min;
    delete item.max;
    item.warnings.push("Each row is a dropdown whose answers are not printed.");
  }
}
