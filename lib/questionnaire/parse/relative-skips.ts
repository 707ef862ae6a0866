/**
 * Answer-level routing that counts questions instead of naming one: "(SKIP NEXT TWO)", "(SALTA TRES SIGUIENTES)",
 * "(pule as 2 próximas)", "(passez les deux questions suivantes)". Forms without question numbers route this way:
 * the answer jumps over that many following questions, to the one after them.
 */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
  una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6,
  um: 1, duas: 2, dois: 2, "três": 3, quatro: 4,
  une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5,
  eine: 1, zwei: 2, drei: 3, vier: 4, "fünf": 5,
};
const COUNT = String.raw`(\d{1,2}|[a-zà-ÿ]+)`;
const SKIP_VERB = String.raw`(?:skip|jump over|salt[ae]r?|om[ií]t[ae]r?|pul[ae]r?|passe[rz]?|[üu]berspringen(?:\s+sie)?)`;
const ARTICLE = String.raw`(?:the|las|los|as|os|les|die)`;
const QUESTION_NOUN = String.raw`(?:questions?|preguntas?|perguntas?|quest[õo]es|fragen)`;
const NEXT = String.raw`(?:next|following|siguientes?|pr[óo]xim[ao]s?|seguintes?|suivantes?|n[äa]chsten)`;
/** "skip (the) next three (questions)", "salta (las) tres siguientes (preguntas)", "passez les deux questions suivantes". */
const RELATIVE_SKIP = new RegExp(
  String.raw`^\s*${SKIP_VERB}\s+(?:${ARTICLE}\s+)?(?:${NEXT}\s+${COUNT}|${COUNT}\s+(?:${QUESTION_NOUN}\s+)?${NEXT})(?:\s+${QUESTION_NOUN})?\s*\.?\s*$`,
  "i",
);

/** The number of following questions an answer's bracketed routing skips, or null when it says no such thing. */
export function relativeSkipCount(label: string): number | null {
  const bracket = /[([]([^()[\]]{4,60})[)\]]\s*$/.exec(label.trim());
  const match = bracket ? RELATIVE_SKIP.exec(bracket[1]) : null;
  if (!match) return null;
  const word = (match[1] ?? match[2]).toLowerCase();
  const count = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
  return count && count <= 20 ? count : null;
}

/**
 * The id of the question an answer's "skip the next N" routing lands on: the (N+1)th question after the one at
 * `order` among `items` (non-questions between them are not counted). Undefined when the document ends first.
 */
export function relativeSkipTarget(label: string, order: number, items: { kind: string; id?: string }[]): string | undefined {
  const count = relativeSkipCount(label);
  if (!count) return undefined;
  let seen = 0;
  for (let k = order + 1; k < items.length; k++) {
    if (items[k].kind !== "question") continue;
    if (++seen === count + 1) return items[k].id;
  }
  return undefined;
}
