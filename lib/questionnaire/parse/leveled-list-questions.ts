import { CUES } from "./cue-lexicon";
import type { LogicalLine, Unit } from "./lines";

/**
 * Questions as list items whose answers are the items one list level deeper: a questionnaire typed in a word
 * processor as one bulleted list, the question at level n ("• WHAT IS YOUR SECTOR?") and its answers as the
 * sub-items under it ("o Farming", "o Retail"). The question carries no number and often no question mark (all
 * capitals, or a statement "Sector of activity"); the structure alone says which is which. Recognised when the
 * document has three or more items of one list at one level each followed directly by two or more items of the
 * same list one level deeper. Once recognised, every item of that list at the question level is a question, also one
 * with no sub-items ("• In what year were you born?" after "o Female"): returning to the question level closes
 * the answers, so the item is the next question, not one more answer.
 */

export interface LeveledListQuestions {
  /** The list level of the questions. */
  level: number;
  /** Sources without list levels (PDF, plain text): the bullet glyph of the questions and the one of their answers. */
  glyphs?: { question: string; answer: string };
  /** The Word list the questions belong to, when the source names its lists. */
  listId?: string;
  /** Unit index of the label over a labelled question list ("Questions:"): the document's questions start under it. */
  labelledAt?: number;
  /** Unit index just past that list. */
  labelledEnd?: number;
}

/** A request for an answer in words ("Please give a phone number we can call.", "Describe …"). */
export const ANSWER_REQUEST = /^(?:please\s+)?(?:provide|enter|give|state|write|list|specify|indicate|describe|explain|name|tell us)\b/i;

/** A line that ends by asking ("…?", "…？"). */
const ASKS = /[?？]\s*$/;

const levelOf = (unit: Unit | undefined): { level: number; listId?: string } | null =>
  unit?.kind === "line" && unit.line.first.list ? { level: unit.line.first.list.level, listId: unit.line.first.list.listId } : null;

/** Whether the list item at `index` is followed by at least `count` items of its list one level deeper. */
function deeperItemsAfter(units: Unit[], index: number, count: number): boolean {
  const own = levelOf(units[index]);
  if (!own) return false;
  for (let k = 1; k <= count; k++) {
    const next = levelOf(units[index + k]);
    if (!next || next.level !== own.level + 1 || next.listId !== own.listId) return false;
  }
  return true;
}

export function leveledListQuestions(units: Unit[]): LeveledListQuestions | null {
  const byLevel = new Map<string, { level: number; listId?: string; count: number }>();
  // A list right under a heading that asks ("### Which formats do you read?" over "* text" / "  * [ ] PAGE") holds
  // that question's answers, grouped: its items are not questions.
  let underAskingHeading = false;
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    if (unit.kind === "line" && !unit.line.first.list) underAskingHeading = Boolean(unit.line.first.heading) && ASKS.test(unit.line.text);
    if (underAskingHeading) continue;
    const own = levelOf(unit);
    if (!own || !deeperItemsAfter(units, index, 2)) continue;
    const key = `${own.listId ?? ""}:${own.level}`;
    const entry = byLevel.get(key) ?? { level: own.level, ...(own.listId !== undefined ? { listId: own.listId } : {}), count: 0 };
    entry.count++;
    byLevel.set(key, entry);
  }
  let best: LeveledListQuestions | null = null;
  let bestCount = 0;
  for (const { count, ...place } of byLevel.values()) {
    if (count >= 3 && count > bestCount) {
      best = place;
      bestCount = count;
    }
  }
  return best ?? labelledQuestionList(units) ?? glyphLeveledList(units);
}

/**
 * The same structure in a source that has no list levels (a PDF printed from a typeset list): the questions carry
 * one bullet glyph ("• Which region do you farm in?") and their answers another, set further in ("– Coast", "– Hills").
 * Recognised when three or more lines with one glyph are each followed directly by two or more lines with the other.
 */
const GLYPH = /^([•●▪■‣◦○–—-])\s+(?=\S)/u;

const glyphOf = (unit: Unit | undefined): { glyph: string; indent?: number } | null => {
  if (unit?.kind !== "line" || unit.line.first.list) return null;
  const match = GLYPH.exec(unit.line.text.trim());
  return match ? { glyph: match[1], ...(unit.line.first.indent !== undefined ? { indent: unit.line.first.indent } : {}) } : null;
};

/** The line at `index` carries glyph `outer` and the `count` lines after it carry glyph `inner`, set no further out. */
function glyphItemsAfter(units: Unit[], index: number, outer: string, inner: string, count: number): boolean {
  const own = glyphOf(units[index]);
  if (!own || own.glyph !== outer) return false;
  for (let k = 1; k <= count; k++) {
    const next = glyphOf(units[index + k]);
    if (!next || next.glyph !== inner) return false;
    if (own.indent !== undefined && next.indent !== undefined && next.indent <= own.indent) return false;
  }
  return true;
}

function glyphLeveledList(units: Unit[]): LeveledListQuestions | null {
  const pairs = new Map<string, number>();
  for (let index = 0; index < units.length; index++) {
    const own = glyphOf(units[index]);
    const next = glyphOf(units[index + 1]);
    if (!own || !next || own.glyph === next.glyph || !glyphItemsAfter(units, index, own.glyph, next.glyph, 2)) continue;
    const key = `${own.glyph}\u0000${next.glyph}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  let best: LeveledListQuestions | null = null;
  let bestCount = 0;
  for (const [key, count] of pairs) {
    const [question, answer] = key.split("\u0000");
    if (count >= 3 && count > bestCount) {
      best = { level: 0, glyphs: { question, answer } };
      bestCount = count;
    }
  }
  return best;
}

/**
 * A question-glyph line of a glyph-leveled list: a question when answer-glyph lines follow it; without them, a
 * question too ("• What is your occupation?") unless it continues a run of such lines right after a paragraph
 * that asks ("… Shall we send you the results?" / "• Yes" / "• No"): those are that paragraph's answers.
 */
/** The line after a glyph-leveled question carries the answer glyph: its answers follow. */
export const glyphAnswerNext = (units: Unit[], index: number, glyphs: { question: string; answer: string }): boolean =>
  glyphItemsAfter(units, index, glyphs.question, glyphs.answer, 1);

function isGlyphQuestion(units: Unit[], index: number, glyphs: { question: string; answer: string }): boolean {
  const own = glyphOf(units[index]);
  if (!own || own.glyph !== glyphs.question) return false;
  if (glyphItemsAfter(units, index, glyphs.question, glyphs.answer, 1)) return true;
  let back = index - 1;
  while (back >= 0 && glyphOf(units[back])?.glyph === glyphs.question && !glyphItemsAfter(units, back, glyphs.question, glyphs.answer, 1)) back--;
  const before = units[back];
  return !(before?.kind === "line" && !glyphOf(before) && ASKS.test(before.line.text));
}

/** "Questions:", "Interview questions:", "Preguntas:": a short label naming what the list under it holds. */
const QUESTIONS_LABEL = new RegExp(String.raw`^(?:[\p{L}-]+\s+){0,3}(?:${CUES.questionNounPlural})\s*[:：]$`, "iu");
/** Fewest items of a labelled question list, and the share of them that must ask. */
const LABELLED_LIST_ITEMS = 3;
const LABELLED_LIST_ASKING = 0.5;

/**
 * A bulleted list under a label that names questions ("Questions:" over "• How did you like …?", "• Write down …"):
 * a draft that lists its questions as bullets with no answers. Its items at the first level are the questions (most
 * of them ask); deeper items are remarks on them or their answers.
 */
function labelledQuestionList(units: Unit[]): LeveledListQuestions | null {
  for (let index = 0; index + 1 < units.length; index++) {
    const label = units[index];
    if (label.kind !== "line" || label.line.first.list || !QUESTIONS_LABEL.test(label.line.text.trim())) continue;
    const first = levelOf(units[index + 1]);
    if (!first) continue;
    let items = 0;
    let asking = 0;
    let end = index + 1;
    for (; end < units.length; end++) {
      const place = levelOf(units[end]);
      if (!place || place.listId !== first.listId || place.level < first.level) break;
      if (place.level !== first.level) continue;
      items++;
      if (/[?？]/.test((units[end] as Extract<Unit, { kind: "line" }>).line.text)) asking++;
    }
    if (items >= LABELLED_LIST_ITEMS && asking >= items * LABELLED_LIST_ASKING) {
      return { level: first.level, ...(first.listId !== undefined ? { listId: first.listId } : {}), labelledAt: index, labelledEnd: end };
    }
  }
  return null;
}

/** A list item at the question level with answers one level deeper right after it, or any item of the questions' own list at their level: a question. */
export function isLeveledQuestion(units: Unit[], index: number, style: LeveledListQuestions): boolean {
  if (style.glyphs) return isGlyphQuestion(units, index, style.glyphs);
  const own = levelOf(units[index]);
  if (own === null) return false;
  if (style.labelledAt !== undefined && style.labelledEnd !== undefined) {
    if (index <= style.labelledAt || index >= style.labelledEnd) return false;
    // Under a labelled list, a deeper item that asks is a follow-up ("o If yes, which ones?"), not an answer.
    return own.level === style.level || (own.level > style.level && ASKS.test((units[index] as Extract<Unit, { kind: "line" }>).line.text));
  }
  if (own.level !== style.level) return false;
  return deeperItemsAfter(units, index, 1) || (style.listId !== undefined && own.listId === style.listId);
}

/** The question's wording without the list label the reader put in front of it. */
export function leveledQuestionText(line: LogicalLine, text: string): string {
  const trimmed = text.trim();
  if (!line.first.list) return trimmed.replace(GLYPH, "");
  const label = line.first.list?.label ?? "";
  return label && trimmed.startsWith(label) ? trimmed.slice(label.length).trim() : trimmed;
}
