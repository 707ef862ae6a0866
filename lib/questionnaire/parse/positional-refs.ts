import { NOT_LETTER, POSITIONAL_CUES } from "./cue-lexicon";

/**
 * Questions named by position instead of id (issue 15, logic pipeline: bind): "[shown if answered 'No' to previous
 * question]", "if you answered yes to the question above", "(si la réponse précédente est non)", "Si respondió 'No'
 * en la pregunta anterior", "wenn Sie die vorherige Frage mit nein beantwortet haben". The phrase (lexicon rows
 * PREVIOUS_QUESTION, PREVIOUS_ANSWER) is replaced by the id of the question printed before the condition's own, so
 * the condition reads like one that names it ("… to question Q9") and binds the usual way. Without a previous
 * question the text is unchanged (and the condition is kept unbound, flagged).
 */

const PREVIOUS_QUESTION_PHRASE = new RegExp(String.raw`\b(?:${POSITIONAL_CUES.previousQuestion})${NOT_LETTER}`, "gi");
/** "the previous answer was No": the phrase, its verb and the answer (quoted, or one word). */
const PREVIOUS_ANSWER_CLAUSE = new RegExp(
  String.raw`\b(${POSITIONAL_CUES.previousAnswer})\s+(is|was|est|[ée]tait|es|fue|[ée]|foi|[èe]|era)\s+(["'“«‘][^"'”»’\n]{1,40}["'”»’]|[^\s,;:.()[\]]+)`,
  "i",
);
const POSITION_WORD = /(?<!\s)\s+(?:previous|preceding|last|pr[ée]c[ée]dente|anterior|precedente)(?=\s|$)/i;
/** The words between an answer and its question, by the language of the answer noun. */
const AT_BY_NOUN: [RegExp, string][] = [
  [/^la r[ée]ponse/i, "à la question"],
  [/^la respuesta/i, "en la pregunta"],
  [/^a resposta/i, "na pergunta"],
  [/^la risposta/i, "alla domanda"],
];

/** An id the sentence readers take as a question reference (letters, digits: "Q9", "QX3", "B12a"). */
function referable(question: { id: string; variable: string }): string | null {
  for (const name of [question.id, question.variable]) if (/^[A-Za-z]{0,4}\.?\d{1,3}[a-z]?$/.test(name)) return name;
  return null;
}

/** The condition text with positional references to the previous question replaced by its id. */
export function withPositionalRefs(text: string, previous: { id: string; variable: string } | undefined): string {
  if (!previous || text.length > 400) return text;
  const id = referable(previous);
  if (!id) return text;
  const name = /^\d/.test(id) ? `Q${id}` : id;
  const answer = PREVIOUS_ANSWER_CLAUSE.exec(text);
  let out = text;
  if (answer) {
    const noun = answer[1].replace(POSITION_WORD, "");
    const at = AT_BY_NOUN.find(([pattern]) => pattern.test(noun))?.[1] ?? "to question";
    out = `${text.slice(0, answer.index)}${noun} ${answer[2]} ${answer[3]} ${at} ${name}${text.slice(answer.index + answer[0].length)}`;
  }
  return out.replace(PREVIOUS_QUESTION_PHRASE, name);
}

/** Whether the text names a question by position (for detection before ids are known). */
export function namesPreviousQuestion(text: string): boolean {
  PREVIOUS_QUESTION_PHRASE.lastIndex = 0;
  const found = PREVIOUS_QUESTION_PHRASE.test(text) || PREVIOUS_ANSWER_CLAUSE.test(text);
  PREVIOUS_QUESTION_PHRASE.lastIndex = 0;
  return found;
}
