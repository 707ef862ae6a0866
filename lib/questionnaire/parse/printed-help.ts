import { CUES } from "./cue-lexicon";
import type { LogicalLine } from "./lines";

/**
 * Printable views of online surveys (LimeSurvey's "printable survey", and the tools that copy its layout) print no
 * question numbers. What they print under every question's wording instead is a help line that says how to answer:
 * "Please choose the appropriate response for each item:", "Please choose only one of the following:", "Please
 * write your answer here:" — in the survey's language ("Bitte wählen Sie die zutreffende Antwort für jeden Punkt
 * aus:"). The answers below it are often a table flattened into column-header fragments, so the answers cannot
 * say where the next question starts; the help line can: the line just above a help line is a question's wording,
 * and a second help line means a second question. The non-English help lines live in the cue lexicon.
 */
const ENGLISH_HELP = String.raw`please (?:choose|select) (?:the appropriate response(?: for each item)?|only one of the following|all that apply|one of the following|the appropriate responses? for each item)|please write your answer(?:s)? here|please enter your comment here|(?:please )?check any that apply|choose one of the following answers`;
const ANSWER_HELP = new RegExp(String.raw`^(?:${ENGLISH_HELP}|${CUES.answerHelp})\s*[:.]?$`, "i");

/** The line is a survey tool's help line under a question (see above). */
export function isAnswerHelp(text: string): boolean {
  const value = text.trim();
  return value.length <= 120 && ANSWER_HELP.test(value);
}

const NUMBERS_ONLY = new RegExp(String.raw`^(?:only numbers may be entered in this field|${CUES.numbersOnly})\b[^?]{0,60}$`, "i");

/**
 * "Only numbers may be entered in this field.", "Sólo se pueden introducir números en este campo.": the help line a
 * printable view sets under a number field. It is an instruction that types the question numeric — not a filter,
 * though it may start with "only" ("sólo se" reads like "only if" in Portuguese and Italian).
 */
export function isNumbersOnlyHelp(text: string): boolean {
  const value = text.trim();
  return value.length <= 120 && NUMBERS_ONLY.test(value);
}

/** "Geschlecht: *": the required-question mark a printable view sets after the wording. */
export function withoutRequiredMark(text: string): string {
  return text.replace(/\s\*$/, "");
}

export type HelpFormat = "single" | "multi" | "grid" | "open";

const HELP_OPEN = /answer here|comment here|antwort hier|r[ée]ponse ici|respuesta aqu[ií]|resposta aqui|risposta qui|antwoord hier/i;
const HELP_MULTI = /(?:all|any) that apply|alle zutreffenden|cochez la ou les|toutes les|todas (?:las|as) que|opciones que correspondan|tutte le voci|alle mogelijkheden/i;
const HELP_GRID = /for each item|f[üu]r jeden punkt|pour chaque|para cada|per ogni|voor elk/i;

/**
 * The answer format a help line declares: a text box ("write your answer here"), all that apply, one answer per
 * item of an array ("for each item"), or one answer. It types a question whose answers the print lost (a table
 * flattened into header fragments); answers that were read decide the type themselves.
 */
export function helpFormat(text: string): HelpFormat {
  if (HELP_OPEN.test(text)) return "open";
  if (HELP_MULTI.test(text)) return "multi";
  if (HELP_GRID.test(text)) return "grid";
  return "single";
}

/**
 * The answer columns of an array printed under a help line. The print sets each column heading centred over its
 * column and wraps it over two or three lines, so the text layer holds header lines of fragments ("gar nicht
 * eher stimme" / "zu nicht teils/teils eher ja voll zu"); the fragments' positions still say which column each
 * belongs to. The line with the most fragments gives the columns' centres; every fragment joins the column whose
 * centre is nearest, top to bottom. The header is rewritten as one "| a | b |" scale line, under which the plain
 * lines that follow are the array's rows (one-row arrays print none: the columns are the answers).
 */
export function readHelpColumns(lines: LogicalLine[]): LogicalLine[] {
  if (lines.filter((line) => isAnswerHelp(line.text)).length < 2) return lines;
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    out.push(line);
    if (!isAnswerHelp(line.text) || helpFormat(line.text) === "open") continue;
    // The header: fragment lines (two or more positioned fragments), after at most one unpositioned word line.
    let end = index + 1;
    if (lines[end] && !(lines[end].segments?.length ?? 0) && lines[end + 1] && (lines[end + 1].segments?.length ?? 0) >= 2) end++;
    const first = end;
    while (lines[end] && (lines[end].segments?.length ?? 0) >= 2 && !isAnswerHelp(lines[end].text)) end++;
    if (end === first) continue;
    const header = lines.slice(first, end);
    const widest = header.reduce((best, next) => ((next.segments?.length ?? 0) > (best.segments?.length ?? 0) ? next : best));
    const centres = widest.segments!.map((segment) => (segment.x + segment.x1) / 2);
    const columns: string[][] = centres.map(() => []);
    for (const part of header.flatMap((entry) => entry.segments ?? [])) {
      const centre = (part.x + part.x1) / 2;
      let nearest = 0;
      centres.forEach((value, column) => {
        if (Math.abs(value - centre) < Math.abs(centres[nearest] - centre)) nearest = column;
      });
      columns[nearest].push(part.text.trim());
    }
    const labels = columns.map((words) => words.join(" "));
    const merged = { ...header[0], end: header[header.length - 1].end, lines: header.flatMap((entry) => entry.lines), segments: undefined };
    // No rows follow when the next line is the next question's wording (a help line under it), or a section
    // heading over it: a one-row array, whose columns are the question's answers (marked as a form's rows are).
    const next = lines[end];
    const headingNext = next && next.text.trim().length <= 40 && !/[.?!:：*]$/.test(next.text.trim()) && lines[end + 2] && isAnswerHelp(lines[end + 2].text);
    if (!next || (lines[end + 1] && isAnswerHelp(lines[end + 1].text)) || headingNext) out.push(...labels.map((label) => ({ ...merged, text: `○ ${label}` })));
    else {
      out.push({ ...merged, text: `| ${labels.join(" | ")} |` });
      const rows = wrappedRowLabels(lines, end);
      if (rows) {
        out.push(...rows.rows);
        end += rows.length;
      }
    }
    index = end - 1;
  }
  return out;
}

/** Row labels sit in a narrow column left of the answer columns. */
const LABEL_COLUMN = 0.4;
/** A row label ends where its sentence ends. */
const LABEL_END = /[?？.!]\s*$/;

/**
 * The rows of an array whose labels wrap in their narrow column, a few words per line ("Participa de las" /
 * "reuniones" / … / "grupo religioso?"): the lines of one label run until its sentence ends, and each label is one
 * row (marked as an answer line, so the wrapped pieces are neither rows of their own nor read as "o …" markers).
 * Only where the labels do wrap (four lines or more, two sentence ends or more); otherwise the lines stay as printed.
 */
function wrappedRowLabels(lines: LogicalLine[], start: number): { rows: LogicalLine[]; length: number } | null {
  let end = start;
  while (end < lines.length && (lines[end].segments?.length ?? 0) < 2 && (lines[end].first.right ?? 1) <= LABEL_COLUMN && !isAnswerHelp(lines[end].text)) end++;
  const run = lines.slice(start, end);
  if (run.length < 4 || run.filter((line) => LABEL_END.test(line.text.trim())).length < 2) return null;
  const rows: LogicalLine[] = [];
  let current: LogicalLine | null = null;
  for (const line of run) {
    const open: LogicalLine | null = current;
    const joined: LogicalLine = open ? { ...open, text: `${open.text} ${line.text.trim()}`, end: line.end, lines: [...open.lines, ...line.lines] } : { ...line, text: line.text.trim() };
    if (LABEL_END.test(line.text.trim())) {
      rows.push({ ...joined, text: `• ${joined.text}` });
      current = null;
    } else current = joined;
  }
  const rest: LogicalLine | null = current;
  if (rest) rows.push({ ...rest, text: `• ${rest.text}` });
  return { rows, length: run.length };
}
