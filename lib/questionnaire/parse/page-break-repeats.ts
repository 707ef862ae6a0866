import type { ExtractedDocument } from "../extract/model";

/**
 * A line a page break cut through, printed twice. A browser printing a web form does not move a line that straddles
 * the page's bottom edge: its top half ends one page and its bottom half starts the next, and the text layer holds
 * the whole line on both. Convention (PDF): the first line of a page that repeats the last line of the page before
 * word for word, at the same indent, is that line again: the copy at the foot of the earlier page is dropped — when it is long enough to be a sentence
 * (four words or more), not a short label or a scale heading a form may well print again.
 */
export function withoutBreakRepeats(doc: ExtractedDocument): ExtractedDocument {
  if (doc.format !== "pdf") return doc;
  const repeated = new Set<number>();
  doc.lines.forEach((line, index) => {
    const before = doc.lines[index - 1];
    if (!before || line.page === undefined || before.page === undefined || line.page !== before.page + 1) return;
    const text = line.text.trim();
    if (text !== before.text.trim() || text.split(/\s+/).length < 4) return;
    if (Math.abs((line.indent ?? 0) - (before.indent ?? 0)) > 0.01) return;
    // The copy on the later page is kept: the rest of a wrapped line follows it there.
    repeated.add(index - 1);
  });
  return repeated.size ? { ...doc, lines: doc.lines.filter((_, index) => !repeated.has(index)) } : doc;
}
