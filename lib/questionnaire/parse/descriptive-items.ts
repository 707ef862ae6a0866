import { asksWithoutQuestionMark, NOT_LETTER } from "./cue-lexicon";

/**
 * Descriptive items: a numbered item with wording and no answer space that only tells the respondent something —
 * a request to read ("Please read the following carefully", "Lea atentamente el siguiente texto"), an introduction
 * to what comes ("The next questions are about your work", "Les questions suivantes portent sur …"), a vignette told
 * in full sentences ("The Smith family has three children. …"), or thanks. Numbering it does not make it a question:
 * it is text. Wording that asks (a question mark, a question word, a request to describe, write, name …) or invites
 * comments ("Any other comments") stays a question, answered in words.
 */

/** "Please read …", "Lea atentamente …", "Bitte lesen Sie …": a request to read, not to answer. */
const READ_REQUEST = [
  String.raw`(?:please\s+)?(?:read|listen to)\s+(?:the\s+following|this|these|each|carefully|out|aloud)\b`,
  String.raw`(?:veuillez\s+)?(?:lisez|lire)\s+(?:attentivement|le|la|les|ce|cette|ces)${NOT_LETTER}`,
  String.raw`(?:por favor,?\s+)?lea\s+(?:atentamente|detenidamente|con atenci[óo]n|el|la|los|las|este|esta|estos|estas)${NOT_LETTER}`,
  String.raw`(?:bitte\s+)?lesen sie${NOT_LETTER}`,
  String.raw`(?:por favor,?\s+)?leia\s+(?:atentamente|com aten[çc][ãa]o|o|a|os|as|este|esta)${NOT_LETTER}`,
  String.raw`(?:per favore,?\s+)?legg(?:a|i)\s+(?:attentamente|con attenzione|il|la|i|le|questo|questa)${NOT_LETTER}`,
  String.raw`lees\s+(?:de|het|dit|deze|aandachtig|zorgvuldig)${NOT_LETTER}`,
];

/** "The next questions are about …", "Now I would like to ask you …", "Imagine …": what comes next, announced. */
const INTRODUCTION = [
  String.raw`(?:the\s+)?(?:following|next)\s+(?:few\s+)?(?:questions?|statements?|items?|section|part)\s+(?:are|is|ask|asks|concern|concerns|relate|relates|cover|covers|deal)\b`,
  String.raw`(?:now\s+)?(?:i|we)(?:['’]d| would| will| am going to| are going to)\s+(?:now\s+)?(?:like\s+to\s+)?(?:ask|move on|turn|talk)\b`,
  String.raw`(?:in\s+)?this\s+(?:section|part)\s+(?:is|asks|contains|covers|we)\b`,
  String.raw`imagine\s+(?:the\s+following|that|a|an)\b`,
  String.raw`les\s+(?:questions|affirmations)\s+suivantes${NOT_LETTER}`,
  String.raw`(?:nous\s+allons|je\s+vais)\s+(?:maintenant\s+)?(?:vous\s+)?(?:poser|parler|aborder)${NOT_LETTER}`,
  String.raw`las\s+(?:siguientes|pr[óo]ximas)\s+(?:preguntas|afirmaciones)${NOT_LETTER}`,
  String.raw`(?:ahora\s+)?(?:le|les)\s+voy\s+a\s+(?:hacer|preguntar|leer)${NOT_LETTER}`,
  String.raw`die\s+(?:folgenden|n[äa]chsten)\s+(?:fragen|aussagen)${NOT_LETTER}`,
  String.raw`(?:nun|jetzt)\s+(?:m[öo]chten?|werden?)\s+(?:ich|wir)${NOT_LETTER}`,
  String.raw`as\s+(?:seguintes|pr[óo]ximas)\s+(?:perguntas|quest[õo]es|afirma[çc][õo]es)${NOT_LETTER}`,
  String.raw`le\s+(?:seguenti|prossime)\s+(?:domande|affermazioni)${NOT_LETTER}`,
  String.raw`de\s+(?:volgende|komende)\s+(?:vragen|stellingen)${NOT_LETTER}`,
];

/** Thanks at the close ("Thank you for your time.", "Vielen Dank!", "Merci de votre participation."). */
const THANKS = [String.raw`thank you`, "thanks", "many thanks", "merci", String.raw`(?:muchas\s+)?gracias`, String.raw`obrigad[oa]`, "danke", "vielen dank", "grazie", "dank u"];

/** A request for an answer in words: English verbs, and the imperatives other languages ask with. */
const ANSWER_REQUEST = new RegExp(
  [
    String.raw`\b(?:describe|explain|list|enter|write|specify|tell|name|type|provide|give|share|state|indicate|rate|rank|select|choose|comment|mention|identify|estimate|record|mark|tick|check|circle|fill|complete|answer|respond)\b`,
    String.raw`(?:^|\s)(?:d[ée]criv(?:ez|a|e)|indiquez|pr[ée]cisez|[ée]crivez|citez|notez|cochez|r[ée]pondez|describa|indique|escriba|mencione|especifique|responda|marque|descreva|escreva|assinale|descriva|indichi|scriva|risponda|beschreiben sie|nennen sie|geben sie|tragen sie|kreuzen sie|antworten sie|beschrijf|noem|geef|vul)${NOT_LETTER}`,
  ].join("|"),
  "i",
);

/** "Any other comments", "Comentarios", "Anmerkungen": an invitation to comment, answered in words. */
const COMMENT_INVITATION = new RegExp(
  String.raw`\b(?:comments?|remarks?|suggestions?|feedback)\b|(?:^|\s)(?:commentaires?|remarques?|comentarios?|observaciones|sugerencias|anmerkungen|kommentare?|bemerkungen|coment[áa]rios?|observa[çc][õo]es|sugest[õo]es|commenti|osservazioni|suggerimenti|opmerkingen)${NOT_LETTER}`,
  "i",
);

const LEADS = new RegExp(`^(?:${[...READ_REQUEST, ...INTRODUCTION].join("|")})`, "i");
const THANKS_LEAD = new RegExp(`^(?:${THANKS.join("|")})${NOT_LETTER}`, "i");
/** An interviewer's label in front of the text ("INTERVIEWER:", "ENTREVISTADOR:", "INT."). */
const INTERVIEWER_LABEL = /^(?:interviewer|int|enqu[êe]teur|entrevistador|encuestador|interviewer\s*in)\s*[.:]\s*/i;

/** An English sentence that opens with a question word or an auxiliary ("How many people live here", "Do you …"). */
const ENGLISH_QUESTION = /(?:^|[.!:;]\s)\s*(?:how|what|which|who|whom|whose|when|where|why|do|does|did|are|is|was|were|have|has|had|can|could|would|will|should|may)\b/i;

/** Wording that asks, in any language: a question mark, a question word, a request for an answer, or an invitation to comment. */
function asks(text: string): boolean {
  return /[?？¿]/.test(text) || asksWithoutQuestionMark(text) || ENGLISH_QUESTION.test(text) || ANSWER_REQUEST.test(text) || COMMENT_INVITATION.test(text);
}

/** The full sentences of a text (each closed by a full stop or an exclamation mark), or null when one is left open. */
function fullSentences(text: string): string[] | null {
  const trimmed = text.trim();
  if (!/[.!。]$/.test(trimmed)) return null;
  return trimmed.split(/(?<=[.!。])\s+/).filter((sentence) => sentence.length > 0);
}

/**
 * Wording that only tells (reads as text): it asks nothing, and it is a request to read, an introduction, thanks,
 * or a story of two or more full sentences (a vignette). A one-sentence label ("Occupation of the head of
 * household.") is not enough: a form may print its questions as labels.
 */
export function describesOnly(wording: string): boolean {
  const text = wording.replace(/\s+/g, " ").trim().slice(0, 2000).replace(INTERVIEWER_LABEL, "");
  if (text.length < 8 || /_{3,}|\.{5,}|…{3,}/.test(text)) return false;
  // "Please read …" opens a request to read; any other request, question or invitation keeps the item a question.
  const read = LEADS.test(text);
  const rest = read ? text.replace(LEADS, "") : text;
  if (asks(rest)) return false;
  if (read || THANKS_LEAD.test(text)) return true;
  const sentences = fullSentences(text);
  return Boolean(sentences && sentences.length >= 2 && text.split(" ").length >= 15);
}

/** Wording that invites comments ("Any other comments", "Weitere Anmerkungen"): a question answered in words, printed without a field. */
export function invitesComment(wording: string): boolean {
  return COMMENT_INVITATION.test(wording.slice(0, 300));
}
