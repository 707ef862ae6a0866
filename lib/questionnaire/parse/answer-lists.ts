import { CUES } from "./cue-lexicon";
import type { Unit } from "./lines";

/**
 * Word's automatic numbering used for answers: a questionnaire whose questions are unnumbered paragraphs often
 * gives each question's answers a numbered list of their own ("What is your age?" / "1. 0 – 9" / "2. 10 – 19"),
 * and Word starts every such list again at 1. Read one list at a time, "1. Female" looks like question 1; read
 * over the whole document, lists that each start at 1 right under an unnumbered paragraph and hold no
 * question sentences are answer lists. When a document has three or more of them, its numbered list items
 * are answers (or statements), never question numbers.
 */
export function numberedAnswerLists(units: Unit[]): boolean {
  const lists = new Map<string, { first: number | undefined; afterText: boolean; items: number; asking: number }>();
  let previousList: string | undefined;
  // Sources without list identities (Markdown, plain text): a list is a run of numbered lines.
  let run = 0;
  for (const unit of units) {
    if (unit.kind !== "line") {
      previousList = undefined;
      continue;
    }
    const list = unit.line.first.list;
    if (list?.ordered && list.listId === undefined && !previousList?.startsWith("run")) run++;
    const key = list?.ordered ? (list.listId !== undefined ? `${list.listId}:${list.level}` : `run${run}:${list.level}`) : undefined;
    if (key) {
      let entry = lists.get(key);
      if (!entry) {
        entry = { first: list!.value, afterText: previousList === undefined, items: 0, asking: 0 };
        lists.set(key, entry);
      }
      entry.items++;
      if (/[?？]/.test(unit.line.text)) entry.asking++;
    }
    previousList = list ? (key ?? "bullet") : undefined;
  }
  const answerLists = [...lists.values()].filter((entry) => entry.first === 1 && entry.afterText && entry.items >= 2 && entry.asking === 0);
  // Every numbered list of the document is such a list (a numbered question list would hold question sentences).
  return answerLists.length >= 3 && answerLists.length >= lists.size * 0.8;
}

/** Words with which a lead-in asks for an answer ("Which …:", "Please tick …:", "Select all that apply:"). */
const ASKING_LEAD = /\b(?:which|what|who|whom|whose|when|where|why|how|do|does|did|are|is|have|has|would|could|should|please|select|choose|tick|check|mark|circle|indicate|rate|rank|name|list|give|describe|enter|write|specify|pick)\b/i;

/**
 * A list of statements under a lead-in that asks nothing ("By taking part in this questionnaire:" / "1. You
 * understand that participation is voluntary" / …): a consent or information list, not a question with answers.
 * The items are whole clauses (five words or more each); answers are short.
 */
export function isStatementList(leadIn: string, items: readonly string[]): boolean {
  const lead = leadIn.trim();
  if (!/[:：]$/.test(lead) || /[?？]/.test(lead) || ASKING_LEAD.test(lead) || lead.split(/\s+/).length > 12) return false;
  if (items.length < 3) return false;
  return items.every((item) => item.trim().split(/\s+/).length >= 5 && !/[?？]/.test(item));
}

/**
 * The label of an answer list printed under a list of items ("Choices:", "Scale:", "Answer options:",
 * "Columns:", and the telephone scripts' "RESPONSE CATEGORIES:" / "Answer codes:"): written after the items of a
 * matrix, it says that the items are the rows and the list after the label the answers each row takes.
 */
export const ANSWER_LIST_LABEL = /^(?:(?:answer|response|rating|scale)\s+)?(?:choices|options|columns|scale(?:\s+points)?|answers|responses|ratings)\s*[:：]$|^(?:answer|response)\s+(?:categories|codes)\s*[:：]$/i;

/**
 * The label of an item list printed under a question's answers ("ITEMS:", "Statements:", "Items to be read:"):
 * telephone scripts print a battery's codes first and the items asked one by one after them — the items are the
 * rows and the answers above the label the scale each row takes.
 */
export const ITEM_LIST_LABEL = /^(?:items?|statements?|rows?|attributes|(?:list of )?items? (?:to (?:be )?)?(?:read|rated|asked)(?: out)?)\s?[:：]$/i;


/** "… to date (Options: Completed; Under way; Dropped)?": the answers each listed item takes, stated at the wording's end. */
const STATED_COLUMNS = new RegExp(String.raw`\(\s*(?:options|choices|answers|${CUES.answerOptions})\s*[:：]\s*(.{3,200}?)\)\s*[?？:：.]?\s*$`, "iu");

/**
 * The answer columns a question states in its wording for the list printed under it. Such a list is the rows of a
 * grid, each answered with one of the stated columns, not a choice among the rows.
 */
export function statedAnswerColumns(wording: string): string[] | null {
  const match = STATED_COLUMNS.exec(wording.trim().slice(-400));
  if (!match) return null;
  const columns = match[1]
    .split(/;|\|/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  return columns.length >= 2 && columns.length <= 12 && columns.every((column) => column.length <= 60) ? columns : null;
}

/**
 * A sub-group label inside a coded answer list ("1 Primary" / "2 Secondary" / "Private:" / "3 Primary"): a short
 * line with no code of its own between two answers whose codes run on by one across it. The list goes on after it;
 * the label groups the answers under it and is no answer itself.
 */
export function subgroupLabel(text: string, codeBefore: string | undefined, codeAfter: string | undefined): boolean {
  if (codeBefore === undefined || codeAfter === undefined || !/^\d{1,3}$/.test(codeBefore) || !/^\d{1,3}$/.test(codeAfter)) return false;
  if (Number(codeAfter) !== Number(codeBefore) + 1) return false;
  const label = text.trim();
  return label.length <= 40 && label.split(/\s+/).length <= 5 && /^\p{L}/u.test(label) && !/[?？]/.test(label) && !/\d/.test(label);
}

/** "1=Yes", "2 = No", "8: Don't know": one coded answer of a legend. */
const LEGEND_PAIR = /(?:^|[\s,;])(\d{1,2})\s*[=:]\s*(\p{L}[^,;=:()[\]\d]{0,40}?)(?=\s*(?:[,;]|\s\d{1,2}\s*[=:]|$))/gu;

/**
 * The coded answers a question states at its wording's end for the items listed under it: "Does your household
 * own any of the following? (1=Yes 2=No)", "… [1 = Often; 2 = Sometimes; 3 = Never]". The legend is the whole of the
 * closing bracket (or of what follows the wording's last "?" or ":"), two or more pairs with different codes.
 */
export function codeLegendColumns(wording: string): { code: string; label: string }[] | null {
  const trimmed = wording.trim();
  const bracket = /[([]([^()[\]]{5,200})[)\]]\s*[.:]?\s*$/.exec(trimmed);
  const tail = bracket ? bracket[1] : /[?？:：]\s*([^?？:：]{5,200})$/.exec(trimmed)?.[1];
  if (!tail) return null;
  const pairs = [...tail.matchAll(LEGEND_PAIR)].map((match) => ({ code: match[1], label: match[2].trim() }));
  if (pairs.length < 2 || new Set(pairs.map((pair) => pair.code)).size !== pairs.length) return null;
  // Every point is coded: the codes run on by one (a last "don't know" code may jump); "(1 = Never, 5 = Always)" names a scale's ends only.
  const codes = pairs.map((pair) => Number(pair.code));
  if (!codes.every((code, i) => i === 0 || code === codes[i - 1] + 1 || (i === codes.length - 1 && code > codes[i - 1] && /^(?:[89]|[89][89]|9[67])$/.test(String(code))))) return null;
  // The pairs are the whole legend (nothing else but separators between them).
  const rest = tail.replace(LEGEND_PAIR, " ").replace(/[\s,;]+/g, "");
  return rest ? null : pairs;
}

/**
 * Pieces of one line that are each an answer coded in front ("1 Wood" | "4 Electricity", "01. Tap" | "02. Well"):
 * a code list printed in columns and read across. The codes differ and rise from left to right.
 */
export function codedColumns(pieces: readonly string[]): boolean {
  const codes = pieces.map((piece) => /^(\d{1,3})[.)]?\s+\p{L}/u.exec(piece.trim())?.[1]);
  if (codes.length >= 2 && codes.every((code, i) => code !== undefined && (i === 0 || Number(code) > Number(codes[i - 1])))) return true;
  // Lettered the same way ("a) Wood" | "d) Electricity"): one mark, one letter case, the letters rising.
  const letters = pieces.map((piece) => /^([a-zA-Z])([.)])\s+\p{L}/u.exec(piece.trim()));
  const first = letters[0];
  const lower = (letter: string) => letter === letter.toLowerCase();
  return !!first && letters.length >= 2 && letters.every((letter, i) => letter !== null && letter[2] === first[2] && lower(letter[1]) === lower(first[1]) && (i === 0 || letter[1].toLowerCase() > letters[i - 1]![1].toLowerCase()));
}

/**
 * A line that only numbers columns ("01  02  03  04": household members, mentions) over an answer line that repeats
 * its code once under each of them ("Male  1  1  1  1"): the heading of person columns, not answers.
 */
export function personColumnsHeading(line: { text: string }, next: { text: string }): boolean {
  const numbers = line.text.trim().split(/\s+/);
  if (numbers.length < 2 || !numbers.every((value, at) => /^\d{1,2}$/.test(value) && (at === 0 || Number(value) === Number(numbers[at - 1]) + 1))) return false;
  // The answer's label, then its codes (read word by word from the end).
  const words = next.text.trim().split(/\s+/);
  let first = words.length;
  while (first > 0 && /^\d{1,3}$/.test(words[first - 1])) first--;
  const codes = words.slice(first);
  return first > 0 && /^\D/.test(words[0]) && codes.length === numbers.length && new Set(codes).size === 1;
}

/**
 * Pieces that each open with a code of one shape — all numbers or all letters of one case, with one mark — and whose
 * codes all differ ("b) Charcoal", "e) Gas", "c) Kerosene"): answers of a code list printed in columns, whatever order
 * the layout gives them in.
 */
export function sameCodeShape(pieces: readonly string[]): boolean {
  const codes = pieces.map((piece) => /^(\d{1,3}|[a-zA-Z])([.)])\s+\p{L}/u.exec(piece.trim()));
  const first = codes[0];
  if (!first || codes.length < 2) return false;
  const shape = (code: string) => (/\d/.test(code) ? "number" : code === code.toLowerCase() ? "lower" : "upper");
  return codes.every((code) => code !== null && code[2] === first[2] && shape(code[1]) === shape(first[1])) && new Set(codes.map((code) => code![1])).size === codes.length;
}
