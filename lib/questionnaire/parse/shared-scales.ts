import type { IROption } from "../ir";
import type { LogicalLine } from "./lines";
import type { BodyPart, RawQuestion, Segmentation } from "./segment";
import { CUES } from "./cue-lexicon";
import { statedScale } from "./stated-scales";

/**
 * A scale stated once for a list of numbered statements. Likert instruments (theses, HR climate surveys,
 * course evaluations) number their statements as questions ("3. Feedback is clear and actionable.",
 * "q1. I feel respected by my colleagues.") and print the answer scale only once: in the title ("… Survey
 * (1 = Strongly Disagree → 5 = Strongly Agree)"), in the instructions ("indicate your agreement using the
 * following scale: 1 – Strongly Disagree | 2 – Disagree | … | 5 – Strongly Agree") or in a legend after the
 * list. Read one by one, each statement is a question without answers (an open text box). Read as the author
 * meant it, each statement is answered on the stated scale: a single choice with its points as options.
 *
 * Convention: a run of at least three numbered statements (sentences that ask nothing and print no answers)
 * takes the scale declared nearest before them (or, when none is declared before, the first one after them).
 *
 * A legend may also name the questions it is for ("Answer options for questions 6–17: i) Always …; ii) Mostly …",
 * "Antwortmöglichkeiten für Fragen 3 bis 5: …"): every question in that range is answered on it, whatever its wording
 * looks like. Bullets under such a question describe what it asks about (the two offers compared), not its answers; a
 * question that prints its own numbered answers keeps them.
 */

/** One labelled point of a listed scale: "1 – Strongly Disagree", "5 = Strongly Agree", "(3) Neutral". */
const LISTED_POINT = /^\(?(\d{1,2})\)?\s*(?:[-–—=:.)]\s*)?(\p{L}[^|;]{0,39})$/u;

/** A line that lists every point of a scale with its label, side by side: "1 – Strongly Disagree | 2 – Disagree | …". */
export function listedScale(text: string): IROption[] | null {
  const pieces = text
    .trim()
    .split(/\||;|\t|\s{3,}/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length < 3 || pieces.length > 11) return null;
  const points = pieces.map((piece) => LISTED_POINT.exec(piece));
  if (points.some((point) => !point)) return null;
  const codes = points.map((point) => Number(point![1]));
  // Consecutive codes from 0 or 1: a scale, not a list of numbered things.
  if (codes[0] > 1 || codes.some((code, index) => index > 0 && code !== codes[index - 1] + 1)) return null;
  return points.map((point) => ({ code: point![1], label: point![2].trim(), codePrinted: true, span: { start: 0, end: 0 } }));
}

/** A declaration of the scale the statements are answered on. */
export function declaredScale(text: string): IROption[] | null {
  return statedScale(text) ?? listedScale(text);
}

/** "Answer options for questions 6-17:", "Opciones de respuesta para las preguntas 2 a 4:": a legend named for a range. */
const RANGED_LEGEND = new RegExp(
  String.raw`^(?:${CUES.answerOptions})\s+(?:\p{L}+\s+){0,2}?(?:questions?|items?|q\.?|${CUES.questionNounPlural})\s*(\d{1,3})\s*(?:[-–—]|(?:${CUES.rangeTo}|through|thru)\s)\s*(?:q\.?\s*)?(\d{1,3})\s*[:：.]?\s*`,
  "iu",
);
/** One coded point of such a legend: "i) Always ride …", "b. Rarely", "3 = Often". */
const LEGEND_POINT = /^\(?((?:[ivx]{1,4})|[a-z]|\d{1,2})\s*(?:[.):=]|[-–—]\s)\s*(\p{L}[^;|]{0,99})$/iu;

/** The range of question numbers a legend names and its points, when the line is such a legend. */
export function rangedLegend(text: string): { from: number; to: number; columns: IROption[] } | null {
  const value = text.trim().slice(0, 600);
  const head = RANGED_LEGEND.exec(value);
  if (!head) return null;
  const [from, to] = [Number(head[1]), Number(head[2])];
  if (!(from < to) || to - from > 60) return null;
  const pieces = value
    .slice(head[0].length)
    .split(/[;|]/)
    .map((piece) => piece.trim().replace(/[.,]$/, ""))
    .filter(Boolean);
  const points = pieces.map((piece) => LEGEND_POINT.exec(piece));
  if (pieces.length < 2 || pieces.length > 12 || points.some((point) => !point)) return null;
  const columns = points.map((point) => ({ code: point![1], label: point![2].trim(), codePrinted: true, span: { start: 0, end: 0 } }));
  return { from, to, columns };
}

/** Text parts of an item where a legend may be printed: an information screen's lines, a question's wording and notes. */
function textParts(item: Segmentation["items"][number]): { text: string; part?: BodyPart }[] {
  if (item.kind === "info") return item.lines.map((line) => ({ text: line.text }));
  return item.body.flatMap((part) => (part.kind === "wording" || part.kind === "instruction" || part.kind === "note" ? [{ text: part.text, part }] : []));
}

/**
 * Questions answered on a legend that names their numbers. Unnumbered bullets under such a question become its
 * wording (they describe the alternatives compared); numbered or coded answers of its own are kept.
 */
function readRangedLegends(segmentation: Segmentation, scales: Map<RawQuestion, IROption[]>): void {
  const { items } = segmentation;
  items.forEach((item, index) => {
    for (const { text, part } of textParts(item)) {
      const legend = rangedLegend(text);
      if (!legend) continue;
      // A legend read as a question's wording line is an instruction of that question, not its wording.
      if (item.kind === "question" && part?.kind === "wording") item.body = item.body.map((other) => (other === part ? { kind: "note", line: part.line, text: part.text } : other));
      for (const question of items.slice(index)) {
        const number = question.kind === "question" ? question.id?.number : undefined;
        if (question.kind !== "question" || number === undefined || number < legend.from || number > legend.to || question === item) continue;
        if (question.body.some((other) => other.kind === "table" || other.kind === "entry" || other.kind === "grid-row")) continue;
        const options = question.body.filter((other): other is Extract<BodyPart, { kind: "option" }> => other.kind === "option");
        if (options.some((option) => option.numbered || option.option.code !== undefined)) continue;
        question.body = question.body.map((other) => (other.kind === "option" ? { kind: "wording", line: other.line, text: other.text } : other));
        scales.set(question, legend.columns);
      }
    }
  });
}

const ANSWER_PARTS = new Set<BodyPart["kind"]>(["option", "entry", "table", "grid-row"]);

/** A numbered statement to rate: wording only, a sentence that asks nothing, leaves no blank and is no label. */
function bareStatement(question: RawQuestion): boolean {
  if (!question.id || question.id.described || question.specDeclared || question.answerHelp || question.matrixDeclared) return false;
  if (question.body.some((part) => ANSWER_PARTS.has(part.kind))) return false;
  const wording = question.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  if (wording.length === 0) return false;
  const text = wording[0].text.trim();
  if (text.length < 15 || text.length > 300 || !/\s/.test(text) || !/\p{L}{3,}/u.test(text)) return false;
  // A question, a labelled field ("Your age:"), a blank to fill ("____") or a list of things asks for an answer of its own.
  return !/[?？]/.test(text) && !/[:：]\s*$/.test(text) && !/_{3,}|\.{4,}|…{2,}/.test(text);
}

/** Lines that may declare a scale: an information screen's, a question's instructions and notes, and a numbered
 * question's wording lines after its first (a declaration printed right after the last statement continues it). */
function linesOf(item: Segmentation["items"][number]): { text: string; line: LogicalLine; part?: BodyPart }[] {
  if (item.kind === "info") return item.lines.map((line) => ({ text: line.text, line }));
  // An unnumbered "question" made of an instruction and the scale read as its one answer is the instruction it is.
  const firstWording = item.body.findIndex((part) => part.kind === "wording");
  return item.body.flatMap((part, index) => {
    const read = part.kind === "instruction" || part.kind === "note" || (part.kind === "wording" && (!item.id || index > firstWording)) || (part.kind === "option" && !item.id);
    return read && "text" in part ? [{ text: part.text, line: part.line as LogicalLine, part }] : [];
  });
}

/** The question's answers are the stated scale's labels again, with at most a header or title line besides. */
function repeatsLegend(question: RawQuestion, columns: IROption[]): boolean {
  if (question.body.some((part) => part.kind === "table" || part.kind === "entry" || part.kind === "grid-row")) return false;
  const labels = question.body.flatMap((part) => (part.kind === "option" ? [part.option.label.trim().toLowerCase()] : []));
  const wanted = columns.map((column) => column.label.trim().toLowerCase());
  return wanted.every((label) => labels.includes(label)) && labels.length <= wanted.length + 1;
}

/** A lead-in that introduces a legend for the items before it ("Each item was shown with a 4 point rating scale where",
 * "The items were rated … such that"): it speaks of a scale or of rating the items, and asks nothing. */
const LEGEND_LEAD_IN = /\b(?:scale|rated|rating|ratings|points?|each (?:item|statement)|(?:items|statements) were)\b/i;

/**
 * The last statement of a run printed with the legend under it. A codebook or a plain-text export lists the statements
 * ("<id><tab><statement>"), then a sentence introducing the scale and the scale's points one per line ("1 = …", "2 = …").
 * Read one by one, the sentence continues the last statement and the points are its answers; read as meant, the points
 * are the scale of every statement in the list. Only a legend coded in sequence from 0 or 1 and introduced by a lead-in
 * that speaks of the scale is read so: a real question after a list of open items keeps its own answers.
 */
function trailingLegend(question: RawQuestion): IROption[] | null {
  if (!question.id || question.specDeclared || question.answerHelp || question.matrixDeclared) return null;
  if (question.body.some((part) => part.kind === "table" || part.kind === "entry" || part.kind === "grid-row")) return null;
  const firstOption = question.body.findIndex((part) => part.kind === "option");
  if (firstOption < 0) return null;
  const statement = bareStatement({ ...question, body: question.body.slice(0, 1) });
  if (!statement) return null;
  const leadIn = question.body.slice(1, firstOption);
  if (leadIn.length === 0 || !leadIn.every((part) => part.kind === "wording" || part.kind === "instruction" || part.kind === "note")) return null;
  if (!leadIn.some((part) => "text" in part && LEGEND_LEAD_IN.test(part.text) && !/[?？]/.test(part.text))) return null;
  const parts = question.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
  if (parts.length < 2 || parts.length > 11 || !parts.every((part) => part.option.code !== undefined && /^\d{1,2}$/.test(part.option.code) && part.option.label.trim())) return null;
  const options: IROption[] = parts.map((part) => ({ code: part.option.code!, label: part.option.label.trim(), codePrinted: true, span: { start: part.line.start, end: part.line.end } }));
  const codes = options.map((option) => Number(option.code));
  if (codes[0] > 1 || codes.some((code, index) => index > 0 && code !== codes[index - 1] + 1)) return null;
  return options;
}

/**
 * The stated scale of each numbered statement that has one. The statements are answered on it only where no
 * other reading groups them first (a battery under a section heading that states its scale becomes a grid).
 */
export function readSharedScales(segmentation: Segmentation): Map<RawQuestion, IROption[]> {
  const scales = new Map<RawQuestion, IROption[]>();
  readRangedLegends(segmentation, scales);
  const { items } = segmentation;
  // Declarations in reading order: the title before everything, then lines of information screens and instructions.
  // (A declaration inside an item sits after that item's own wording: at index + 0.5.)
  const declarations: { at: number; columns: IROption[]; line?: LogicalLine; item?: RawQuestion; part?: BodyPart }[] = [];
  const titleScale = segmentation.title ? declaredScale(segmentation.title) : null;
  if (titleScale) declarations.push({ at: -1, columns: titleScale });
  items.forEach((item, index) => {
    for (const { text, line, part } of linesOf(item)) {
      const columns = declaredScale(text);
      if (columns) declarations.push({ at: item.kind === "question" && item.id ? index + 0.5 : index, columns, line, item: item.kind === "question" && item.id ? item : undefined, part });
    }
  });
  // Runs of bare statements; information screens between them (construct headings, "Please indicate …") do not break a run.
  const runs: number[][] = [];
  let run: number[] = [];
  items.forEach((item, index) => {
    if (item.kind === "question" && bareStatement(item)) run.push(index);
    else if (item.kind === "question") {
      if (run.length) runs.push(run);
      run = [];
    }
  });
  if (run.length) runs.push(run);
  // A scale declared between two statements of a run governs the statements after it: the run is cut there (numbered
  // lines before it, such as the list of sources an introduction cites, are not rated on it).
  const cut = runs.flatMap((statements) => {
    const pieces: number[][] = [[statements[0]]];
    for (let k = 1; k < statements.length; k++) {
      if (declarations.some((declaration) => declaration.at > statements[k - 1] && declaration.at < statements[k])) pieces.push([]);
      pieces[pieces.length - 1].push(statements[k]);
    }
    return pieces;
  });
  for (const statements of cut) {
    if (statements.length < 3) continue;
    // The run's last statement carries the legend printed under the list: every statement is answered on it.
    const carrier = items[statements[statements.length - 1] + 1];
    const legend = carrier?.kind === "question" ? trailingLegend(carrier) : null;
    if (carrier?.kind === "question" && legend) {
      const firstOption = carrier.body.findIndex((part) => part.kind === "option");
      carrier.body = carrier.body.flatMap((part, index): BodyPart[] => {
        if (part.kind === "option") return [];
        if (index > 0 && index < firstOption && part.kind === "wording") return [{ kind: "instruction", line: part.line, text: part.text }];
        return [part];
      });
      for (const index of [...statements, statements[statements.length - 1] + 1]) scales.set(items[index] as RawQuestion, legend);
      continue;
    }
    const before = declarations.filter((declaration) => declaration.at < statements[0]).pop();
    const after = declarations.find((declaration) => declaration.at > statements[statements.length - 1]);
    const declaration = before ?? after;
    if (!declaration) continue;
    // A declaration read as a statement's second wording line is an instruction, not part of the statement.
    if (declaration.item && declaration.part?.kind === "wording") {
      const { part } = declaration;
      declaration.item.body = declaration.item.body.map((other) => (other === part ? { kind: "instruction", line: part.line, text: part.text } : other));
    }
    // A legend repeated after the list ("Response Scale: 1 Strongly Disagree … 5 Strongly Agree") is read as the last
    // statement's answers, with its header row ("Scale | Description") as one more: the statement takes the stated scale.
    const next = items.slice(statements[statements.length - 1] + 1).find((item): item is RawQuestion => item.kind === "question");
    if (next && next.id && repeatsLegend(next, declaration.columns)) {
      next.body = next.body.filter((part) => part.kind !== "option");
      statements.push(items.indexOf(next));
    }
    for (const index of statements) scales.set(items[index] as RawQuestion, declaration.columns);
  }
  return scales;
}
