import { CUES, SENTENCE_CUES } from "./cue-lexicon";
import { GOTO_VERB, TERMINATE_WORDS } from "./patterns";

/**
 * Conditions written as a sentence, in any language of the cue lexicon — "Si vous avez répondu oui à la question 5
 * :", "Si respondió 'No' en P7, pase a P10", "Wenn Sie Frage 3 mit ja beantwortet haben:", "Als u ja hebt
 * geantwoord op vraag 6:", "If you answered yes to question 4:", "Hvis nej, gå til spørgsmål 5", "Jeśli tak, przejdź
 * do pytania 7", "Si usted trabaja:".
 *
 * Detect: a line (or a condition text) that opens with an if-word of the lexicon followed by one of these shapes:
 * - "if" + "you answered" + answer (+ "to" + question): the answer first (French, Spanish, Portuguese, Italian,
 *   the Scandinavian languages, Polish, English);
 * - "if" + subject (+ question) (+ "mit") + answer + "answered" (+ "to" + question): the verb last (German, Dutch);
 * - "if" + a yes/no word ("Hvis nej", "Jeśli tak", "Se sim"), before a comma or colon;
 * - "if" + a short clause alone on its line, ending in a colon ("Si usted trabaja:").
 * Read: the sentence is said the way the logic reader reads it — "IF <question> = <answer>" (or "IF <answer>" when
 * no question is named: the answer is then one of the question the sentence is written on) — with the rest of
 * the sentence kept ("…, pase a P10"). Every language goes through the same shapes; a language is rows in the
 * lexicon (IF_WORDS, ANSWERED_BEFORE, ANSWERED_SUBJECT, ANSWERED_AFTER, AT_QUESTION, QUESTION_NOUN), not code.
 * A sentence that goes on to ask something (a question mark after the clause) is wording, and is left as it is.
 */

const IF = String.raw`^[[(]?\s*(?:${SENTENCE_CUES.ifWord})\s+`;
/** A question named by id, with or without its noun: "question 5", "la pregunta 7", "P7", "Frage 3", "vraag 6". */
const QREF = String.raw`(?:(?:the|la|le|die|der|a|o)\s+)?(?:(?:${CUES.questionNoun}|question|q\.)\s*(?:n[°ºo]\.?\s*)?)?([A-Za-z]{0,4}\.?\d{1,3}[a-z]?)(?![\w.])`;
/** An answer: quoted, or one word or code. */
const VALUE = String.raw`(?:["'“«‘„]\s*([^"'”»’“«\n]{1,40}?)\s*["'”»’“]|([^\s,:;.()"'“”«»?]+))`;
const AT = String.raw`(?:${SENTENCE_CUES.atQuestion})`;

const ANSWER_FIRST = new RegExp(String.raw`${IF}(?:${SENTENCE_CUES.answeredBefore})\s+(?:(?:que|that|med|z)\s+)?${VALUE}(?:\s+${AT}\s+${QREF})?`, "i");
const VERB_LAST = new RegExp(
  String.raw`${IF}(?:${SENTENCE_CUES.answeredSubject})\s+(?:(?:${AT}\s+)?${QREF}\s+)?(?:mit\s+)?${VALUE}\s+(?:${SENTENCE_CUES.answeredAfter})(?:\s+${AT}\s+${QREF})?`,
  "i",
);
const YES_NO_WORD = String.raw`(?:yes|no|oui|non|s[ií]|sì|sim|n[ãa]o|ja|nein|nee|nej|nei|tak|nie)`;
const IF_YES_NO = new RegExp(String.raw`${IF}(${YES_NO_WORD})(?=\s*[,:;)\]]|\s*$)`, "i");
/** "Si usted trabaja:": a short clause about the respondent alone on its line, introducing what follows. */
const CLAUSE_LINE = new RegExp(String.raw`${IF}((?:[^\s\d,:;?¿!=<>()[\]]+\s+){0,2}(?:${SENTENCE_CUES.clauseSubject})\s[^\d,:;?¿!=<>()[\]]{2,40}?)\s*:\s*$`, "i");
/** "if coded 1 at 402" / "jika berkode 1 pada 402": the code first, then the question it was recorded at. */
const CODED_AT = new RegExp(String.raw`${IF}(?:${SENTENCE_CUES.coded})\s+${VALUE}\s+${AT}\s+${QREF}`, "i");
/** "if 406 coded 1" / "apabila 501 berkode 1": the question first, then its code. */
const QUESTION_CODED = new RegExp(String.raw`${IF}${QREF}\s+(?:${SENTENCE_CUES.coded})\s+${VALUE}`, "i");
const ENGLISH_IF = /^[[(]?\s*if\s/i;

/** The patterns, for the linearity check. */
export const SENTENCE_PATTERNS = [ANSWER_FIRST, VERB_LAST, IF_YES_NO, CLAUSE_LINE, CODED_AT, QUESTION_CODED];

/** The condition as "if <question> = <answer>" / "if <answer>", and the rest of the sentence after it; or null. */
/** "You answered X (to question N)" at the start of `value`: the answer, the question (if named), the words read. */
function answered(value: string): { answer: string; question?: string; written: string } | null {
  for (const pattern of [ANSWER_FIRST, VERB_LAST]) {
    const match = pattern.exec(value);
    if (!match) continue;
    // ANSWER_FIRST: value (quoted | bare), question. VERB_LAST: question before, value, question after.
    const groups = pattern === ANSWER_FIRST ? { answer: match[1] ?? match[2], question: match[3] } : { answer: match[2] ?? match[3], question: match[1] ?? match[4] };
    if (!groups.answer) continue;
    // "question 5" is Q5 (the question index reads a number alone as a code, not a question).
    const question = groups.question && /^\d/.test(groups.question) ? `Q${groups.question}` : groups.question;
    return { answer: groups.answer, ...(question ? { question } : {}), written: match[0] };
  }
  return null;
}

/** A code recorded at a question, in either order, said as "if <question> = <code>". */
function codedAt(value: string): { condition: string; rest: string } | null {
  const first = CODED_AT.exec(value);
  const last = first ? null : QUESTION_CODED.exec(value);
  const match = first ?? last;
  if (!match) return null;
  const answer = first ? (match[1] ?? match[2]) : (match[2] ?? match[3]);
  const named = first ? match[3] : match[1];
  const question = /^\d/.test(named) ? `Q${named}` : named;
  return { condition: `if ${question} = ${/\s/.test(answer) ? `"${answer}"` : answer}`, rest: value.slice(match[0].length) };
}

function read(text: string): { condition: string; rest: string } | null {
  const value = text.trim();
  const found = answered(value);
  if (found) {
    const answer = /\s/.test(found.answer) ? `"${found.answer}"` : found.answer;
    return { condition: `if ${found.question ? `${found.question} = ${answer}` : answer}`, rest: value.slice(found.written.length) };
  }
  const coded = codedAt(value);
  if (coded) return coded;
  if (ENGLISH_IF.test(value)) return null;
  const yesNo = IF_YES_NO.exec(value);
  if (yesNo) return { condition: `if ${yesNo[1]}`, rest: value.slice(yesNo[0].length) };
  const clause = CLAUSE_LINE.exec(value);
  if (clause) return { condition: `if ${clause[1].trim()}`, rest: ":" };
  return null;
}

const ROUTE_WORDS = new RegExp(String.raw`${GOTO_VERB}|→|->|\b(?:end|ende|fin|fim|slut|koniec)\b`, "i");

/**
 * A condition sentence said the way the logic reader reads it ("Si respondió 'No' en P7, pase a P10" → "if P7 =
 * No, pase a P10"); any other text unchanged. What follows the clause must be nothing (the condition introduces
 * what follows) or where to go: a sentence that goes on to ask, or to instruct in its own words ("If you selected
 * Other, please specify …"), is left as written.
 */
export function sentenceCondition(text: string): string {
  if (text.length > 300) return text;
  const said = read(text);
  if (!said) return text;
  const rest = said.rest.replace(/^[\s,:;.)\]]+/, "");
  if (/[?？¿]/.test(rest) || (rest && !ROUTE_WORDS.test(rest) && !TERMINATE_WORDS.test(rest))) return text;
  return `${said.condition}${said.rest}`;
}

/**
 * A question's wording that opens with "if you answered X to question N" in any lexicon language ("Si vous avez
 * répondu oui à la question 1, quelle marque ?"): the words of the clause, the question named and the answer.
 */
export function answeredLeadIn(wording: string): { text: string; question: string; answer: string } | null {
  const found = answered(wording.trim());
  return found?.question ? { text: found.written.trim(), question: found.question, answer: found.answer } : null;
}

/**
 * "Poser QAGE2 si QAGE=Refus", "[POSER QENFAN SI QAGE>2000]", "[POSER SI QENFAN=1]", "PREGUNTAR P5 SI P4=1": a filter
 * line that opens with an ask-word of the lexicon (ASK_WORDS), optionally names the question it is for, then an
 * if-word and a comparison. It is said the way the segmenter scopes English ("[ASK QAGE2 IF QAGE=Refus]"): a filter
 * that names its question waits for that question; one that names none filters the question after it.
 */
const ASKED_IF = new RegExp(
  String.raw`^(\[?)\s*(?:${SENTENCE_CUES.askWord})\s+(?:([A-Za-z][A-Za-z0-9_.]{0,15})\s+)?(?:${SENTENCE_CUES.ifWord})\s+([^\[\]]{1,200}?[=<>≠][^\[\]]{0,200}?)\s*(\]?)$`,
  "i",
);

export function askedIfLine(text: string): string | null {
  const asked = ASKED_IF.exec(text.trim());
  if (!asked || asked[1].length !== asked[4].length || /^(?:if|si|se|wenn|als)$/i.test(asked[2] ?? "")) return null;
  // The named question is an id (with a digit or in capitals), never a word of the sentence.
  if (asked[2] && !/\d/.test(asked[2]) && asked[2] !== asked[2].toUpperCase()) return null;
  return `${asked[1]}ASK ${asked[2] ? `${asked[2]} ` : ""}IF ${asked[3]}${asked[4]}`;
}
