/**
 * Specification fields: survey specs written for a developer describe each question with labelled fields
 * rather than printing it ("- Type: Radio buttons", "- Options:" with the answers nested under it,
 * "- Placeholder: …", "**Possible answers:**", a lone "- Short answer" placeholder). These lines describe the
 * answers; they are never answers themselves. This module recognises them by their shape — a field label
 * (one to three words and a colon) at the head of a line or bullet — and says what each one declares.
 */

export type SpecField =
  /** "Type: Text input": the declared answer format (value kept as written). */
  | { kind: "type"; value: string }
  /** "Options:", "Possible answers:", "Items:": the label of the answer list that follows (value: anything after the colon). */
  | { kind: "list"; value: string }
  /** "Question: …", "Domanda: …", "Frage: …": the question's wording, given as a field (value without its quotes). */
  | { kind: "wording"; value: string }
  /** "Placeholder: …", "Instruction: …", "Also: …": a property of the question, kept as a note. */
  | { kind: "property"; label: string; value: string };

/** A leading list marker or emphasis that wraps a field label ("- ", "* ", "• ", "**Type:**"). */
const LEAD = /^(?:[-*•–·]\s+)?(?:\*\*|__)?/;

const TYPE_LABEL = /^(?:question\s+|answer\s+|response\s+|input\s+|field\s+)?type$|^(?:tipo|typ|tipo de respuesta|tipo di risposta|type de réponse|antworttyp|fragetyp|题型)$/i;
/** The wording field of a specification written in English, Italian, Spanish, Portuguese, French or German. */
const WORDING_LABEL = /^(?:question(?:\s+text)?|question wording|wording|domanda|testo(?: della domanda)?|pregunta|pergunta|frage|fragetext|énoncé|libellé|问题|题目)$/i;
const LIST_LABEL =
  /^(?:(?:possible|available|allowed|valid)\s+)?(?:answer|response|reply)?\s*(?:options?|answers?|choices?|categories|responses?|items?|buckets?|statements?|values?|levels?)$|^(?:opzioni|risposte(?: possibili)?|opciones|respuestas(?: posibles)?|réponses(?: possibles)?|antworten|antwortoptionen|选项)$/i;
const PROPERTY_LABEL =
  /^(?:placeholder|instructions?|also|hint|help(?: text)?|default(?: value)?|validation|required|optional|min(?:imum)?|max(?:imum)?|range|format|unit|units|note|notes|label|labels|logic|display|randomi[sz]ation|order|character limit|limit)$/i;

/** Splits "Label: value" off a line (after a list marker / emphasis); null when the line has no field label. */
function labelled(text: string): { label: string; value: string } | null {
  const body = text.trim().replace(LEAD, "");
  const colon = body.search(/[:：]/);
  if (colon <= 0 || colon > 40) return null;
  const label = body
    .slice(0, colon)
    .replace(/(?:\*\*|__)$/, "")
    .trim();
  if (!label || label.split(/\s+/).length > 3) return null;
  const value = body
    .slice(colon + 1)
    .replace(/^\s*(?:\*\*|__)/, "")
    .trim();
  return { label, value };
}

/** The specification field a line holds, or null. */
export function specField(text: string): SpecField | null {
  const field = labelled(text);
  if (!field) return null;
  if (TYPE_LABEL.test(field.label) && field.value) return { kind: "type", value: field.value };
  // The value is the wording, often quoted ("**Domanda:** "In quale fascia …?"").
  if (WORDING_LABEL.test(field.label) && field.value.length >= 3) return { kind: "wording", value: field.value.replace(/^["“«„'](.*)["”»'“]$/u, "$1").trim() };
  if (LIST_LABEL.test(field.label)) return { kind: "list", value: field.value };
  if (PROPERTY_LABEL.test(field.label)) return { kind: "property", label: field.label, value: field.value };
  return null;
}

export type AnswerFormat = "one" | "many" | "text" | "number" | "date" | "rank" | "dropdown" | "matrix" | "rating";

/**
 * What a declared format means, reading its head words ("Radio buttons with party logos", "Slider (0–100,
 * default 50)", "Numeric input (18–120)", "Drag-and-drop rank list"); null when it says nothing known.
 */
export function answerFormat(value: string): AnswerFormat | null {
  const v = value.trim().toLowerCase();
  if (/^(?:matrix|grid|likert (?:matrix|grid)|table)\b|\b(?:matrix|grid)$/.test(v)) return "matrix";
  if (/\brank/.test(v)) return "rank";
  if (/^(?:drop[- ]?down|pull[- ]?down|select (?:box|menu)|combo ?box)\b/.test(v)) return "dropdown";
  if (/^(?:check ?box(?:es)?|tick ?box(?:es)?|multi(?:ple)?[- ]?(?:select|selection|response|answer)s?)\b/.test(v)) return "many";
  if (/^(?:radio(?: buttons?)?|multiple[- ]choice|single[- ]?(?:choice|select|selection|response)|likert(?: scale)?|yes\s*\/\s*no)\b/.test(v)) return "one";
  if (/^(?:slider|numeric|number|integer|decimal|percentage|count)\b|^(?:numeric|number) (?:input|field|entry)/.test(v)) return "number";
  if (/^(?:date|date picker|calendar)\b/.test(v)) return "date";
  if (/^(?:star )?rating(?: scale)?\b|^scale\b/.test(v)) return "rating";
  if (/^(?:free[- ]?form|open(?:[- ]ended)?|(?:open|free|short|long)[- ]?(?:text|response|answer)|text(?:\s*(?:input|box|area|field|entry))?|paragraph|essay|comments?|email|e-mail)\b/.test(v)) return "text";
  // The same formats named in Italian, Spanish, Portuguese, French, German ("Testo libero (Paragrafo)", "Texto libre").
  if (/^(?:testo(?: libero| aperto)?|risposta aperta|paragrafo|texto(?: libre| livre| abierto)?|respuesta abierta|resposta aberta|texte(?: libre)?|réponse (?:libre|ouverte)|freitext|textfeld|offene antwort)\b/.test(v)) return "text";
  return null;
}

/**
 * An answer-format placeholder printed where the answers go ("- Short answer", "Paragraph", "Long answer text",
 * "* [Your response]"):
 * form builders export open questions this way.
 */
export function isFormatPlaceholder(text: string): boolean {
  const body = text.trim().replace(LEAD, "").replace(/(?:\*\*|__)$/, "").trim();
  // A filled-in form's view prints "Your answer" / "[Your response]" where the typed answer goes — in the form's
  // interface language ("Sua resposta", "Tu respuesta", "Votre réponse", "Ihre Antwort", "La tua risposta", "Uw antwoord").
  return /^(?:short|long)[- ]answer(?: text)?\.?$|^\[?\s*(?:your (?:answer|response)|sua resposta|tu respuesta|votre r[ée]ponse|ihre antwort|la tua risposta|(?:uw|jouw) antwoord)\s*\]?\.?$|^paragraph(?: text)?\.?$|^(?:free|open)[- ]text(?: answer| response)?\.?$|^open[- ]ended(?: answer| response)?\.?$|^text (?:box|field|entry|area)(?: (?:for|to) (?:entry|enter|typing|your answer))?\.?$/i.test(body);
}
