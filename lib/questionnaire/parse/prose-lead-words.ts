import { NO_WORDS, YES_WORDS } from "./cue-lexicon";

/**
 * The words other languages open a conditional clause with at the start of a question's wording, for the prose
 * pass (prose-conditions.ts): "Si realizó X, ¿…?", "En caso de que X, ¿…?", "De haber X, ¿…?" (Spanish), "Si vous
 * avez X, …" (French), "Se você X, …" / "Caso X, …" (Portuguese), "Wenn Sie X, …" / "Falls X, …" (German).
 * Detect only: binding is the prose pass's (an answer the clause repeats, a yes/no question it restates).
 */

/** Opening words of a conditional clause, beyond English's "if"/"in case". */
export const OTHER_IF_OPENING =
  /^(?:si|en\s+(?:el\s+)?caso\s+de(?:\s+que)?|de(?=\s+haber\s)|au\s+cas\s+o[uù]|dans\s+le\s+cas\s+o[uù]|se|caso|no\s+caso\s+de|em\s+caso\s+de|wenn|falls|im\s+falle?,?\s+(?:dass|das)|nel\s+caso\s+(?:in\s+cui|che))\s+/i;

/** A clause that is only a yes or a no in the cue lexicon's words ("Si no", "Si oui", "Se sim"): a follow-up (follow-ups.ts), not prose. */
export const YES_NO_CLAUSE = new RegExp(String.raw`^(?:${YES_WORDS}|${NO_WORDS})\.?$`, "i");

/** Subjunctive and conditional verbs that make a clause hypothetical ("Si las elecciones fueran hoy, …"). */
export const OTHER_HYPOTHETICAL =
  /(?:^|\s)(?:fuer[ae]n?|tuvier[ae]n?|pudier[ae]n?|hubier[ae]n?|ser[ií]a|podr[ií]a|tendr[ií]a|[ée]tai(?:t|ent)|aviez|avait|deviez|pouviez|fosse|tivesse|pudesse|houvesse|w[äa]re|w[üu]rde|h[äa]tte|k[öo]nnte|avesse|potesse)(?=\s|$)/i;

/** Function words of those languages: they carry no meaning for matching a clause with a question or answer. */
export const OTHER_STOP_WORDS = (
  "que de del la las el los lo un una unos unas su sus en por para con al y o ha han haya hayan haber sido usted " +
  "le les du des et ou vous votre vos avez est ete " +
  "os as um uma do da dos das em no na nos nas seu sua voce tem " +
  "der die das den dem des ein eine einen und oder sie ihr ihre haben hat ist sind mit von zu im"
).split(" ");

/**
 * Spanish and Portuguese verb and noun endings ("limitado", "limitó", "urgencias" → "limit", "limit", "urgenci"):
 * a clause restates an answer in another form of the same word. Only long words are cut.
 */
export function romanceStem(word: string): string {
  return word.length > 5 ? word.replace(/(?:ad[oa]s?|id[oa]s?|[oa]s?)$/, "") : word;
}
