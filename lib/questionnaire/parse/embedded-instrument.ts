import type { LogicalLine, Unit } from "./lines";
import { isMostlyUpper } from "./patterns";

/**
 * A questionnaire printed as an appendix of a longer document: a report, thesis or paper supplement whose body is
 * prose (findings, methods, recommendations, often with bullet lists and numbered points of its own) and whose
 * instrument sits under a heading that names it ("Appendix C: Interview schedule", "Annex 2 – Survey
 * questionnaire", "Appendix: Focus group guide"). Only that part holds questions; the body before it and any
 * appendix after it that is not an instrument (interview notes, references, tables of results) are the document's
 * text. Recognised only when the body before the heading reads as prose (several long paragraphs that ask nothing)
 * and the appendix asks at least as often as the body does. A questionnaire that merely ends with an appendix keeps its
 * own questions (see the appendix rule in segment.ts).
 */

/** A heading naming a research instrument after an appendix/annex/supplement label. */
const INSTRUMENT_HEADING = new RegExp(
  String.raw`^(?:appendix|annex|annexe|anhang|anexo|attachment|supplement(?:ary)?(?:\s+(?:material|file))?)\b[^?？]{0,40}?\b(?:` +
    [
      String.raw`questionnaires?`,
      String.raw`survey(?:\s+(?:instrument|questions?|questionnaire|form|items))?(?=\s*$|\s*[(:–-])`,
      String.raw`interview\s+(?:questions|guide|protocol|schedule|script|topics)`,
      String.raw`(?:focus[\s-]group|discussion|topic|moderator|facilitator)\s+guide`,
      String.raw`focus[\s-]group\s+(?:questions|protocol|script)`,
      String.raw`(?:research|study|data\s+collection)\s+(?:instruments?|tools?)`,
    ].join("|") +
    String.raw`)\b`,
  "iu",
);

/** The heading of other back matter that ends the instrument. */
const BACK_MATTER = /^(?:appendix|annex|annexe|anhang|anexo|attachment|supplement(?:ary)?)\b|^(?:references|bibliography|works cited)\s*:?$/iu;

/** Fewest long, non-asking paragraphs before the instrument for the document to read as a report around it. */
const PROSE_PARAGRAPHS = 6;
const LONG_PARAGRAPH = 250;

/** The text without the Markdown heading and emphasis marks around it (a loop, not a pattern: runs of marks stay linear). */
function unmarked(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && "#*_ \t\n".includes(text[from])) from++;
  while (to > from && "*_ \t\n".includes(text[to - 1])) to--;
  return text.slice(from, to);
}

const looksLikeHeading = (line: LogicalLine, text: string) =>
  text.length < 100 && !/[?？]/.test(text) && Boolean(line.first.heading || line.first.bold || isMostlyUpper(text));

/** A heading that names the instrument printed under it ("Annex 1: Focus group guide"). */
export function isInstrumentHeading(line: LogicalLine): boolean {
  const text = unmarked(line.text);
  return looksLikeHeading(line, text) && INSTRUMENT_HEADING.test(text);
}

export interface EmbeddedInstrument {
  /** Unit index of the heading that names the instrument. */
  start: number;
  /** Unit index just past the instrument (the next back-matter heading that is not one, or the end). */
  end: number;
}

export function embeddedInstrument(units: Unit[]): EmbeddedInstrument | null {
  let prose = 0;
  let asking = 0;
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    if (unit.kind !== "line") continue;
    const text = unit.line.text.trim();
    if (isInstrumentHeading(unit.line)) {
      if (prose < PROSE_PARAGRAPHS || prose <= asking) return null;
      let end = index + 1;
      for (; end < units.length; end++) {
        const next = units[end];
        if (next.kind !== "line") continue;
        const nextText = unmarked(next.line.text);
        if (isInstrumentHeading(next.line)) continue;
        if (looksLikeHeading(next.line, nextText) && BACK_MATTER.test(nextText)) break;
      }
      // The appendix must hold the questions: a questionnaire that asks more before it (its own questions, then
      // an appendix restating some of them) keeps its own.
      const within = units.slice(index + 1, end).filter((entry) => entry.kind === "line" && /[?？]/.test(entry.line.text)).length;
      if (within < asking) return null;
      return { start: index, end };
    }
    if (/[?？]/.test(text)) asking++;
    else if (text.length >= LONG_PARAGRAPH) prose++;
  }
  return null;
}
