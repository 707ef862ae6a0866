import type { BodyPart, RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * Cover fields: the fields a questionnaire's cover page (or its last page) prints for the fieldwork — the
 * interviewer's name or code, the date and time of the interview, the questionnaire's number, its version — are
 * filled by the interviewer or the office, not answered by the respondent. In a questionnaire that numbers its
 * questions, such an unnumbered field is a note, not a question. What the segmenter gathered under one (a consent
 * paragraph with its "I agree" boxes after "Date of interview: __/__/__") keeps its own reading: answers after the
 * fields are a question of their own, other text is text.
 */

/** The name of a fieldwork field, at the start of a line, in the languages questionnaires are written in. */
const FIELD_NAME = new RegExp(
  "^(?:" +
    [
      String.raw`interviewer(?:['’]s)?(?:[\s-]+(?:name|code|id|number|no\.?|nr\.?|nummer|signature))?`,
      String.raw`(?:enumerator|supervisor|editor|coder|data entry(?: clerk)?)(?:['’]s)?(?:[\s-]+(?:name|code|id|number|no\.?|nr\.?|nummer|signature))?`,
      String.raw`(?:date|time|day)\s+of\s+(?:the\s+)?interview`,
      String.raw`interview\s+(?:date|time|start|end|duration|no\.?|number|id)`,
      String.raw`(?:start|end|finish|starting|ending)\s+time`,
      String.raw`time\s+(?:started|ended|start|end)`,
      String.raw`(?:survey|questionnaire|form|case|record|serial)\s+(?:id|no\.?|number|code|#)`,
      String.raw`(?:questionnaire\s+|survey\s+|form\s+)?version(?:\s+(?:of\s+the|du|de\s+la)\s+(?:questionnaire|survey|form|enqu[êe]te))?|versi[óo]n\s+del\s+(?:cuestionario|formulario)|fragebogenversion`,
      String.raw`(?:place\s+and\s+)?date|signature|fecha|firma|(?:lieu\s+et\s+)?date|(?:ort\s+und\s+)?datum|unterschrift|data|assinatura|handtekening`,
      String.raw`(?:entrevistador|encuestador|enqu[êe]teur|enqu[êe]trice|intervistatore|intervistatrice|interviewerin)a?`,
      String.raw`fecha\s+de\s+(?:la\s+)?entrevista|hora\s+de\s+(?:inicio|t[ée]rmino|fin)|(?:n[úu]mero|no\.?|n[º°])\s+de\s+(?:cuestionario|encuesta|boleta)|folio|versi[óo]n`,
      String.raw`date\s+de\s+l['’](?:entretien|enqu[êe]te|interview)|heure\s+de\s+(?:d[ée]but|fin)|(?:num[ée]ro|n[º°])\s+(?:du\s+|de\s+)?questionnaire`,
      String.raw`datum\s+des\s+interviews|interviewdatum|fragebogen(?:nummer|-nr\.?)|uhrzeit\s+(?:beginn|ende)`,
      String.raw`data\s+da\s+entrevista|(?:n[úu]mero|n[º°])\s+do\s+question[áa]rio|hora\s+de\s+(?:in[íi]cio|t[ée]rmino)`,
      String.raw`data\s+dell['’]intervista|numero\s+(?:del\s+)?questionario`,
    ].join("|") +
    ")",
  "i",
);

/** A blank to fill: underscores, dots, boxes, slashes, brackets (one character class, read in one pass). */
const BLANK = /^[_.\s/:\-–|()[\]☐□▢]*$/;
/** A version number ("2.1", "v3"). */
const VERSION_NUMBER = /^v?\d{1,3}(?:\.\d{1,3}){0,3}$/i;

/** What may follow a field's name: a colon, then a blank to fill or a version number. */
function fieldRest(rest: string): boolean {
  const value = rest.trim().replace(/^[:：.]/, "").trim();
  return BLANK.test(value) || VERSION_NUMBER.test(value);
}

/** A line that is only a fieldwork field ("Interviewer: ________", "Date of interview: __/__/____", "Version 2.1"). */
export function isCoverField(text: string): boolean {
  const line = text.trim().replace(/^(?:[-•*]|[☐□▢])\s*/, "").slice(0, 200);
  const match = FIELD_NAME.exec(line);
  return Boolean(match) && fieldRest(line.slice(match![0].length));
}

function partText(part: BodyPart): string {
  if (part.kind === "table") return "";
  return part.line.text;
}

/** Splits off an unnumbered item's leading and trailing fieldwork fields: the fields become notes, the rest keeps its own reading. */
export function readCoverFields(segmentation: Segmentation): void {
  const printed = segmentation.items.filter((item) => item.kind === "question" && item.id).length;
  if (printed < 3) return;
  const items: (RawQuestion | RawInfo)[] = [];
  for (const item of segmentation.items) {
    if (item.kind !== "question" || item.id || item.logic.length) {
      items.push(item);
      continue;
    }
    const fields = item.body.findIndex((part) => !isCoverField(partText(part)));
    const count = fields < 0 ? item.body.length : fields;
    // Fields printed after the item's own lines ("Date: ____" under a consent box) are split off the same way.
    const last = item.body.findLastIndex((part) => !isCoverField(partText(part)));
    const trailing = count < item.body.length ? item.body.length - 1 - last : 0;
    if (count === 0 && trailing === 0) {
      items.push(item);
      continue;
    }
    for (const part of [...item.body.slice(0, count), ...item.body.slice(item.body.length - trailing)]) if (part.kind !== "table") segmentation.notes.push({ text: part.line.text.trim(), span: { start: part.line.start, end: part.line.end } });
    const rest = item.body.slice(count, item.body.length - trailing);
    if (count === 0) {
      items.push({ ...item, body: rest });
      continue;
    }
    if (rest.some((part) => part.kind === "option")) {
      // Answers after the fields: a question of its own, worded by the lines before its answers.
      const body: BodyPart[] = rest.map((part) => (part.kind === "note" || part.kind === "instruction" ? { kind: "wording", line: part.line, text: part.line.text.trim() } : part));
      items.push({ ...item, label: undefined, body, start: rest[0].kind === "table" ? item.start : rest[0].line.start });
    } else if (rest.length) {
      const lines = rest.flatMap((part) => (part.kind === "table" ? [] : [part.line]));
      items.push({ kind: "info", role: "text", lines, logic: [], notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore });
    }
  }
  segmentation.items = items;
}
