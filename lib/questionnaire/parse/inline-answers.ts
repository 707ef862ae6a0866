/**
 * Layout model: answers written on the question's own line after a separator — "Age — Less than 18 / 18–25 /
 * More than 35", "Study format: Individual / Group / Mixed", "Sleep quality: 1 (very poor) to 5 (very good)",
 * "Mental demand during the task: 1–5", "City — Capital · Other city". Whatever the words, the shape is: wording, a
 * dash or colon, then either short alternatives separated by slashes or middle dots or a numeric scale with optional
 * end labels.
 */

import { GLUED_LETTER_LABEL } from "./patterns";

export interface InlineAnswers {
  question: string;
  answers: { code: string; label: string }[];
}

/** " — ", " – ", " - ", ": " or the question's own "? " — the last one on the line is where the answers start. */
const SEPARATOR = /\s[—–-]\s|[:：]\s|(?<=[?？])\s/g;
const SCALE = /^(\d{1,2})\s*(?:\(([^()]{1,40})\))?\s*(?:to|–|-|—)\s*(\d{1,2})\s*(?:\(([^()]{1,40})\))?\s*\.?$/i;

function alternatives(tail: string): string[] | null {
  const parts = tail.replace(/[.;]\s*$/, "").split(/(?<!\s)\s+[/·•]\s+/).map((part) => part.replace(/^[*_]+|(?<![*_])[*_]+$/g, "").trim());
  if (parts.length < 2) return closeAlternatives(tail);
  if (parts.some((part) => !part || part.length > 60 || /[?？:]/.test(part))) return null;
  // "DD / MM / YYYY", "Y / N" under a date or code field are a format, not answers.
  if (parts.every((part) => /^[A-Z]{1,4}$/.test(part))) return null;
  return parts;
}

/** One alternative of a run joined by bare slashes: a word or two, in any script, opening with a letter. */
const CLOSE_ALTERNATIVE = /^\p{L}[\p{L}\p{M}'’-]*(?: [\p{L}\p{M}'’-]+){0,2}$/u;

/**
 * "Single/Married/Widowed", "Oui/Non", "Savings/Current/Fixed": alternatives joined by slashes without spaces are
 * answers when the run is parallel — every piece a word or two opening with a letter of the same case — and is the
 * whole tail. A run of capitals only ("DD/MM/YYYY", "M/F" as a format) and a lower-case pair inside a phrase
 * ("and/or") are not.
 */
function closeAlternatives(tail: string): string[] | null {
  const parts = tail.replace(/[.;]\s*$/, "").split(/(?<=\S)\/(?=\S)/).map((part) => part.replace(/^[*_]+|(?<![*_])[*_]+$/g, "").trim());
  if (parts.length < 2 || parts.length > 8 || !parts.every((part) => CLOSE_ALTERNATIVE.test(part) && part.length <= 30)) return null;
  const upper = parts.map((part) => /^\p{Lu}/u.test(part));
  if (!upper.every((value) => value === upper[0]) || (!upper[0] && parts.length < 3)) return null;
  if (parts.every((part) => /^\p{Lu}{1,4}$/u.test(part))) return null;
  return parts;
}

function scale(tail: string): { code: string; label: string }[] | null {
  const match = SCALE.exec(tail.replace(/^[*_]+|(?<![*_])[*_]+$/g, "").trim());
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[3]);
  if (max <= min || max - min > 10) return null;
  const points: { code: string; label: string }[] = [];
  for (let value = min; value <= max; value++) points.push({ code: String(value), label: String(value) });
  if (match[2]) points[0].label = `${min} (${match[2].trim()})`;
  if (match[4]) points[points.length - 1].label = `${max} (${match[4].trim()})`;
  return points;
}

export function answersAfterSeparator(text: string): InlineAnswers | null {
  const separators = [...text.matchAll(SEPARATOR)];
  for (let index = separators.length - 1; index >= 0; index--) {
    const at = separators[index].index!;
    const question = text.slice(0, at).trim();
    const tail = text.slice(at + separators[index][0].length).trim();
    if (question.length < 2 || !tail) continue;
    const points = scale(tail);
    if (points) return { question, answers: points };
    const parts = alternatives(tail);
    if (parts) return { question, answers: parts.map((label, position) => ({ code: String(position + 1), label })) };
  }
  return null;
}

/**
 * Answers marked one by one on the question's own line, whatever the marker:
 * - an empty box after each label: "Sex: Female ( ) Male ( )", "Own a farm? Yes [ ] No [ ]", "Yes ☐ No ☐";
 * - a letter before each label, in brackets or with a closing bracket: "Location [a] Epe [b] Ikorodu",
 *   "How? (a) Radio (b) Friends", "Rate it? a) Bad b) Fair c) Good" — the letters run a, b, c … from the first.
 * The wording is what comes before the first answer (after an empty box: up to the last "?" or ":").
 */
export function markedAnswersOnLine(text: string): { wording: string; answers: string[] } | null {
  return answersBeforeEmptyBoxes(text) ?? answersAfterLetters(text) ?? answersAfterCodes(text);
}

/** "(0)", "[2]" right before an answer's label, after a space, a blank or the wording's closing "?" or ":". */
const CODE_MARK = /(?<=^|[\s_?:？：])[([](\d{1,2})[)\]](?=\s?\p{L})/gu;

/**
 * "Do you smoke? __ (0)No (1)Yes (9)DK": a bracketed code before each answer, after the wording's "?", ":" or
 * blank. The codes run on by one (a last "don't know" code such as 8, 9, 88 or 99 may jump), so a scale legend
 * "(1) poor … (5) good" is not read as two answers. The answers keep their codes (and any route printed after them).
 */
function answersAfterCodes(text: string): { wording: string; answers: string[] } | null {
  const marks = [...text.matchAll(CODE_MARK)];
  if (marks.length < 2) return null;
  const codes = marks.map((mark) => Number(mark[1]));
  const runsOn = codes.every((code, i) => i === 0 || code === codes[i - 1] + 1 || (i === codes.length - 1 && [8, 9, 88, 99].includes(code) && code > codes[i - 1]));
  if (!runsOn) return null;
  const wording = text.slice(0, marks[0].index).trim();
  if (wording.length < 3 || !/[?？:：_]$/.test(wording)) return null;
  const answers = marks.map((mark, i) => text.slice(mark.index, i + 1 < marks.length ? marks[i + 1].index : text.length).trim());
  if (answers.some((answer) => answer.length > 90)) return null;
  return { wording: wording.replace(/(?<![\s_])[\s_]+$/, "").trim(), answers };
}

/** An empty answer box: "( )", "()", "[ ]", "☐". */
const EMPTY_BOX = /\(\s*\)|\[\s*\]|[☐□▢◻❑]/g;

function answersBeforeEmptyBoxes(text: string): { wording: string; answers: string[] } | null {
  const boxes = [...text.matchAll(EMPTY_BOX)];
  if (boxes.length < 2) return null;
  const last = boxes[boxes.length - 1];
  // The line ends with its last box (a write-in after it, "Others ( ) ______", is allowed).
  if (!/^[\s_.,;]*$/.test(text.slice(last.index! + last[0].length))) return null;
  const head = text.slice(0, boxes[0].index);
  const end = Math.max(head.lastIndexOf("?"), head.lastIndexOf("？"), head.lastIndexOf(":"), head.lastIndexOf("："));
  if (end < 0) return null;
  const answers: string[] = [head.slice(end + 1).trim()];
  for (let i = 1; i < boxes.length; i++) answers.push(text.slice(boxes[i - 1].index! + boxes[i - 1][0].length, boxes[i].index).trim());
  const labels = answers.map((answer) => answer.replace(/[,;]$/, "").trim());
  if (labels.some((label) => !label || label.length > 60)) return null;
  return { wording: text.slice(0, end + 1).trim(), answers: labels };
}

/** "[a]", "(a)", "a)" before an answer, after a space (or at the start of the answers). */
const LETTER_MARK = /(?:^|\s)(?:\[([a-zA-Z])\]|\(([a-zA-Z])\)|([a-zA-Z])\))(?=\s*\S)/g;

/**
 * "请问您的性别？【单选】 A男 B女": a capital glued to a CJK label (patterns.ts GLUED_LETTER_LABEL), after a space or the
 * wording's closing "？", "：" or bracket.
 */
const GLUED_LETTER_MARK = new RegExp(String.raw`(?<=^|[\s?？:：】）)\]])([A-Z])${GLUED_LETTER_LABEL}`, "g");

function answersAfterLetters(text: string): { wording: string; answers: string[] } | null {
  const marks = [
    ...[...text.matchAll(LETTER_MARK)].map((match) => ({ index: match.index!, length: match[0].length, letter: (match[1] ?? match[2] ?? match[3]).toLowerCase(), style: match[1] ? "[" : match[2] ? "(" : ")" })),
    ...[...text.matchAll(GLUED_LETTER_MARK)].map((match) => ({ index: match.index!, length: match[0].length, letter: match[1].toLowerCase(), style: "glued" })),
  ].sort((a, b) => a.index - b.index);
  const first = marks.findIndex((mark) => mark.letter === "a");
  if (first < 0) return null;
  const chain = [marks[first]];
  for (const mark of marks.slice(first + 1)) {
    const previous = chain[chain.length - 1];
    if (mark.style === previous.style && mark.letter.charCodeAt(0) === previous.letter.charCodeAt(0) + 1) chain.push(mark);
  }
  if (chain.length < 2) return null;
  const wording = text.slice(0, chain[0].index).trim();
  if (wording.length < 2) return null;
  const answers = chain.map((mark, i) => text.slice(mark.index + mark.length, i + 1 < chain.length ? chain[i + 1].index : text.length).trim().replace(/[,;]$/, "").trim());
  if (answers.some((answer) => !answer || answer.length > 80)) return null;
  return { wording, answers };
}

/** "(Yes/No)", "[Male / Female / Other]": a line that is only a bracketed list of short alternatives. */
const BRACKETED = /^[([]\s*([^()[\]]{3,80}?)\s*[)\]]\s*$/;

/** The alternatives of an answer line printed under the question as a bracketed list, or null. */
export function bracketedAlternatives(text: string): string[] | null {
  const match = BRACKETED.exec(text.trim());
  if (!match) return null;
  const parts = match[1].split("/").map((part) => part.trim());
  // Capitalised alternatives ("(tick/circle one)" is an instruction).
  if (parts.length < 2 || parts.length > 7 || parts.some((part) => !part || part.length > 30 || !/^[\p{Lu}\p{Lo}\d]/u.test(part))) return null;
  // "(DD/MM/YYYY)", "(HH/MM)" are a format to type in, not answers.
  if (parts.every((part) => /^[A-Z]{1,4}$/.test(part))) return null;
  return parts;
}

const SCALE_MARK = /[○◯⚪☐□▢◻❑]/;

/**
 * A scale printed on one line as marked points between its end labels: "Very easy ○ 1 ○ 2 ○ 3 ○ 4 ○ 5 Very
 * difficult". The points run in sequence; the end labels name the first and the last.
 */
export function markedScale(text: string): { code: string; label: string; marker: string }[] | null {
  const pieces = text.split(SCALE_MARK);
  if (pieces.length < 3) return null;
  const low = pieces[0].trim();
  const points: { code: string; label: string; marker: string }[] = [];
  const marker = SCALE_MARK.exec(text)![0];
  let high = "";
  for (let index = 1; index < pieces.length; index++) {
    const match = /^\s*(\d{1,2})(?:\s+(\S.*?))?\s*$/.exec(pieces[index]);
    if (!match) return null;
    // Only the last point may carry a label after it (the high end).
    if (match[2] && index < pieces.length - 1) return null;
    if (points.length && Number(match[1]) !== Number(points[points.length - 1].code) + 1) return null;
    points.push({ code: match[1], label: match[1], marker });
    high = match[2] ?? "";
  }
  if (points.length < 2 || low.length > 40 || high.length > 40 || /[?？]/.test(low)) return null;
  if (low) points[0].label = `${points[0].code} (${low})`;
  if (high) points[points.length - 1].label = `${points[points.length - 1].code} (${high})`;
  return points;
}

/** "Have you read the guide? (Yes/No)": the answers as a bracketed list closing the wording. */
export function trailingAlternatives(text: string): { question: string; answers: string[] } | null {
  const trimmed = text.trim();
  const close = trimmed.at(-1);
  if (close !== ")" && close !== "]") return null;
  const open = trimmed.lastIndexOf(close === ")" ? "(" : "[");
  if (open <= 0) return null;
  const answers = bracketedAlternatives(trimmed.slice(open));
  const question = trimmed.slice(0, open).trim();
  return answers && /[?？:：]$/.test(question) ? { question, answers } : null;
}
