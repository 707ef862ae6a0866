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
  // Each marked line's run, in one pass: the run's length is stored at every line of it.
  const runLength = new Array<number>(marked.length).fill(0);
  for (let start = 0; start < marked.length; ) {
    let end = start;
    while (end < marked.length && marked[end]) end++;
    for (let index = start; index < end; index++) runLength[index] = end - start;
    start = end > start ? end : start + 1;
  }
  let changed = false;
  const lines: ExtractedLine[] = doc.lines.map((line, index) => {
    if (runLength[index] < MIN_RUN) return line;
    changed = true;
    const text = line.text.replace("©", "○");
    const segments = line.segments?.map((segment, position) => (position === 0 ? { ...segment, text: segment.text.replace("©", "○") } : segment));
    return { ...line, text, ...(segments ? { segments } : {}) };
  });
  return changed ? { ...doc, lines } : doc;
}
