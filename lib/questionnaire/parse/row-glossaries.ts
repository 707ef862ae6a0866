import type { LogicalLine } from "./lines";
import type { RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * A glossary of a grid's rows, printed before the grids that rate them: "Please evaluate each snippet on these
 * characteristics:" over "readability, how easy it is to understand", "testability – how easy it is to test", then
 * grids whose rows are "readability", "testability", … Read line by line, the glossary is an unnumbered question whose
 * answers are its entries; but each entry defines a term — the term, a separator, its definition — and the terms are
 * the rows of a later grid. Convention: an unnumbered list of two entries or more, each a term of at most four words
 * then a comma, a colon, a dash or an equals sign and more words, every term being a row label of one grid further
 * on, is text explaining those rows.
 */

const TERM_WORDS = 4;
const SEPARATORS = [",", ":", "：", " – ", " — ", " - ", "="];

/** The term an entry defines ("readability" in "readability, how easy it is to read"), or null. */
function definedTerm(label: string): string | null {
  const text = label.trim().slice(0, 300);
  let cut = -1;
  for (const separator of SEPARATORS) {
    const at = text.indexOf(separator);
    if (at > 0 && (cut < 0 || at < cut)) cut = at;
  }
  if (cut < 0) return null;
  const term = text.slice(0, cut).trim();
  const definition = text.slice(cut + 1).replace(/^[\s–—=-]+/, "");
  if (!term || term.split(/\s+/).length > TERM_WORDS || definition.split(/\s+/).filter(Boolean).length < 2) return null;
  return normal(term);
}

function normal(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/** The row labels of every grid printed in a question's body. */
function gridRows(question: RawQuestion): Set<string>[] {
  return question.body.flatMap((part) =>
    part.kind === "table" ? [new Set(part.table.rows.slice(1).flatMap((row) => (row[0]?.text.trim() ? [normal(row[0].text)] : [])))] : [],
  );
}

export function readRowGlossaries(segmentation: Segmentation): void {
  const items = segmentation.items;
  segmentation.items = items.map((item, index) => {
    if (item.kind !== "question" || item.id || item.label) return item;
    if (item.body.some((part) => part.kind !== "wording" && part.kind !== "option" && part.kind !== "instruction")) return item;
    const options = item.body.flatMap((part) => (part.kind === "option" ? [part.option.label] : []));
    if (options.length < 2) return item;
    const terms = options.map(definedTerm);
    if (terms.some((term) => term === null)) return item;
    const later = items.slice(index + 1).flatMap((next) => (next.kind === "question" ? gridRows(next) : []));
    if (!later.some((rows) => terms.every((term) => rows.has(term!)))) return item;
    const lines: LogicalLine[] = item.body.flatMap((part) => ("line" in part ? [part.line] : []));
    const info: RawInfo = { kind: "info", role: "text", lines, logic: item.logic, notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore };
    return info;
  });
}
