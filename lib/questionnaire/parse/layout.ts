import { leadIn } from "./follow-ups";
import { ANSWER_REQUEST } from "./leveled-list-questions";
import { formHelper } from "./form-helpers";
import type { LogicalLine, TableBlock, TableCell } from "./lines";
import type { BodyPart, RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * Layout model, first structures: questions written as a list of questions rather than as numbered questions
 * with answers. Line patterns read a bullet or a numbered sub-line as an answer and a run of paragraphs without
 * numbers as text; these passes look at the shape of the whole list instead:
 * - a "question" whose answers are themselves questions (bullets or sub-numbers ending in "?", or form-field
 *   labels ending in ":") is a list of open questions — an interview guide, a requirements questionnaire, a form;
 * - a block of text whose paragraphs are mostly questions is a run of open questions without numbers; a lead-in
 *   sentence followed by "1- …", "2- …" alternatives is one choice question.
 * Each new question keeps the lines it was read from (spans) and the section it sat in.
 */

const BULLET = /^[*•·‣◦▪-]\s+/;
/** "| Never | Sometimes | Often |": a grid's columns written as one line. */
const SCALE_LINE = /^\|(?:[^|]+\|){2,}$/;
const ENTITY_SPACE = /&nbsp;/g;

/** The text of a line without list markers and indentation entities. */
function bare(text: string): string {
  return text.replace(ENTITY_SPACE, " ").trim().replace(BULLET, "").trim();
}

/**
 * A sentence that asks something: it ends with a question mark (possibly followed by a bracketed remark), or
 * it is a follow-up opening with "If yes" / "Si oui" (often written without one).
 */
export function asks(text: string): boolean {
  const t = bare(text);
  if (t.length < 8) return false;
  if (leadIn(t)) return true;
  if (/[?？]\s*$/.test(t)) return true;
  // "… working primarily? (concept art/assets)", "Why those?": a question mark then a short remark.
  const at = Math.max(t.lastIndexOf("?"), t.lastIndexOf("？"));
  return at > 0 && t.length - at <= 120 && /^\s*[([]/.test(t.slice(at + 1));
}

/** A form field: a short label ending with a colon ("Auteur du jeu :", "Date of birth:"). */
function fieldLabel(text: string): boolean {
  const t = bare(text);
  return t.length >= 2 && t.length <= 60 && /[:：]\s*$/.test(t) && !/[?？]/.test(t);
}

/** Sub-numbers printed before a question ("1.1", "4.10"): the question's id. */
const SUB_ID = /^(\d{1,3}(?:\.\d{1,3})+)\s+(\S.*)$/;

export function openQuestion(line: LogicalLine, text: string, from: { section?: string; page?: string }, id?: string): RawQuestion {
  const wording: BodyPart = { kind: "wording", line, text };
  // Answered in the respondent's own words: the question has an answer field even where none is printed.
  const field: BodyPart = { kind: "entry", line };
  return {
    kind: "question",
    id: id ? { id, rest: text, kind: "decimal" } : null,
    aliases: [],
    body: [wording, field],
    logic: [],
    notes: [],
    section: from.section,
    page: from.page,
    pageBreakBefore: false,
    start: line.start,
    end: line.end,
    closed: true,
    awaitingWording: false,
  };
}

/** A question whose "answers" are all questions or all form fields: one open question per line. */
function splitQuestionList(question: RawQuestion): RawQuestion[] | null {
  if (question.id && !question.body.some((part) => part.kind === "option")) return null;
  const options = question.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
  if (options.length < 2) return null;
  const others = question.body.filter((part) => part.kind !== "option");
  // Only wording, notes and the lines of the list itself (no entry fields, tables or grid rows).
  if (others.some((part) => part.kind === "entry" || part.kind === "table" || part.kind === "grid-row")) return null;
  // Items under a declared grid (a form's "one per row" helper, a "| a | b |" column line) are its rows, even when they ask.
  if (others.some((part) => "text" in part && (formHelper(part.text) === "grid" || SCALE_LINE.test(part.text.trim())))) return null;
  const questions = options.filter((part) => asks(part.line.text)).length;
  const fields = options.filter((part) => fieldLabel(part.line.text)).length;
  if (questions < options.length * 0.8 && fields < options.length * 0.8) return null;
  const split: RawQuestion[] = [];
  const wording = others.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  // The numbered question above its sub-questions ("1. Could you describe …?" then "1.1 …?") stays a question.
  if (question.id && wording.some((part) => asks(part.text))) split.push({ ...question, body: question.body.filter((part) => part.kind !== "option") });
  for (const part of options) {
    const text = bare(part.line.text);
    const sub = SUB_ID.exec(text);
    split.push(openQuestion(part.line, sub ? sub[2] : text, question, sub?.[1]));
  }
  return split;
}

/** "1- …", "2) …": alternatives printed under a lead-in sentence. */
const ALTERNATIVE = /^\d{1,2}\s*[-.)]\s+\S/;

/** A request for an answer printed as its own paragraph ("Please list the clubs you belong to:"): asked without "?". */
function requests(line: LogicalLine): boolean {
  const text = bare(line.text);
  return Boolean(line.first.blankBefore) && text.length >= 15 && text.length <= 200 && ANSWER_REQUEST.test(text) && /[:：.]\s*$/.test(text);
}

/**
 * A block of text that is mostly questions: open questions (and a lead-in with alternatives: one choice question).
 * In a block printed one paragraph per line, a request for an answer ("Please list …:") asks as a question does.
 */
function splitQuestionText(info: RawInfo): (RawQuestion | RawInfo)[] | null {
  if (info.role !== "text" && info.role !== "intro") return null;
  const lines = info.lines.filter((line) => bare(line.text));
  const paragraphs = lines.slice(1).every((line) => line.first.blankBefore);
  const asking = (line: LogicalLine) => asks(line.text) || (paragraphs && requests(line));
  const questions = lines.filter(asking).length;
  if (lines.length < 2 || questions < 2 || questions < lines.length * 0.6) return null;
  const out: (RawQuestion | RawInfo)[] = [];
  let text: LogicalLine[] = [];
  const flushText = () => {
    if (text.length) out.push({ ...info, role: "text", lines: text, logic: [], notes: [] });
    text = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const alternatives: LogicalLine[] = [];
    while (index + 1 + alternatives.length < lines.length && ALTERNATIVE.test(bare(lines[index + 1 + alternatives.length].text))) alternatives.push(lines[index + 1 + alternatives.length]);
    if (alternatives.length >= 2 && !asks(line.text)) {
      flushText();
      const question = openQuestion(line, bare(line.text), info);
      question.body = question.body.filter((part) => part.kind !== "entry");
      for (const alternative of alternatives) {
        const label = bare(alternative.text);
        const code = /^(\d{1,2})/.exec(label)![1];
        question.body.push({ kind: "option", line: alternative, option: { label: label.replace(/^\d{1,2}\s*[-.)]\s+/, ""), code, codeFirst: true }, text: label, numbered: true });
      }
      question.end = alternatives[alternatives.length - 1].end;
      out.push(question);
      index += alternatives.length;
      continue;
    }
    if (asking(line)) {
      flushText();
      out.push(openQuestion(line, bare(line.text), info));
    } else text.push(line);
  }
  flushText();
  // The block's own logic and notes stay with its first element.
  const first = out[0];
  if (first) {
    first.logic.push(...info.logic);
    first.notes.push(...info.notes);
  }
  return out;
}

/** The lead-in asks one thing of every row: "… for each activity?", "… each of the following …". */
const EACH_ROW = /\bfor each\b|\beach of the following\b|\bfor every\b/i;

type OptionPart = Extract<BodyPart, { kind: "option" }>;

function optionParts(question: RawQuestion): OptionPart[] {
  return question.body.filter((part): part is OptionPart => part.kind === "option");
}

function wordingOf(item: RawQuestion | RawInfo): { text: string; line: LogicalLine } | null {
  if (item.kind === "info") return item.role === "text" && item.lines.length ? { text: item.lines.map((line) => bare(line.text)).join(" "), line: item.lines[item.lines.length - 1] } : null;
  if (item.body.some((part) => part.kind !== "wording" && part.kind !== "instruction" && part.kind !== "note")) return null;
  const wording = item.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  return wording.length ? { text: wording.map((part) => part.text).join(" "), line: wording[wording.length - 1].line } : null;
}

/**
 * A lead-in that asks one thing of each row ("How likely are you to wear a mask for each activity?"), then
 * the rows, each printed as an item of its own followed by the same answer list: one grid — the rows are not
 * questions, the repeated list is its scale.
 */
function readRepeatedAnswerRows(items: (RawQuestion | RawInfo)[]): (RawQuestion | RawInfo)[] {
  const out: (RawQuestion | RawInfo)[] = [];
  for (let index = 0; index < items.length; index++) {
    const lead = items[index];
    const leadIn = wordingOf(lead);
    if (!leadIn || !EACH_ROW.test(leadIn.text) || !/[?？:：]\s*$/.test(leadIn.text)) {
      out.push(lead);
      continue;
    }
    const labels = (question: RawQuestion) => optionParts(question).map((part) => part.option.label.trim().toLowerCase()).join("|");
    const rows: RawQuestion[] = [];
    for (let k = index + 1; k < items.length; k++) {
      const item = items[k];
      if (item.kind !== "question" || optionParts(item).length < 2 || (rows.length && labels(item) !== labels(rows[0]))) break;
      const wording = item.body.filter((part) => part.kind === "wording");
      if (wording.length !== 1 || asks(wording[0].line.text) || item.body.some((part) => part.kind === "table" || part.kind === "grid-row" || part.kind === "entry")) break;
      rows.push(item);
    }
    if (rows.length < 2) {
      out.push(lead);
      continue;
    }
    const heading = (text: string, line: LogicalLine): TableCell => ({ text, start: line.start, end: line.end, lines: [line] });
    const columns = optionParts(rows[0]).map((part) => heading(part.option.label, part.line));
    const rowCells = rows.map((row) => {
      const wording = row.body.find((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording")!;
      return [heading(wording.text, wording.line)];
    });
    const lines = rows.flatMap((row) => row.body.flatMap((part) => ("line" in part ? [part.line] : [])));
    const table: TableBlock = { id: 2_000_000 + index, rows: [[undefined, ...columns], ...rowCells], cols: columns.length + 1, start: rows[0].start, end: rows[rows.length - 1].end, lines };
    const first = lead.kind === "question" ? lead : null;
    const grid: RawQuestion = {
      kind: "question",
      id: first?.id ?? null,
      label: first?.label,
      aliases: first?.aliases ?? [],
      body: [{ kind: "wording", line: leadIn.line, text: leadIn.text }, { kind: "table", table }],
      logic: [...lead.logic, ...rows.flatMap((row) => row.logic)],
      notes: [...lead.notes, ...rows.flatMap((row) => row.notes)],
      section: lead.section,
      page: lead.page,
      pageBreakBefore: lead.pageBreakBefore,
      start: first?.start ?? leadIn.line.start,
      end: rows[rows.length - 1].end,
      closed: true,
      awaitingWording: false,
    };
    out.push(grid);
    index += rows.length;
  }
  return out;
}

/** A numbered item that asks nothing and offers no answers (sentences at most): a point of a list in the text. */
function listedStatement(question: RawQuestion): boolean {
  if (!question.id || (question.id.kind !== "numeric" && question.id.kind !== "decimal")) return false;
  const wording = question.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  if (!wording.length || wording.some((part) => asks(part.text) || /[:：]\s*$/.test(part.text))) return false;
  const options = optionParts(question);
  if (question.body.some((part) => part.kind === "entry" || part.kind === "table" || part.kind === "grid-row")) return false;
  return options.every((part) => part.text.length > 50 && /[.;。]\s*$/.test(part.text));
}

/**
 * Numbered points in the introduction (the study's objectives, data-protection promises) — a run "1.", "2." …
 * of statements, none asking or offering answers — before the questionnaire's own numbering starts again at
 * the same numbers with questions: text, not questions.
 */
function readIntroductionLists(items: (RawQuestion | RawInfo)[]): (RawQuestion | RawInfo)[] {
  const asking = (item: RawQuestion | RawInfo): item is RawQuestion => item.kind === "question" && !listedStatement(item);
  const out = [...items];
  for (let index = 0; index < items.length; index++) {
    // A run of numbered points "1.", "2.", "3." — every one of them a statement.
    const run: number[] = [];
    for (let k = index; k < items.length; k++) {
      const item = items[k];
      if (item.kind !== "question" || !item.id || item.id.number !== (run.length ? (items[run[run.length - 1]] as RawQuestion).id!.number! + 1 : 1)) break;
      run.push(k);
    }
    if (run.length < 2 || !run.every((k) => listedStatement(items[k] as RawQuestion))) continue;
    const after = items.slice(run[run.length - 1] + 1);
    if (!run.every((k) => after.some((later) => asking(later) && later.id?.id === (items[k] as RawQuestion).id!.id))) continue;
    for (const k of run) {
      const item = items[k] as RawQuestion;
      const lines = item.body.flatMap((part) => ("line" in part ? [part.line] : []));
      out[k] = { kind: "info", role: "text", lines, logic: item.logic, notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore } satisfies RawInfo;
    }
    index = run[run.length - 1];
  }
  return out;
}

/**
 * A described subject before its question: a short label ("Wild boar", "Option B") with bullet points that are
 * sentences about it ("Found in Europe and Asia.", "Sometimes people enjoy seeing them.") and then the question
 * about it. The label asks nothing and the points are statements, not answers: the whole is text that
 * introduces the question after it.
 */
function readDescriptions(items: (RawQuestion | RawInfo)[]): (RawQuestion | RawInfo)[] {
  return items.map((item, index) => {
    const next = items[index + 1];
    if (item.kind !== "question" || item.id || item.label || !next || next.kind !== "question" || next.section !== item.section) return item;
    const wording = item.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
    const options = optionParts(item);
    if (wording.length !== 1 || options.length < 2 || item.body.some((part) => part.kind === "entry" || part.kind === "table" || part.kind === "grid-row")) return item;
    const label = wording[0].text.trim();
    if (label.length > 60 || asks(label) || /[:：.]\s*$/.test(label) || item.logic.length) return item;
    if (!options.every((part) => part.text.length > 20 && /[.;。]\s*$/.test(part.text) && !part.option.code && !part.option.marker?.match(/[☐□▢◻❑○◯⚪]/))) return item;
    const lines = item.body.flatMap((part) => ("line" in part ? [part.line] : []));
    return { kind: "info", role: "text", lines, logic: [], notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore } satisfies RawInfo;
  });
}

/** Applies the layout passes to a segmentation (in place) and says how many questions they added. */
export function readQuestionLists(segmentation: Segmentation): number {
  const before = segmentation.items.filter((item) => item.kind === "question").length;
  const printed = segmentation.items.filter((item) => item.kind === "question" && item.id).length;
  const items: (RawQuestion | RawInfo)[] = [];
  for (const item of segmentation.items) {
    const split = item.kind === "question" ? splitQuestionList(item) : printed < 3 ? splitQuestionText(item) : null;
    if (split) items.push(...split);
    else items.push(item);
  }
  segmentation.items = readDescriptions(readRepeatedAnswerRows(readIntroductionLists(items)));
  return segmentation.items.filter((item) => item.kind === "question").length - before;
}
