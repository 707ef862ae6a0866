/**
 * Wording that asks for a number although no number field is printed, in any language of the cue lexicon.
 *
 * Convention: a question with no answers to choose from asks for a number when its wording asks for a year
 * ("En quelle année …", "Geburtsjahr", "(AAAA)") or puts the answer in a unit ("(en m²)", "in hectares",
 * "(in t)", "(en euro)", "em reais"). Such a question is a numeric field, not an open text. The cue words
 * are rows of cue-lexicon.ts (YEAR_ASKED, IN_UNIT_WORDS, AMOUNT_UNITS, YEAR_FORMATS); English's other amount
 * words ("how many", "number of") stay in interpret.ts's own pattern.
 */
import { AGE_NOUN, AMOUNT_UNITS, BLANK_UNITS, IN_UNIT_WORDS, NOT_LETTER, YEAR_ASKED, YEAR_FORMATS } from "./cue-lexicon";

const UNITS = Object.values(AMOUNT_UNITS).flat().join("|");
const MEASURES = Object.values(BLANK_UNITS).flat().join("|");
const IN_WORDS = Object.values(IN_UNIT_WORDS).flat().join("|");
const YEARS = Object.values(YEAR_ASKED).flat().join("|");
const AGES = Object.values(AGE_NOUN).flat().join("|");

/**
 * "in hectares", "(en m²)", "(€)", "em reais": an amount in a unit. A unit is followed by no letter and no hyphen;
 * a compound ("in years + months") asks for two numbers and stays text.
 */
export const UNIT_AMOUNT_CUES = new RegExp(`(?:(?:^|[^a-zà-öø-ÿ])(?:${IN_WORDS})\\s+|\\(\\s*)(?:${UNITS})(?![a-zà-öø-ÿ-])(?! ?[+&])`, "i");

/** "En quelle année", "Geburtsjahr", "(AAAA)": the answer is a year. */
export const YEAR_ASKED_CUES = new RegExp(`(?:^|[^a-zà-öø-ÿ])(?:${YEARS})${NOT_LETTER}|\\(\\s*(?:${YEAR_FORMATS})\\s*\\)`, "i");

/** "Edad", "Votre âge :", "Alter (in Jahren)": a field labelled with the age noun alone asks for a number of years. */
export const AGE_LABEL_CUES = new RegExp(`^(?:${AGES})${NOT_LETTER}\\s*(?:[:：]\\s*|\\([^()]{0,30}\\)\\s*)?$`, "i");

/** The wording asks for a year, an amount in a unit, or an age by its noun. */
export function asksForNumberInUnits(text: string): boolean {
  return UNIT_AMOUNT_CUES.test(text) || YEAR_ASKED_CUES.test(text) || AGE_LABEL_CUES.test(text.trim());
}

/** A run of underscores or dots to write on. */
const BLANK = /_{3,}|(?:[.…] ?){4,}/g;

/** What is left of a blank's line once the blank is removed is a unit, perhaps with a word or two more ("kg milk", "horas por semana"). */
export const UNIT_BESIDE_BLANK = new RegExp(`^(?:(?:${UNITS}|${MEASURES})(?:\\s+[\\p{L}.]{1,12}){0,2}|[\\p{L}.]{1,12}\\s+(?:${UNITS}|${MEASURES}))$`, "iu");

/**
 * An answer blank printed with a unit beside it ("______ kg milk", "____ ha", "Please provide in hectares. ___ha",
 * "€ ________"): the answer is a number.
 */
export function blankInUnits(line: string): boolean {
  if (!/_{3,}|(?:[.…] ?){4,}/.test(line)) return false;
  const pieces = line.split(BLANK).map((piece) => piece.trim()).filter(Boolean);
  if (pieces.length === 0) return false;
  return pieces.some((piece) => UNIT_BESIDE_BLANK.test(besideBlank(piece)) || asksForNumberInUnits(piece)) || currencyBesideBlank(line);
}

/**
 * The words beside a blank, without the remarks printed in brackets after the unit ("____元【填空】",
 * "____ ans (moins de 18 ans → fin)"): a type tag or a condition on the value is no part of the unit.
 */
function besideBlank(piece: string): string {
  const unbracketed = withoutClosingRemarks(piece).trim();
  return (unbracketed || piece).replace(/^[:(]/, "").replace(/[):]$/, "").trim();
}

const REMARK_CLOSERS: Record<string, string> = { "【": "】", "（": "）", "(": ")", "[": "]" };

/**
 * The piece without each bracketed remark that is followed only by another bracket or the end, and the spaces before
 * it. A scan, not a pattern: an unanchored pattern rescans every unclosed bracket from every start (quadratic).
 */
function withoutClosingRemarks(piece: string): string {
  const length = piece.length;
  // Index of the next occurrence at or after each position, filled from the end (one pass per character kind).
  const nextOf = (char: string) => {
    const next = new Int32Array(length + 1).fill(length);
    for (let index = length - 1; index >= 0; index--) next[index] = piece[index] === char ? index : next[index + 1];
    return next;
  };
  const next: Record<string, Int32Array> = { "】": nextOf("】"), "）": nextOf("）"), ")": nextOf(")"), "]": nextOf("]") };
  const nextOpenParen = nextOf("(");
  const nextNonSpace = new Int32Array(length + 1).fill(length);
  for (let index = length - 1; index >= 0; index--) nextNonSpace[index] = /\s/.test(piece[index]) ? nextNonSpace[index + 1] : index;
  let out = "";
  let index = 0;
  while (index < length) {
    const closer = REMARK_CLOSERS[piece[index]];
    if (closer) {
      const end = next[closer][index + 1];
      const nested = piece[index] === "(" && nextOpenParen[index + 1] < end;
      if (end < length && !nested) {
        const after = nextNonSpace[end + 1];
        if (after === length || piece[after] in REMARK_CLOSERS) {
          out = out.trimEnd();
          index = end + 1;
          continue;
        }
      }
    }
    out += piece[index];
    index++;
  }
  return out;
}

/**
 * A money field's caption under the wording, its boxes drawn, not written: a word or two and a currency sign ("Valor $",
 * "Montant €", "Amount £"), perhaps with where the form goes next after it ("Valor $   Pase a 13"). The answer is an
 * amount of money.
 */
export function currencyCaption(line: string): boolean {
  return /^(?:[\p{L}.]{2,15}\s+){0,2}\p{Sc}(?:\s|$)/u.test(line.trim().slice(0, 200));
}

/**
 * A currency printed right beside a blank, whatever the currency: a sign ("₦ ____", "____ ₵") or a code of three or
 * four capitals after the blank ("____ FCFA", "____ KES").
 */
function currencyBesideBlank(line: string): boolean {
  // (Read piece by piece around each blank: a pattern scanning from every underscore would be quadratic.)
  const pieces = line.split(/_{3,}/);
  for (let at = 0; at + 1 < pieces.length; at++) {
    const before = pieces[at].trimEnd();
    const after = pieces[at + 1].trim();
    if (/(?:^|\s)\p{Lu}{0,2}\p{Sc}$/u.test(before) || /^\p{Sc}/u.test(after) || (at + 2 === pieces.length && /^\p{Lu}{3,4}[.)]?$/u.test(after))) return true;
  }
  return false;
}

/**
 * An answer that is itself a blank with a unit ("1. __ percent", "a) ____ years", "…… kg"): the respondent writes
 * a number there. (Two underscores suffice on an answer line: nothing else is printed beside the unit.)
 */
export function unitBlankAnswer(label: string): boolean {
  // (The blank is marked once, then looked for at either end: an end-anchored blank pattern would be quadratic.)
  const marked = label.trim().replace(/_{2,}|(?:[.…] ?){3,}/g, "\u0000");
  if (!marked.startsWith("\u0000") && !marked.endsWith("\u0000")) return false;
  const rest = marked.replace(/\u0000/g, " ").trim();
  return rest.length > 0 && UNIT_BESIDE_BLANK.test(rest);
}

/**
 * The wording without the placeholders a tool pipes in ("[dog name]", "${MEDICATION}", "{{brand}}"): a piped name
 * does not make "How many trainers have you consulted for [dog name]?" a question about a name. A bracketed
 * instruction ("[ENTER NAME]", "[please specify]") is kept.
 */
export function withoutPlaceholders(text: string): string {
  return text.replace(/\$\{[^{}]{0,60}\}|\{\{[^{}]{0,60}\}\}|\[(?!\s*(?:enter|record|write|type|specify|please|interviewer)\b)[^[\]]{1,30}\]/gi, " ");
}

/**
 * The size of each group of a date's parts, in order: slots "__/__/____", boxes "|__|__|/|__|__|/|__|__|__|__|"
 * (one box a digit), spaced slots "_ _ / _ _ / _ _ _ _" and letter templates in any language ("DD/MM/YYYY",
 * "JJ/MM/AAAA", "TT.MM.JJJJ", "gg-mm-aaaa": each part one letter repeated).
 */
function dateGroups(text: string): number[][] {
  const found: number[][] = [];
  const sized = (group: string) => (group.includes("|") ? (group.match(/_+/g) ?? []).length : group.replace(/\s/g, "").length);
  // Groups of slots or boxes joined by one separator ("/", "-", ".") with nothing else between them (read run by run:
  // a run of slot characters, split at its separators).
  for (const match of text.matchAll(/[_|/.\- ]+/g)) {
    const groups = match[0].split(/[/.-]/).map((group) => group.trim());
    const slots = groups.filter(Boolean);
    if (slots.length >= 2 && slots.length === groups.length && slots.every((group) => group.includes("_") && /^[_| ]+$/.test(group))) found.push(slots.map(sized));
  }
  for (const match of text.matchAll(/(?<![\p{L}])(\p{L})\1{1,3}(?:([/.\-])(\p{L})\3{1,3}(?:\2(\p{L})\4{1,3})?)(?![\p{L}])/gu)) {
    const parts = match[0].split(/[/.-]/);
    // Each part a different letter ("DD/MM/YYYY"; "AA/AA" is no template).
    if (new Set(parts.map((part) => part[0].toLowerCase())).size === parts.length) found.push(parts.map((part) => part.length));
  }
  // Labelled boxes, one group after each label ("Día |__|__| Mes |__|__| Año |__|__|__|__|"), read word by word.
  const words = text.split(/\s+/);
  const boxes = words.filter((word, at) => at > 0 && /^(?:\|_+)+\|$/.test(word) && /\p{L}/u.test(words[at - 1])).map((word) => (word.match(/_+/g) ?? []).length);
  if (boxes.length >= 2) found.push(boxes);
  return found;
}

/** A date's part sizes: day and month of one or two digits and a year of two or four, in either order; or month and year. */
const DATE_SIZES = (sizes: number[]) =>
  (sizes.length === 3 && ((sizes[0] <= 2 && sizes[1] <= 2 && [2, 4].includes(sizes[2])) || (sizes[0] === 4 && sizes[1] <= 2 && sizes[2] <= 2))) ||
  (sizes.length === 2 && sizes[0] <= 2 && sizes[1] === 4);

/**
 * An answer space shaped as a date, whatever the language: slots, boxes or a letter template in two or three groups
 * sized like day, month and year ("__/__/____", "JJ/MM/AAAA", "Día |__|__| Mes |__|__| Año |__|__|__|__|").
 */
export function dateShapedBlank(text: string): boolean {
  return dateGroups(text).some(DATE_SIZES);
}

/**
 * A unit caption printed beside a number box: a unit of the lexicon ("mois", "hours", "kg") or any short word with
 * its plural mark in brackets ("heure(s)", "an(s)", "jour(s)", "minute(s)", "Jahr(e)").
 */
const CAPTION = String.raw`(?:(?:${UNITS}|${MEASURES})(?![\p{L}\p{N}])|\p{L}{1,12}\((?:s|e|es|en|n|x)\))`;
/** One caption, the whole token: a pattern over a run of captions backtracks exponentially on a near miss. */
const CAPTION_TOKEN = new RegExp(String.raw`^${CAPTION}$`, "iu");
/** The text is captions only, separated by spaces (units of up to three words read whole, the longest first). */
function captionsOnly(text: string): boolean {
  const words = text.split(/[\s,;:]+/).filter(Boolean);
  if (words.length === 0) return false;
  for (let at = 0; at < words.length; ) {
    const span = [3, 2, 1].find((size) => at + size <= words.length && CAPTION_TOKEN.test(words.slice(at, at + size).join(" ")));
    if (!span) return false;
    at += span;
  }
  return true;
}
/** The captions close the line, after its start or a sentence's end ("Répondez en nombre de mois. mois", ", jour(s)"). */
function captionTail(text: string): boolean {
  const cut = Math.max(text.lastIndexOf("."), text.lastIndexOf(","), text.lastIndexOf(";"), text.lastIndexOf(":"));
  return captionsOnly(text.slice(cut + 1));
}
const PLURAL_MARK = /\p{L}\((?:s|e|es|en|n|x)\)/u;

/**
 * Number boxes whose box glyphs the text layer lost leave only their unit captions under the wording ("heure(s)" /
 * "minute(s)", "… Exemple : 3 ans et 6 mois. an(s) mois", "Si une demi-journée, indiquez 0.5" / ", jour(s)"); read
 * as answers they make a choice of units. The lines are the captions of a number field when none carries a code or a
 * box and the last ends in captions — every line being captions alone, or the captions written with a plural mark,
 * or the question asking for an amount.
 */
export function numberFieldCaptions(labels: string[], asksAmount: boolean): boolean {
  if (labels.length === 0 || labels.length > 3) return false;
  const last = labels[labels.length - 1];
  if (!captionTail(last)) return false;
  return labels.every(captionsOnly) || PLURAL_MARK.test(last) || asksAmount;
}
