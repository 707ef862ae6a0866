import { NOT_LETTER } from "./cue-lexicon";

/**
 * Consent clauses: a consent paragraph closed by a single agreement box ("☐ I agree", "☐ Ja, ich bin einverstanden",
 * "☐ Acepto participar") offers nothing to choose between — ticking it is how the form is continued, not an answer
 * the survey records. Unnumbered, with that one box and no route, it is text. Consent asked with yes and no, or with
 * a screen-out on the refusal, stays a question.
 */
const AGREEMENT = new RegExp(
  "^(?:(?:yes|oui|s[íi]|ja|sim)[,.]?\\s+)?(?:" +
    [
      String.raw`i\s+(?:have\s+read\s+and\s+)?(?:agree|consent|accept)`,
      String.raw`j['’]accepte|je\s+suis\s+d['’]accord|je\s+consens`,
      String.raw`acepto|estoy\s+de\s+acuerdo|doy\s+mi\s+consentimiento`,
      String.raw`ich\s+(?:stimme\s+zu|bin\s+einverstanden|willige\s+ein)|einverstanden`,
      String.raw`concordo|aceito|dou\s+o\s+meu\s+consentimento`,
      String.raw`accetto|acconsento|sono\s+d['’]accordo`,
      String.raw`ik\s+(?:ga\s+akkoord|stem\s+in)|akkoord`,
      String.raw`zgadzam\s+si[ęe]`,
    ].join("|") +
    `)${NOT_LETTER}`,
  "i",
);

/** An answer that only agrees ("I agree to take part", "Ja, ich bin einverstanden"). */
export function isAgreement(label: string): boolean {
  return AGREEMENT.test(label.trim().slice(0, 200));
}
