import type { LogicalLine } from "./lines";
import { matchQuestionId } from "./patterns";

/**
 * Layout model for market-research script exports: the questionnaire printed from an agency's scripting tool
 * (Kantar, Ipsos, Dynata and the like). Every screen starts with a header — id, dash, mnemonic, screen type —
 * ("Q011 - Aware_MP Single coded", "Q004 - Dig_Lit Matrix", "Q001 - Intro_Text Text", "B006 - Face_Recog Begin
 * block"); the lines after it mix the wording with programming properties ("Not back | Min = 1", "Normal",
 * "Random", "Rows: Random | Columns: Normal", "Rendered as Dynamic Grid"), and each answer may carry property
 * flags after its label ("4 None of these *Fixed *Exclusive", "7 Something else *Open *Fixed").
 *
 * The structure is read before any line is classified: the document follows the convention when at least
 * three lines are such headers; then every header, property line and answer flag is tagged on its logical line
 * so the segmenter reads a header as a question id (its mnemonic an alias), a screen or a block, and a property
 * as a programmer note — never as wording or as an answer. Filters ("Ask only if Q011 - Aware_MP,1") are left to
 * the logic pipeline; in these exports they sit above the screen they filter, which is how the segmenter scopes
 * a filter line that precedes a question.
 */

export type ScriptRole = "question" | "screen" | "block-start" | "block-end";
/** The answer format a screen type declares (the spellings of spec-fields' declared formats). */
export type ScriptFormat = "single choice" | "checkboxes" | "open text" | "numeric" | "matrix" | "slider" | "ranking" | "dropdown" | "date";

export interface ScriptHeader {
  id: string;
  /** The scripting name ("Aware_MP"): filters name the question by it too. */
  mnemonic: string;
  /** The screen type as printed ("Single coded"). */
  tag: string;
  role: ScriptRole;
  format?: ScriptFormat;
}

export type ScriptLine =
  | { kind: "header"; header: ScriptHeader }
  /** A line that looks like a numbered question but is not a header: in a script export only headers start questions. */
  | { kind: "text" }
  /** A programming property of the screen, kept as a note (the line's text is set to the words the interpreter reads). */
  | { kind: "property" }
  /** An answer a layout reader found by place (bare-answer-questions.ts): an answer line whatever its words look like. */
  | { kind: "answer" };

/**
 * "<id> - <mnemonic> <screen type>": an id of capitals and digits, a dash, one token, and a short tail of
 * words that names the screen type. Bounded repetitions keep it linear.
 */
const HEADER = /^([A-Z]{1,3}\d{1,4}[A-Za-z]?)[ \t]+[-–—][ \t]+([A-Za-z][A-Za-z0-9_.]{0,40})[ \t]+([A-Za-z][A-Za-z -]{0,30}[A-Za-z])$/;
/**
 * "<id> : <variable> : <title>   <screen type>" (another tool's print): colons between the parts, the variable
 * name may hold spaces ("PZUF XX"), and the screen type closes the line after the title.
 */
const COLON_HEADER = /^([A-Z]{1,3}\d{1,4}[A-Za-z]?)[ \t]*:[ \t]*([A-Za-z][A-Za-z0-9_. ]{0,40}?)[ \t]*:[ \t]*(\S[^:]{0,120})$/;

/** Screen types, by role and answer format. The tail must be one of these, whole, for a line to be a header. */
const SCREEN_TYPES: { pattern: RegExp; role: ScriptRole; format?: ScriptFormat }[] = [
  { pattern: /^(?:text|info(?:rmation)?|display|message|intro(?:duction)?|description|instructions?)$/i, role: "screen" },
  { pattern: /^(?:(?:begin|start)(?: of)? block|block (?:begin|start))$/i, role: "block-start" },
  { pattern: /^(?:end(?: of)? block|block end)$/i, role: "block-end" },
  { pattern: /^(?:single|single[- ]?(?:coded?|choice|select|response|punch))$/i, role: "question", format: "single choice" },
  { pattern: /^(?:multi(?:ple)?|multi(?:ple)?[- ]?(?:coded?|choice|select|response|punch))$/i, role: "question", format: "checkboxes" },
  { pattern: /^(?:(?:single|multi(?:ple)?)(?:[- ]coded?)? )?(?:matrix|grid)$/i, role: "question", format: "matrix" },
  { pattern: /^(?:(?:left[- ]right|horizontal|vertical|bipolar|numeric) )?slider$/i, role: "question", format: "slider" },
  { pattern: /^open(?:[- ]?(?:ended|end|text|coded?))?$|^verbatim$/i, role: "question", format: "open text" },
  { pattern: /^(?:numeric|number|integer|quantity)$/i, role: "question", format: "numeric" },
  { pattern: /^rank(?:ing)?$/i, role: "question", format: "ranking" },
  { pattern: /^(?:drop[- ]?down|list ?box)$/i, role: "question", format: "dropdown" },
  { pattern: /^date$/i, role: "question", format: "date" },
];

/** The script header a line holds, or null. */
export function scriptHeader(text: string): ScriptHeader | null {
  const match = HEADER.exec(text.trim());
  if (match) return header(match[1], match[2], match[3].trim());
  const colon = COLON_HEADER.exec(text.trim());
  if (!colon) return null;
  // The screen type is the title's last one to three words.
  const words = colon[3].trim().split(/\s+/);
  for (let count = Math.min(3, words.length - 1); count >= 1; count--) {
    const found = header(colon[1], colon[2].trim().replace(/\s+/g, "_"), words.slice(-count).join(" "));
    if (found) return found;
  }
  return null;
}

function header(id: string, mnemonic: string, tag: string): ScriptHeader | null {
  const type = SCREEN_TYPES.find((entry) => entry.pattern.test(tag));
  return type ? { id, mnemonic, tag, role: type.role, ...(type.format ? { format: type.format } : {}) } : null;
}

/** "Not back | Min = 1 | Max = 2", "Rows: Random | Columns: Normal": properties joined by bars. */
function barProperties(text: string): boolean {
  const pieces = text.split("|").map((piece) => piece.trim());
  return pieces.length >= 2 && pieces.every((piece) => PROPERTY_WORDS.test(piece) || /^[A-Za-z][A-Za-z ]{0,30}\s*[:=]\s*[\w .-]{1,30}$/.test(piece));
}

/** Navigation, order and rendering properties printed on a line of their own. */
const PROPERTY_WORDS =
  /^(?:not back|back|no back|normal|random(?:i[sz]ed?)?|rotat(?:e|ed|ion)|revers(?:e|ed)|fixed|flip(?:ped)?|alphabeti[cz](?:al)?|sorted|(?:rows|columns)\s*:\s*\w+|rendered as [\w -]{1,40}|(?:number of (?:rows|columns)|min|max)\s*[:=]\s*\d+|(?:min|max)\s+\d+)$/i;

/** "*Fixed *Exclusive" after an answer (or alone, when the answer wrapped): the answer's properties. */
const FLAG = /\*([A-Za-z]{2,20})/g;
const FLAGS_ONLY = /^(?:\*[A-Za-z]{2,20}[ \t]*){1,6}$/;

/** Where the flags after an answer's label start (-1: none), read from the end one word at a time. */
function trailingFlagsAt(text: string): number {
  let end = text.trimEnd().length;
  let at = -1;
  while (end > 0) {
    const start = text.lastIndexOf(" ", end - 1) + 1;
    if (!/^\*[A-Za-z]{2,20}$/.test(text.slice(start, end))) break;
    at = start;
    end = text.slice(0, start).trimEnd().length;
  }
  return at;
}

/** A flag in the bracketed programmer-note words the option reader understands. */
function flagNote(flag: string): string {
  const word = flag.toLowerCase();
  if (word === "exclusive") return "[EXCLUSIVE]";
  if (word === "open") return "[SPECIFY]";
  if (word === "fixed" || word === "anchor" || word === "anchored") return "[ANCHOR]";
  return `[${flag.toUpperCase()}]`;
}

/** What a property means, in the words the interpreter reads ("Random" → randomize the answers). */
function canonicalProperty(text: string): string {
  if (/^random/i.test(text) || /\brows\s*:\s*random/i.test(text)) return `RANDOMIZE (${text})`;
  return text;
}

/** Interview modes whose text variants are printed side by side ("[CAWI: I][CATI: You] have …"). */
const MODE_VARIANTS = /\[(?:CAWI|CATI|CAPI|PAPI|CASI|WEB|ONLINE|PHONE|TEL|F2F|MOBILE)\s*:\s*([^[\]]*)\](?:\[(?:CAWI|CATI|CAPI|PAPI|CASI|WEB|ONLINE|PHONE|TEL|F2F|MOBILE)\s*:[^[\]]*\]){1,3}/g;

/**
 * Mode variants of the same words ("[CAWI: I][CATI: You] have …"): the first mode's words are the wording (a web
 * survey shows them); the other variants are for the interviewer script.
 */
export function firstModeVariant(text: string): string {
  return text.replace(MODE_VARIANTS, (_whole, first: string) => first.trim()).replace(/\s{2,}/g, " ");
}

/**
 * A slider row printed as one line, "<left statement> 1 2 … 10 <right statement>": read as a rating row — the two
 * statements as its label, each point as a column (the layout a printed rating block has).
 */
function sliderRow(line: LogicalLine): boolean {
  const text = firstModeVariant(line.text);
  const tokens = text.split(" ");
  const start = tokens.indexOf("1");
  let end = start;
  while (start >= 0 && end + 1 < tokens.length && tokens[end + 1] === String(end - start + 2)) end++;
  if (start <= 0 || end - start < 2) return false;
  const label = `${tokens.slice(0, start).join(" ")} — ${tokens.slice(end + 1).join(" ")}`.trim();
  const points = tokens.slice(start, end + 1);
  line.text = `${label} ${points.join(" ")}`;
  const at = (offset: number) => ({ start: line.start, end: line.end, x: offset, x1: offset + 0.01 });
  line.segments = [{ text: label, ...at(0) }, ...points.map((point, k) => ({ text: point, ...at(0.5 + k * 0.04) }))];
  return true;
}

/**
 * Tags the logical lines of a script export (see above). Returns the number of headers found; 0 (and nothing
 * tagged) when the document does not follow the convention.
 */
export function readScriptExport(lines: LogicalLine[]): number {
  const headers = lines.map((line) => scriptHeader(line.text));
  const count = headers.filter(Boolean).length;
  if (count < 3) return 0;
  let inScreen = false;
  let slider = false;
  let fieldScreen = false;
  let lastRow: { line: LogicalLine; index: number } | undefined;
  lines.forEach((line, index) => {
    const header = headers[index];
    if (header) {
      line.script = { kind: "header", header };
      inScreen = header.role === "question" || header.role === "screen";
      slider = header.format === "slider";
      fieldScreen = header.format === "open text" || header.format === "numeric" || header.format === "date";
      return;
    }
    if (!inScreen) return;
    // A screen that asks for a typed answer (open, numeric, date) prints no answers: its lines are wording and help.
    if (fieldScreen && !PROPERTY_WORDS.test(line.text.trim()) && !barProperties(line.text.trim())) {
      line.script = { kind: "text" };
      line.text = firstModeVariant(line.text);
      return;
    }
    if (slider && sliderRow(line)) {
      lastRow = { line, index };
      return;
    }
    // The wrapped ends of a row's two statements (the lines right under it) belong to its label, not to the answers.
    const row = lastRow?.line;
    if (slider && row?.segments && lastRow!.index === index - 1 && !PROPERTY_WORDS.test(line.text.trim())) {
      row.segments[0] = { ...row.segments[0], text: `${row.segments[0].text} ${firstModeVariant(line.text).trim()}` };
      row.text = [row.segments[0].text, ...row.segments.slice(1).map((segment) => segment.text)].join(" ");
      line.script = { kind: "property" };
      lastRow = { line: row, index };
      return;
    }
    lastRow = undefined;
    const text = line.text.trim();
    if (PROPERTY_WORDS.test(text) || barProperties(text)) {
      line.script = { kind: "property" };
      line.text = canonicalProperty(text);
      return;
    }
    if (FLAGS_ONLY.test(text)) {
      line.script = { kind: "property" };
      line.text = [...text.matchAll(FLAG)].map((flag) => flagNote(flag[1])).join(" ");
      return;
    }
    const flagsAt = trailingFlagsAt(text);
    if (flagsAt > 0) line.text = `${text.slice(0, flagsAt).trimEnd()} ${[...text.slice(flagsAt).matchAll(FLAG)].map((flag) => flagNote(flag[1])).join(" ")}`;
    line.text = firstModeVariant(line.text);
  });
  // Only headers start questions: a numbered heading or statement elsewhere ("2. Survey Questionnaire") is text.
  lines.forEach((line) => {
    if (!line.script && matchQuestionId(line.text)) line.script = { kind: "text" };
  });
  return count;
}
