import type { ExtractedDocument, ExtractedLine } from "../extract/model";
import type { LogicalLine } from "./lines";
import { looksLikeQuestionText, matchQuestionId, type QuestionIdMatch } from "./patterns";

/**
 * The numbering spine: a questionnaire whose questions carry printed numbers (1, 2, 3 … / Q1, Q2 … / 9a, 9b)
 * is read in the order of those numbers. A PDF's text layer follows the order the pages were printed in, which
 * is not always the order they are read in: a booklet printed two pages per sheet (imposition: pages 8|1, 2|7,
 * 6|3, 4|5 for eight pages), spreads, the columns of a page stored right before left. Then the numbers run in
 * sequence within each page or column but jump between them (47, 48, 1, 2 … 13, 39 … 46, 27 …). This pass cuts
 * the document into those chunks (a page, or one side of a page the reader split at its gutter), and when the
 * chunks' number runs are disjoint and sorting them by their first number makes the numbers run in sequence,
 * puts the chunks in that order. Chunks without a number go with the numbered chunk after them (a page's
 * section heading and introduction stay in front of its questions); trailing ones stay at the end.
 *
 * Runs at the end of extraction, so that the parser, the model pass and every excerpt see one reading order and
 * one text. A document whose numbering already runs in order, or that has no numbering, is returned unchanged.
 *
 * The spine also recovers question starts the line rules miss (readNumberingSpine): where the numbers run
 * 1, 3 and a line between them starts with a 2 printed the way the others are ("2 Your gender" among
 * "1 How old are you?" and "3 Where do you live?"), that line is question 2, not an answer of question 1 that
 * swallows it; and a numbered question opening with part a) ("9. a) …", then "b) If YES, …") is read as its
 * parts 9a, 9b.
 */

interface Chunk {
  lines: ExtractedLine[];
  /** The chunk's question numbers in reading order (the longest rising run of numbered starts). */
  numbers: number[];
}

/** At least this many numbered questions before the order is trusted to be the document's. */
const MIN_NUMBERS = 6;

/**
 * The question number a line starts with ("12.", "Q12", "9. a)", "12a"), when the rest reads as wording: a
 * numbered answer ("1. Strongly agree", "2 Yes") is short and is no question start.
 */
export function printedNumber(text: string): number | null {
  const id = matchQuestionId(text);
  if (!id || id.number === undefined || !/^(?:Q)?\d{1,3}[a-z]?$/.test(id.id)) return null;
  const words = id.rest.trim().split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (!/[?？:]/.test(id.rest) && words.length < 4) return null;
  return id.number;
}

/** The longest strictly rising subsequence (question numbers among answer codes and stray numbers). */
function risingRun(values: number[]): number[] {
  const best: number[] = [];
  const previous: number[] = [];
  const tails: number[] = [];
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]] < value) low = mid + 1;
      else high = mid;
    }
    previous[index] = low > 0 ? tails[low - 1] : -1;
    tails[low] = index;
  });
  for (let index = tails.length ? tails[tails.length - 1] : -1; index >= 0; index = previous[index]) best.unshift(values[index]);
  return best;
}

/** Cuts the lines where the page or the page's side changes (PDF), or at a page break (other formats). */
function chunksOf(lines: ExtractedLine[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: ExtractedLine[] = [];
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    const cut = previous && (line.page !== previous.page || line.column !== previous.column || line.pageBreakBefore);
    if (cut && current.length) {
      chunks.push({ lines: current, numbers: [] });
      current = [];
    }
    current.push(line);
  });
  if (current.length) chunks.push({ lines: current, numbers: [] });
  for (const chunk of chunks) {
    const numbers = chunk.lines.flatMap((line) => {
      // Table cells are answer grids and layouts, not the document's running text.
      if (line.cell) return [];
      const number = printedNumber(line.text);
      return number === null ? [] : [number];
    });
    chunk.numbers = risingRun(numbers);
  }
  return chunks;
}

/** The chunks in the order of their numbers, or null when the numbering already runs in order or is no spine. */
function spineOrder(chunks: Chunk[]): Chunk[] | null {
  const numbered = chunks.filter((chunk) => chunk.numbers.length > 0);
  if (numbered.length < 2) return null;
  const first = (chunk: Chunk) => chunk.numbers[0];
  const last = (chunk: Chunk) => chunk.numbers[chunk.numbers.length - 1];
  // Already in order (a new chunk starting at or after the last number seen): nothing to do.
  if (numbered.every((chunk, index) => index === 0 || first(chunk) >= last(numbered[index - 1]))) return null;
  const sorted = [...numbered].sort((a, b) => first(a) - first(b));
  // The runs must not overlap: two chunks both holding 3–9 are two numberings (parts that restart, versions of
  // one questionnaire), not one numbering cut apart. A lettered part may end one chunk and continue the next (38).
  if (!sorted.every((chunk, index) => index === 0 || first(chunk) >= last(sorted[index - 1]))) return null;
  // Sorted, the numbers must run in sequence from the start: 1..N (or from where an extract begins) with few gaps.
  const all = sorted.flatMap((chunk) => chunk.numbers);
  const distinct = new Set(all).size;
  if (distinct < MIN_NUMBERS) return null;
  const span = all[all.length - 1] - all[0] + 1;
  if (distinct < span * 0.7) return null;
  // Each jump between consecutive chunks of the new order is small: the next page starts where the last ended.
  const gaps = sorted.slice(1).map((chunk, index) => first(chunk) - last(sorted[index]));
  if (gaps.some((gap) => gap > Math.max(3, span * 0.1))) return null;

  // Unnumbered chunks travel with the numbered chunk after them; those after the last numbered chunk stay last.
  const groups = new Map<Chunk, Chunk[]>();
  let pending: Chunk[] = [];
  const trailing: Chunk[] = [];
  for (const chunk of chunks) {
    if (chunk.numbers.length) {
      groups.set(chunk, [...pending, chunk]);
      pending = [];
    } else pending.push(chunk);
  }
  trailing.push(...pending);
  return [...sorted.flatMap((chunk) => groups.get(chunk) ?? [chunk]), ...trailing];
}

/** Rebuilds the document's text and line offsets for lines in a new order. */
function rebuild(doc: ExtractedDocument, chunks: Chunk[]): ExtractedDocument {
  const parts: string[] = [];
  const lines: ExtractedLine[] = [];
  let cursor = 0;
  chunks.forEach((chunk, chunkIndex) => {
    chunk.lines.forEach((line, lineIndex) => {
      const shift = cursor - line.start;
      const moved: ExtractedLine = {
        ...line,
        index: lines.length,
        start: cursor,
        end: cursor + line.text.length,
        ...(line.segments ? { segments: line.segments.map((segment) => ({ ...segment, start: segment.start + shift, end: segment.end + shift })) } : {}),
      };
      // A chunk starts a new paragraph wherever it now stands.
      if (lineIndex === 0 && chunkIndex > 0) moved.blankBefore = true;
      lines.push(moved);
      parts.push(line.text, "\n");
      cursor += line.text.length + 1;
    });
  });
  return { ...doc, text: parts.join(""), lines };
}

export function followNumberingSpine(doc: ExtractedDocument): ExtractedDocument {
  const chunks = chunksOf(doc.lines);
  if (chunks.length < 2) return doc;
  const order = spineOrder(chunks);
  if (!order) return doc;
  return rebuild(doc, order);
}

/** How a number is printed at a line start: "Q" or nothing before it, ".", ")", ":" or a space after it. */
const PRINTED_NUMBER = /^(Q\.?\s?)?(\d{1,3})(?:([.):])\s*|\s+)(?=\S)(.*)$/u;

function printedStyle(text: string): { style: string; number: number; rest: string } | null {
  const match = PRINTED_NUMBER.exec(text.trim());
  if (!match) return null;
  return { style: `${match[1] ? "Q" : ""}${match[3] ?? " "}`, number: Number(match[2]), rest: match[4] };
}

/**
 * Marks the lines that continue the document's question numbering where the line rules found no id: the
 * document's numbered questions (a rising run of at least four, covering most of its range) set the spine and
 * its printing style; a line between spine questions a and b (a < n < b, n missing) that starts with n in that
 * style and goes on with wording is question n. A line that continues a run of answer codes ("1 Male",
 * "2 Female") is not. In a numbered document, lettered parts with answers of their own are read too
 * (readLetteredParts). Runs on the logical lines, before classification (classifyLine reads `line.spine`).
 */
export function readNumberingSpine(lines: LogicalLine[]): void {
  const found = lines.flatMap((line, index) => {
    if (line.script || line.first.cell) return [];
    const number = printedNumber(line.text);
    const printed = number === null ? null : printedStyle(line.text);
    return printed && printed.number === number ? [{ index, number, style: printed.style }] : [];
  });
  const run = risingRun(found.map((entry) => entry.number));
  // Fewer numbers suffice here than for reordering pages: a recovered start only fills a gap the run leaves.
  if (run.length < 4 || run.length < (run[run.length - 1] - run[0] + 1) / 2) return;
  // The spine's entries, in document order (the rising run picked among all numbered starts).
  const spine: typeof found = [];
  let next = 0;
  for (const entry of found) {
    if (next < run.length && entry.number === run[next]) {
      spine.push(entry);
      next++;
    }
  }
  readLetteredParts(lines);
  readDecimalParts(lines, spine);
  const styles = new Map<string, number>();
  for (const entry of spine) styles.set(entry.style, (styles.get(entry.style) ?? 0) + 1);
  const style = [...styles.entries()].sort((a, b) => b[1] - a[1])[0][0];
  if ((styles.get(style) ?? 0) < spine.length * 0.8) return;
  for (let k = 1; k < spine.length; k++) {
    const before = spine[k - 1];
    const after = spine[k];
    if (after.number - before.number < 2) continue;
    let expected = before.number + 1;
    for (const { index, line, printed, coded } of printedLines(lines, before.index, after.index)) {
      if (expected >= after.number) break;
      // A number printed in another style ("29 How many …?" among "28." and "30.") still counts when the line asks.
      if (!printed || printed.number !== expected || line.script || line.first.cell) continue;
      if (printed.style !== style && !/[?？]\s*$/.test(printed.rest)) continue;
      // Wording: a word of letters first and at least two words ("2 Your gender"); not a number or an amount.
      if (!/^\p{L}/u.test(printed.rest) || letterWords(printed.rest) < 2) continue;
      // "1 Female" then "2 Male": the line after an answer code one lower is the next code, unless that line was
      // the spine's own question.
      if (coded && coded.number === expected - 1 && index - 1 !== before.index) continue;
      line.spine = spineId(style, expected, printed.rest);
      expected++;
    }
  }
  vouchResumedNumbers(lines, spine, style);
  continueAfterLast(lines, spine[spine.length - 1], style);
  continueBeforeFirst(lines, spine[0], style);
}

/** The non-blank lines after `from` and before `to`, each with its printed number and the one of the line before it. */
function* printedLines(lines: LogicalLine[], from: number, to: number) {
  let previousText = lines[from].text;
  for (let index = from + 1; index < to; index++) {
    const line = lines[index];
    const text = line.text.trim();
    if (!text) continue;
    const printed = printedStyle(text);
    const coded = printedStyle(previousText);
    previousText = text;
    yield { index, line, printed, coded };
  }
}

/** How many words of the wording hold a letter ("2 Your gender" has two; amounts and codes have none). */
function letterWords(text: string): number {
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

/** The spine's id for a number printed in the spine's style ("Q7" for Q-prefixed numbering, else "7"). */
function spineId(style: string, number: number, rest: string): QuestionIdMatch {
  const prefixed = style.startsWith("Q");
  return { id: `${prefixed ? "Q" : ""}${number}`, rest, kind: prefixed ? "prefixed" : "numeric", number };
}

/**
 * "0 I have read the information and agree to take part." right before "1 What is your gender?": the item the
 * numbering starts from (a consent statement numbered 0) is printed like the rest. The line just before the spine's
 * first question, printed in its style with the number one lower and a capitalised sentence, is that first item.
 */
function continueBeforeFirst(lines: LogicalLine[], first: { index: number; number: number }, style: string): void {
  let index = first.index - 1;
  while (index >= 0 && !lines[index].text.trim()) index--;
  const line = lines[index];
  if (!line || line.spine || line.script || line.first.cell || first.number < 1) return;
  const printed = printedStyle(line.text);
  if (!printed || printed.number !== first.number - 1 || printed.style !== style || !/^\p{Lu}/u.test(printed.rest)) return;
  if (letterWords(printed.rest) < 6) return;
  line.spine = spineId(style, printed.number, printed.rest);
}

/** Most lines read after the spine's last question for the numbering's continuation (keeps the pass linear). */
const TAIL_REACH = 400;

/**
 * "6 Which tools do you use?" then "7 I learn what interests me.", "8 I often lose track of time." …: an item list
 * (a survey tool's export, one "<number><TAB><wording>" line per item) numbers its statements on from its questions.
 * The statements do not ask, so the line rules miss them and the last question swallows them as its answers; but
 * answer codes start again at 1 under their question, they do not go on from the question's own number. After the
 * spine's last question, lines printed in the spine's style whose numbers go on one by one (n + 1, n + 2, …) and
 * whose wording is a capitalised sentence of at least three words are the next items. The run stops at the first
 * numbered line that breaks the sequence.
 */
function continueAfterLast(lines: LogicalLine[], last: { index: number; number: number }, style: string): void {
  let expected = last.number + 1;
  for (const { index, line, printed, coded } of printedLines(lines, last.index, Math.min(lines.length, last.index + TAIL_REACH))) {
    if (!printed) continue;
    if (printed.number !== expected || printed.style !== style || line.script || line.first.cell) return;
    if (!/^\p{Lu}/u.test(printed.rest) || letterWords(printed.rest) < 3) return;
    // "1 Female" then "2 Male": a run of answer codes under a question that is no spine entry goes on the same way.
    if (coded && coded.number === expected - 1 && index - 1 !== last.index && !lines[index - 1].spine) return;
    if (!line.spine) line.spine = spineId(style, expected, printed.rest);
    expected++;
  }
}

/**
 * How far ahead of the last question number a numbered line may be and still be read as the next question without
 * the spine's word for it (segment.ts): further ahead, a numbered line is more likely a numbered answer.
 */
export const NUMBERING_WINDOW = 4;

/**
 * Field forms skip numbers the line rules never see as questions: the columns of a roster or birth-history table
 * ("7 What is the child's name?" … "13" printed across a table) or questions dropped from a version. After such a
 * block the numbering resumes further ahead (6 … 14, 15, 16) than a numbered line is trusted to be a question on
 * its own. A spine entry after such a jump is vouched for when it is printed in the spine's style, reads as a
 * question, and the numbering goes on from it (the next spine entry follows within the window).
 */
function vouchResumedNumbers(lines: LogicalLine[], spine: { index: number; number: number; style: string }[], style: string): void {
  for (let k = 1; k + 1 < spine.length; k++) {
    const entry = spine[k];
    if (entry.number - spine[k - 1].number <= NUMBERING_WINDOW || entry.style !== style) continue;
    const next = spine[k + 1];
    if (next.number - entry.number > 2) continue;
    const line = lines[entry.index];
    const printed = printedStyle(line.text);
    if (line.spine || !printed || !looksLikeQuestionText(printed.rest)) continue;
    line.spine = { id: `${style.startsWith("Q") ? "Q" : ""}${entry.number}`, rest: printed.rest, kind: style.startsWith("Q") ? "prefixed" : "numeric", number: entry.number };
  }
}

/** Most lines between a question's part a) and its last part. */
const PART_REACH = 120;

const PART_LETTER = /^([a-z])[.)]\s+(\S.*)$/;

/**
 * "9. a) Does your facility …? o Yes o No" then "b) If YES, why …?": a numbered question whose wording opens
 * with part a) is asked in lettered parts, each with answers of its own: 9a, 9b, … up to the next number. (A
 * question whose a), b), c) follow its wording, "43. Please answer the following: a) … b) …", is a battery of
 * rows under one scale and is left to the grid rules.)
 */
function readLetteredParts(lines: LogicalLine[]): void {
  lines.forEach((line, at) => {
    const printed = printedStyle(line.text);
    const first = printed ? PART_LETTER.exec(printed.rest) : null;
    if (!printed || !first || first[1] !== "a" || !looksLikeQuestionText(first[2]) || line.script || line.first.cell) return;
    const id = (letter: string, rest: string): QuestionIdMatch => ({ id: `${printed.style.startsWith("Q") ? "Q" : ""}${printed.number}${letter}`, rest, kind: "numeric", number: printed.number });
    line.spine = id("a", first[2]);
    let expected = "b";
    // The parts follow within a page or so; the bound keeps a document of nothing but "1. a) …" lines linear.
    for (let index = at + 1; index < Math.min(lines.length, at + PART_REACH); index++) {
      const text = lines[index].text.trim();
      // The part may repeat the number ("20. b) Why …", printed at the top of the next column).
      const numbered = printedStyle(text);
      if (numbered && numbered.number !== printed.number && printedNumber(text) !== null) break;
      const part = PART_LETTER.exec(numbered && numbered.number === printed.number ? numbered.rest : text);
      if (!part || part[1] !== expected || !looksLikeQuestionText(part[2]) || lines[index].first.cell) continue;
      lines[index].spine = id(expected, part[2]);
      expected = String.fromCharCode(expected.charCodeAt(0) + 1);
    }
  });
}

/** "11.1 Lighting", "14.2. Noise": a part number under question 11 or 14, with its wording (letters first). */
const DECIMAL_PART = /^(\d{1,3})\.(\d{1,2})\.?\s+(?=\p{L})(.*)$/u;

/**
 * "11. How do you rate the following?" then "11.1 Lighting" with its answers, "11.2 Noise" with its answers …: a
 * spine question asked in decimal parts, each part with answers of its own, is read as its parts 11.1, 11.2, …
 * Without the numbering's word the parts look like answers (short labels under a question that has none yet),
 * and the question swallows them and their answers. The parts must number on from .1 one by one under their
 * question (before the next spine question), at least two of them, and each be followed by a line of its own
 * before the next part: consecutive "3.1 Yes" / "3.2 No" lines are numbered answers or a grid's rows.
 */
function readDecimalParts(lines: LogicalLine[], spine: { index: number; number: number }[]): void {
  spine.forEach((entry, k) => {
    const end = Math.min(spine[k + 1]?.index ?? lines.length, entry.index + PART_REACH);
    const parts: { index: number; rest: string; id: string }[] = [];
    let between = 0;
    for (let index = entry.index + 1; index < end; index++) {
      const line = lines[index];
      const text = line.text.trim();
      if (!text) continue;
      const part = DECIMAL_PART.exec(text.slice(0, 400));
      if (!part || Number(part[1]) !== entry.number || line.script || line.first.cell) {
        between++;
        continue;
      }
      // A part before any answer of the previous one, or out of sequence, ends the reading: no parts here.
      if (Number(part[2]) !== parts.length + 1 || (parts.length > 0 && between === 0)) return;
      parts.push({ index, rest: part[3], id: `${part[1]}.${part[2]}` });
      between = 0;
    }
    if (parts.length < 2 || between === 0) return;
    for (const part of parts) lines[part.index].spine ??= { id: part.id, rest: part.rest, kind: "decimal", number: entry.number };
  });
}

/** "101. Province", "205 Result of the visit": a three-digit item code before a word (hundreds 1-9). */
const BLOCK_CODE = /^([1-9])(\d\d)[.)]?\s+(?=\p{L})(.*)$/u;
/** How far an item code may jump within its block (a skipped code) and still continue the block. */
const BLOCK_STEP = 3;

/**
 * Item codes numbered by block (statistics offices' household and register forms): the hundreds name the block
 * and the items of each block count from there — 101 … 111 in block 1, 201 … 205 in block 2, 301 … — so the numbers
 * jump at every block and the line rules, which expect the next number or one close to it, take the next block's
 * items (or a block of short field labels such as "102. District") for answers. Where the document's three-digit
 * codes run this way through at least two blocks (each block's first code within x01 … x0{BLOCK_STEP}, each next
 * code of a block at most BLOCK_STEP further), every line printed with such a code at the margin is a question start.
 * Runs on the logical lines, before classification; answers nested under an item (deeper list items) are no starts.
 */
export function readBlockNumbers(lines: LogicalLine[]): void {
  const candidates = lines.flatMap((line) => {
    if (line.script || line.first.cell || line.spine || (line.first.list && line.first.list.level > 0)) return [];
    const match = BLOCK_CODE.exec(line.text.trim().slice(0, 400));
    return match ? [{ line, block: Number(match[1]), item: Number(match[2]), rest: match[3] }] : [];
  });
  const kept: typeof candidates = [];
  const blocks = new Set<number>();
  for (const entry of candidates) {
    const last = kept.at(-1);
    const continues = last && entry.block === last.block && entry.item > last.item && entry.item <= last.item + BLOCK_STEP;
    const opens = (!last || entry.block > last.block) && entry.item >= 1 && entry.item <= BLOCK_STEP;
    if (!continues && !opens) continue;
    kept.push(entry);
    blocks.add(entry.block);
  }
  if (blocks.size < 2 || kept.length < 6 || kept.length < candidates.length * 0.8) return;
  for (const entry of kept) {
    const number = entry.block * 100 + entry.item;
    entry.line.spine = { id: String(number), rest: entry.rest, kind: "numeric", number };
  }
}

/**
 * "IV. Occupation: ____": a capital Roman numeral, then a dot, a bracket or a colon, then the wording. (Small
 * numerals, "ii. …", are read by the line rules: answers, or sub-questions under a lettered question.)
 */
const ROMAN_START = /^\(?((?=[IVXLC])C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))(?:[.):]|\s[-–])\s*(\S.*)$/;
/** Wording that asks for an entry: it asks, ends in a colon, or carries a line or dots to write on. */
const FILL_IN = /[?？؟]\s*(?:\([^()]{0,60}\))?\s*(?:_{3,}.*|\.{4,}.*|…{2,}.*)?$|[:：]\s*(?:_{3,}.*|\.{4,}.*|…{2,}.*)?$|_{3,}|\.{4,}|…{2,}/;

function romanValue(numeral: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  const digits = numeral.split("").map((ch) => values[ch]);
  return digits.reduce((sum, value, k) => sum + (value < (digits[k + 1] ?? 0) ? -value : value), 0);
}

/**
 * Items numbered in capital Roman numerals (I, II, III …) that each ask for an entry — a question, a label
 * ending in a colon, a line or dots to write on — are questions numbered that way: a run of at least three in
 * sequence from I (a run may restart in a later part). Roman-numbered titles ("II. Your household", "III. METHODS")
 * ask for nothing and stay titles. The numeral is the question's id, as printed.
 */
export function readRomanNumbering(lines: LogicalLine[]): void {
  const found = lines.flatMap((line, index) => {
    if (line.spine || line.script || line.first.cell) return [];
    const match = ROMAN_START.exec(line.text.trim());
    if (!match || !match[1] || !/\p{L}/u.test(match[2])) return [];
    return [{ index, numeral: match[1], value: romanValue(match[1]), rest: match[2], asks: FILL_IN.test(match[2]) && !isMostlyUpperText(match[2]) }];
  });
  let run: typeof found = [];
  const flush = () => {
    if (run.length >= 3 && run.every((entry) => entry.asks)) for (const entry of run) lines[entry.index].spine = { id: entry.numeral, rest: entry.rest, kind: "numeric", number: entry.value };
    run = [];
  };
  for (const entry of found) {
    const last = run[run.length - 1];
    if (last && entry.value === last.value + 1) run.push(entry);
    else {
      flush();
      if (entry.value === 1) run.push(entry);
    }
  }
  flush();
}

function isMostlyUpperText(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, "");
  return letters.length >= 4 && letters === letters.toUpperCase();
}
