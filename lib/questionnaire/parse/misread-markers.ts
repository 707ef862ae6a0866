import type { ExtractedDocument, ExtractedLine } from "../extract/model";

/**
 * Answer markers a PDF's text layer misreads. A radio button typeset from a symbol font that carries no Unicode
 * mapping comes out as the character at the glyph's code in the standard encoding; for the circle that is "©"
 * (LaTeX copies of web forms print their ovals this way). One line starting with "©" is a copyright notice;
 * a run of lines each starting with "© " and an answer ("© 1 (No experience)", "© 2", … "© 7") is a list of
 * radio buttons, so the marker is restored as "○" for the segmenter and the interpreter.
 */
const MISREAD_RADIO = /^©\s+\S/;

/** At least this many lines in a row before "©" is read as a marker rather than a notice. */
const MIN_RUN = 2;

export function withMisreadMarkers(doc: ExtractedDocument): ExtractedDocument {
  if (doc.format !== "pdf") return doc;
  const marked = doc.lines.map((line) => MISREAD_RADIO.test(line.text.trim()));
  if (!marked.some(Boolean)) return doc;
  let changed = false;
  const lines: ExtractedLine[] = doc.lines.map((line, index) => {
    if (!marked[index]) return line;
    let start = index;
    while (start > 0 && marked[start - 1]) start--;
    let end = index;
    while (end + 1 < marked.length && marked[end + 1]) end++;
    if (end - start + 1 < MIN_RUN) return line;
    changed = true;
    const text = line.text.replace("©", "○");
    const segments = line.segments?.map((segment, position) => (position === 0 ? { ...segment, text: segment.text.replace("©", "○") } : segment));
    return { ...line, text, ...(segments ? { segments } : {}) };
  });
  return changed ? { ...doc, lines } : doc;
}
