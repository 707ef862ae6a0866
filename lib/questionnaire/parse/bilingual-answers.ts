import type { IROption, IRQuestion } from "../ir";
import { OPEN_ENDING_WORDS } from "./cue-lexicon";

/**
 * Bilingual instruments (a national government's poll fielded in two official languages) print every question's
 * wording and then its translation, and under it every answer followed by its translation ("Yes" / "Oui" / "No" /
 * "Non"). Read line by line, each answer is counted twice. Where a question's wording is followed by a translation
 * (its first and last lines are in two different languages) and its unnumbered answers alternate between the two
 * languages — each pair the same text (a place name) or one in each language, none the other way round and none two
 * in one language — each pair is one answer labelled in both languages.
 */

/** Common words of each language: function words, "yes"/"no" and the words of answer scales. */
const WORDS: Record<string, string[]> = {
  en: ["the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "with", "you", "your", "are", "is", "do", "does", "did", "have", "has", "how", "what", "which", "would", "this", "that", "yes", "no", "not", "other", "know", "refused", "none", "very", "somewhat", "strongly", "years", "old", "under", "any", "all", "at", "be", "if", "it", "there", "don't", "more", "less"],
  fr: [...(OPEN_ENDING_WORDS.fr ?? []), "vous", "est", "oui", "non", "pas", "ne", "sais", "aucun", "aucune", "très", "plutôt", "ans", "moins", "êtes", "avez", "quel", "quelle", "autre", "il", "elle", "nous", "ce", "cette", "à", "fortement", "assez", "peu"],
  es: [...(OPEN_ENDING_WORDS.es ?? []), "usted", "sí", "no", "muy", "algo", "años", "menos", "otro", "otra", "está", "es", "tiene"],
  de: [...(OPEN_ENDING_WORDS.de ?? []), "sie", "ja", "nein", "nicht", "sehr", "eher", "jahre", "weniger", "andere", "ist", "sind", "haben"],
  pt: [...(OPEN_ENDING_WORDS.pt ?? []), "você", "sim", "não", "muito", "anos", "menos", "outro", "outra", "é", "tem"],
  it: [...(OPEN_ENDING_WORDS.it ?? []), "lei", "sì", "no", "non", "molto", "anni", "meno", "altro", "altra", "è", "ha"],
};

const LEXICON = new Map<string, Set<string>>();
for (const [language, words] of Object.entries(WORDS)) {
  for (const word of words) {
    if (!/^[\p{L}']+$/u.test(word)) continue;
    const languages = LEXICON.get(word.toLowerCase()) ?? new Set<string>();
    languages.add(language);
    LEXICON.set(word.toLowerCase(), languages);
  }
}

/** The language most of a text's common words belong to, or null when none stands out. */
export function languageOf(text: string): string | null {
  const counts = new Map<string, number>();
  for (const [token] of text.toLowerCase().matchAll(/[\p{L}']+/gu)) {
    const languages = LEXICON.get(token);
    if (!languages) continue;
    // A word shared by several languages ("no", "de") weighs less than one only a language has.
    for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1 / languages.size);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length || (ranked[1] && ranked[1][1] >= ranked[0][1])) return null;
  return ranked[0][0];
}

const sameText = (a: string, b: string) => a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "") === b.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The answers paired with their translations, or null when the answers do not alternate between two languages. */
function pairedAnswers(options: IROption[], first: string, second: string): IROption[] | null {
  if (options.length < 4 || options.some((option) => option.codePrinted)) return null;
  // One answer printed in one language only ("Other -- (DO NOT SPECIFY)") may close the list.
  const last = options.length % 2 === 1 ? options[options.length - 1] : null;
  if (last && languageOf(last.label) === second) return null;
  const pairs = last ? options.slice(0, -1) : options;
  let confirmed = 0;
  const merged: IROption[] = [];
  for (let index = 0; index < pairs.length; index += 2) {
    const [a, b] = [options[index], options[index + 1]];
    if (sameText(a.label, b.label)) {
      confirmed++;
      merged.push({ ...a, code: String(merged.length + 1) });
      continue;
    }
    const [la, lb] = [languageOf(a.label), languageOf(b.label)];
    // A pair the other way round, or both in one language: the answers do not alternate.
    if (la === second || lb === first || (la !== null && la === lb)) return null;
    if (la === first || lb === second) confirmed++;
    merged.push({ ...a, code: String(merged.length + 1), label: `${a.label} / ${b.label}`, ...(a.span && b.span ? { span: { start: a.span.start, end: b.span.end } } : {}) });
  }
  if (last) merged.push({ ...last, code: String(merged.length + 1) });
  return confirmed > 0 ? merged : null;
}

/** Merges each answer with its translation on questions whose wording is printed in two languages. */
export function mergeTranslatedAnswers(questions: IRQuestion[]): void {
  for (const question of questions) {
    const lines = question.text.split("\n").map((line) => line.trim()).filter(Boolean);
    if (!lines.length) continue;
    const first = languageOf(lines[0]);
    // The translation of the wording read as the first answer ("Avez-vous …? (LIRE LA LISTE)"): it asks (or is a
    // sentence as long as a wording), in the other language.
    const opening = question.options[0];
    const openingLanguage = opening && !opening.codePrinted ? languageOf(opening.label) : null;
    const asks = opening && (/[?？]/.test(opening.label) || opening.label.split(/\s+/).length >= 10);
    const translatedWording = openingLanguage && openingLanguage !== first && asks ? opening : null;
    const second = translatedWording ? languageOf(translatedWording.label) : lines.length >= 2 ? languageOf(lines[lines.length - 1]) : null;
    if (!first || !second || first === second) continue;
    const merged = pairedAnswers(translatedWording ? question.options.slice(1) : question.options, first, second);
    if (!merged) continue;
    question.options = merged;
    if (translatedWording) question.text = `${question.text}\n${translatedWording.label}`;
  }
}
