import { CUES } from "./cue-lexicon";

/**
 * Printable views of online surveys (LimeSurvey's "printable survey", and the tools that copy its layout) print no
 * question numbers. What they print under every question's wording instead is a help line that says how to answer:
 * "Please choose the appropriate response for each item:", "Please choose only one of the following:", "Please
 * write your answer here:" — in the survey's language ("Bitte wählen Sie die zutreffende Antwort für jeden Punkt
 * aus:"). The answers below it are often a table flattened into column-header fragments, so the answers cannot
 * say where the next question starts; the help line can: the line just above a help line is a question's wording,
 * and a second help line means a second question. The non-English help lines live in the cue lexicon.
 */
const ENGLISH_HELP = String.raw`please (?:choose|select) (?:the appropriate response(?: for each item)?|only one of the following|all that apply|one of the following|the appropriate responses? for each item)|please write your answer(?:s)? here|please enter your comment here|(?:please )?check any that apply|choose one of the following answers`;
const ANSWER_HELP = new RegExp(String.raw`^(?:${ENGLISH_HELP}|${CUES.answerHelp})\s*[:.]?$`, "i");

/** The line is a survey tool's help line under a question (see above). */
export function isAnswerHelp(text: string): boolean {
  const value = text.trim();
  return value.length <= 120 && ANSWER_HELP.test(value);
}

/** "Geschlecht: *": the required-question mark a printable view sets after the wording. */
export function withoutRequiredMark(text: string): string {
  return text.replace(/\s\*$/, "");
}

export type HelpFormat = "single" | "multi" | "grid" | "open";

const HELP_OPEN = /answer here|comment here|antwort hier|r[ée]ponse ici|respuesta aqu[ií]|resposta aqui|risposta qui|antwoord hier/i;
const HELP_MULTI = /(?:all|any) that apply|alle zutreffenden|cochez la ou les|toutes les|todas (?:las|as) que|tutte le voci|alle mogelijkheden/i;
const HELP_GRID = /for each item|f[üu]r jeden punkt|pour chaque|para cada|per ogni|voor elk/i;

/**
 * The answer format a help line declares: a text box ("write your answer here"), all that apply, one answer per
 * item of an array ("for each item"), or one answer. It types a question whose answers the print lost (a table
 * flattened into header fragments); answers that were read decide the type themselves.
 */
export function helpFormat(text: string): HelpFormat {
  if (HELP_OPEN.test(text)) return "open";
  if (HELP_MULTI.test(text)) return "multi";
  if (HELP_GRID.test(text)) return "grid";
  return "single";
}
