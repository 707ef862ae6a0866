import type { IRItem } from "./ir";

/**
 * Programmer notes: what a questionnaire says to the person programming it, not to the respondent
 * ("[RANDOMIZE LIST]", "[SHOW HYPERLINK TO Concept board 1]", "[INSERT S8]", "Remaining CLASSIFY AS NONE and
 * TERMINATE", "SHOW THE NEXT HIGHEST ROW. REPEAT UNTIL RESPONSE <3"). Nothing is dropped silently: such text is
 * taken out of the respondent-facing wording (`separateProgrammerText`) and every note the compiler did not turn
 * into structure is kept on the element as a review flag (`unprogrammedNotes`), with the words as written.
 */

/** Words that only make sense to a programmer. Kept flat (no nested quantifiers). */
const PROGRAMMER_WORD =
  /\b(?:randomi[sz]e[sd]?|randomi[sz]ation|rotate|rotation|hyperlink|insert|pipe[sd]?|piping|terminate[sd]?|classify|quotas?|anchor(?:ed)?|exclusive|programmer|programming|scripter|autosum|auto-sum|carousel|recode|punch|capture|hidden|variable|collect oe|text ?box|do not show|show (?:only|if|to|hyperlink|concept|image|card|list|rows?|the next)|ask (?:only|if|to)|repeat until|price ladder|gabor|adaptive|mutually exclusive|must (?:add|sum|total)|force|allow|(?:single|multi|multiple) code|code all|base:|pn:|dp:)\b/i;

/** Text in capitals (at least two words, mostly upper-case letters): an instruction in most questionnaires. */
function shouted(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length < 6 || !/\s/.test(text.trim())) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, "").length;
  return upper / letters.length >= 0.75;
}

/** Is this (bracketed) text addressed to the programmer? */
export function isProgrammerText(text: string): boolean {
  const inner = text.trim();
  if (!inner) return false;
  return PROGRAMMER_WORD.test(inner) || shouted(inner);
}

const PIPING = /^(?:insert|pipe|piped|show)\b/i;

/**
 * Splits respondent-facing text from programmer notes: bracketed notes ("[RANDOMIZE]", a "[" never closed up to
 * the end of the text), parenthesised notes in capitals, and stray closing or opening brackets are taken out.
 * A piping placeholder ("[INSERT S8]") leaves "…" in the sentence so it still reads.
 */
export function separateProgrammerText(input: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  let text = input;
  // Balanced [ … ] with a programmer's note inside.
  text = text.replace(/\[([^[\]]*)\]/g, (whole: string, inner: string, offset: number, all: string) => {
    if (!isProgrammerText(inner)) return whole;
    notes.push(inner.trim());
    const inSentence = /\S/.test(all.slice(0, offset)) && /\S/.test(all.slice(offset + whole.length));
    return PIPING.test(inner.trim()) && inSentence ? "…" : " ";
  });
  // "[" never closed: the rest of the text is the note (when it reads like one).
  const open = text.lastIndexOf("[");
  if (open >= 0 && !text.slice(open).includes("]")) {
    const rest = text.slice(open + 1);
    if (isProgrammerText(rest) || !rest.trim()) {
      if (rest.trim()) notes.push(rest.trim());
      text = text.slice(0, open);
    } else text = text.slice(0, open) + rest;
  }
  // "]" never opened: the text before it is a note only when it reads like one; otherwise drop the bracket.
  const close = text.indexOf("]");
  if (close >= 0 && !text.slice(0, close).includes("[")) {
    const before = text.slice(0, close);
    if (isProgrammerText(before) && !/[?？]/.test(before)) {
      notes.push(before.trim());
      text = text.slice(close + 1);
    } else text = before + text.slice(close + 1);
  }
  // ( … ) in capitals with a programmer's word: "(MULTIPLE CODE)", "(RANDOMIZE)".
  text = text.replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    if (!(shouted(inner) && PROGRAMMER_WORD.test(inner))) return whole;
    notes.push(inner.trim());
    return " ";
  });
  text = balanceParentheses(text);
  // Sentences in capitals with a programmer's word at the end of the text ("… SELECT ONE OPTION FOR EACH ROW").
  const tail = capitalTail(text);
  if (tail && shouted(tail.text) && PROGRAMMER_WORD.test(tail.text)) {
    notes.push(tail.text.trim());
    text = text.slice(0, tail.start);
  }
  return { text: tidy(text), notes: notes.filter(Boolean) };
}

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

/**
 * The run of at least six characters other than lowercase letters and . ? ! that ends the text, starting the
 * text, after a . ? ! or : and spaces, or after two spaces — what `/(?:^|[.?!:]\s+|\s{2,})([^a-z.?!]{6,})$/`
 * captures (where it starts, and its text), found from the end instead of from every space in the run.
 */
function capitalTail(text: string): { start: number; text: string } | null {
  const end = text.length;
  let from = end;
  while (from > 0 && !/[a-z.?!]/.test(text[from - 1])) from--;
  if (from === 0) return end >= 6 ? { start: 0, text } : null;
  const spaces = (at: number) => {
    let to = at;
    while (to < end && isSpace(text[to])) to++;
    return to - at;
  };
  // The leftmost opening wins; the spaces after it go to the run only as far as needed for six characters.
  for (let p = from - 1; end - p >= 8; p++) {
    if ((p === from - 1 ? /[.?!]/.test(text[p]) : text[p] === ":") && isSpace(text[p + 1])) {
      const start = p + 1 + Math.min(spaces(p + 1), end - p - 7);
      return { start, text: text.slice(start) };
    }
    if (p >= from && isSpace(text[p]) && isSpace(text[p + 1])) {
      const start = p + Math.min(spaces(p), end - p - 6);
      return { start, text: text.slice(start) };
    }
  }
  return null;
}

/** Drops a ")" that closes nothing and a "(" that is never closed. */
function balanceParentheses(text: string): string {
  let depth = 0;
  let out = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") {
      if (depth === 0) continue;
      depth--;
    }
    out += char;
  }
  for (let unclosed = depth; unclosed > 0; unclosed--) {
    const at = out.lastIndexOf("(");
    out = out.slice(0, at) + out.slice(at + 1);
  }
  return out;
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/(?<![ \t])[ \t]+([?.,:;!])/g, "$1")
    .replace(/(?<![ \t])[ \t]+\n/g, "\n")
    .trim();
}

/** Notes the compiler wrote itself to explain what it did; they are not instructions from the document. */
const COMPILER_NOTE = /^(?:option groups:|row:|rows:|each row is answered|rows are not listed|also offered:)/i;
/** A number range ("0-72", "Range [0-50]"): programmed as min/max. */
const RANGE_NOTE = /^(?:range\s*)?\[?\s*-?\d+\s*[-–]\s*-?\d+\s*\]?$/i;
const RANDOMIZE_NOTE = /^(?:randomi[sz]e|rotate)[\w ,&]*$/i;
/** "ASK ALL", "BASE: ALL RESPONDENTS", a column header ("CODE"): nothing to program, nothing to review. */
const NOTHING_TO_DO = /^(?:(?:ask|show|display)\s+(?:to\s+)?all(?:\s+respondents)?|base\s*:?\s*all(?:\s+respondents)?|codes?|punch(?:es)?|values?)\s*[.:]?$/i;
const SCREEN_OUT = /\bterminate|screen ?out|disqualif/i;
const ADAPTIVE = /\brepeat until|show the next (?:highest|lowest)|price ladder|gabor|adaptive|capture separate variable/i;

/** What kind of programming a note asks for (for the reason shown to the reviewer). */
function kindOf(note: string): string {
  if (/^routing not bound/i.test(note)) return "Logic kept as written, not programmed";
  if (SCREEN_OUT.test(note)) return "Screen-out instruction not programmed";
  if (ADAPTIVE.test(note)) return "Adaptive (price-ladder) logic not programmed";
  if (/\bquotas?\b/i.test(note)) return "Quota not programmed";
  if (/\bhyperlink|\blink\b|concept board|show (?:concept|image|card)/i.test(note)) return "Link or stimulus to show, not programmed";
  if (/\b(?:insert|pipe|piped|piping)\b/i.test(note)) return "Piping not programmed";
  if (/\bclassify\b/i.test(note)) return "Classification not programmed";
  if (/\brandomi[sz]|rotat/i.test(note)) return "Randomisation not programmed";
  return "Programmer note kept from the questionnaire";
}

/**
 * The notes of an element that the compiler did not program, each as a review reason quoting the words as
 * written. Ranges, randomisation (when the element is randomised), other-specify and the compiler's own
 * explanations are structure already and are left out.
 */
export function unprogrammedNotes(item: IRItem, extra: string[] = []): string[] {
  const randomized = item.kind === "question" && item.randomize === true;
  const seen = new Set<string>();
  const reasons: string[] = [];
  for (const raw of [...item.notes, ...extra]) {
    const note = raw.replace(/\s+/g, " ").replace(/^[[\s]+/, "").replace(/(?<![\]\s])[\]\s]+$/, "").trim();
    if (!note || note.length < 3 || seen.has(note.toLowerCase())) continue;
    seen.add(note.toLowerCase());
    if (COMPILER_NOTE.test(note) || RANGE_NOTE.test(note) || NOTHING_TO_DO.test(note) || /^(?:specify|open)$/i.test(note)) continue;
    if (randomized && RANDOMIZE_NOTE.test(note)) continue;
    if (/^quotas?:?$/i.test(note)) continue;
    reasons.push(`${kindOf(note)}: "${note}"`);
  }
  return reasons;
}
