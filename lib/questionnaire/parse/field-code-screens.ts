import type { LogicalLine } from "./lines";

/**
 * Field-coded screen specifications (the programming spec of an online survey tool written as a word-processor
 * template, one block per screen): each screen is headed by its name between rules of underscores ("____scr_04____")
 * and described by short field codes at the head of their lines — "tc:" the trigger condition, "vn:" the variable
 * names, "qt:" the question type in words, "q:"/"q1:" the wording, "is:" an instruction, "it1:" the items, "ao1:1:"
 * the answer options with their codes, "vc:" visibility conditions ("SHOW it2 IF …", "… visible if …"), "av:"/"kh:"
 * checks, "tr:" followed by the transitions "GOTO scr_05 IF <condition>", "hi:" notes for the programmer. Empty
 * fields are printed too, so a screen is a fixed sequence of codes.
 *
 * Each screen becomes the lines the rest of the parser reads (a question start named by the screen, its answers, a
 * grid as ROWS/COLUMNS, its conditions as bracketed filters and its conditional transitions as "IF … GO TO …"
 * routing). Conditions keep the spec's grammar with two readings: a name the screens declare in "vn:" is that
 * screen's question, and another lowercase name (a sample wave, a preloaded flag) is a variable set outside the
 * questions, written in capitals as such variables are ("x == MISSING", not answered, is read by the logic reader).
 * Documents with fewer than three such screens pass unchanged.
 */

/** A screen's name line: the name between rules of underscores (a Markdown conversion leaves escapes in it). */
const SCREEN_NAME = /^[\\_]{5,}\s*([A-Za-z][A-Za-z0-9\\_]*?[A-Za-z0-9])\s*[\\_]{5,}$/;
/**
 * A field line: a short lowercase code, an optional number, an optional variable in brackets, a colon ("q:", "it3:",
 * "ao2:2: …", "qt1: …", "ao4(month_var):4: April"); a code the document prints in lowercase elsewhere may be
 * capitalised ("It7:", "Hi:").
 */
const FIELD = /^([A-Za-z][a-z]{0,2})(\d{0,3})(?:\s*\(\s*[A-Za-z][\w\\]*\s*\))?\s*:\s?(.*)$/;
/** An entry field inside an option or item ("[string]", "[number] (var_name)"): a typed answer, printed as a line. */
const ENTRY_FIELD = /\[\s*(?:string|text|number|numeric|int(?:eger)?|zahl|datum|date)\s*\](?:\s*\(\s*[A-Za-z][\w\\]*\s*\))?,?/gi;
/** The variable an entry field writes to, named in brackets after it ("Haustiere (pet_count_v2)"). */
const VARIABLE_NOTE = /\(\s*[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*\)/g;
/** A transition: "GOTO scr_05" or "GOTO scr_05 IF <condition>". */
const TRANSITION = /^(?:GOTO|GO TO)\s+([A-Za-z][\w\\]*)(?:\s+IF\s+(.*))?$/i;
/** The code an answer option prints after its field code ("1: ja", " 1:1: in Deutschland"). */
const OPTION_CODE = /^(?:\d{1,3}\s*:\s*)?(-?\d{1,4})\s*:\s*(.*)$/;
/** Field codes of a screen template (at least the wording, the answers and the transitions). */
const WORDING_CODE = "q";

interface Field {
  code: string;
  index: string;
  value: string;
  line: LogicalLine;
}

interface Screen {
  name: string;
  heading: LogicalLine;
  fields: Field[];
  transitions: { target: string; value: string; line: LogicalLine }[];
}

const clean = (text: string) => text.replace(/\\([_*[\]()#<>.!-])/g, "$1").replace(/\s+/g, " ").trim();
const nameOf = (raw: string) => raw.replace(/\\+/g, "_").replace(/_+/g, "_");

function plain(line: LogicalLine, text: string): LogicalLine {
  return { ...line, text, first: { ...line.first, cell: undefined, heading: undefined, list: undefined }, segments: undefined };
}

/** The field codes the document prints in lowercase: its template. */
function templateCodes(lines: LogicalLine[]): Set<string> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const field = FIELD.exec(line.text.trim());
    if (field && field[1] === field[1].toLowerCase()) counts.set(field[1], (counts.get(field[1]) ?? 0) + 1);
  }
  return new Set(counts.keys());
}

function screensOf(lines: LogicalLine[]): { screens: Screen[]; firstAt: number } {
  const codes = templateCodes(lines);
  const screens: Screen[] = [];
  let current: Screen | null = null;
  let open: { value: string } | null = null;
  let firstAt = -1;
  for (const [index, line] of lines.entries()) {
    const text = line.text.trim();
    const name = SCREEN_NAME.exec(text);
    if (name) {
      if (firstAt < 0) firstAt = index;
      current = { name: nameOf(name[1]), heading: line, fields: [], transitions: [] };
      screens.push(current);
      open = null;
      continue;
    }
    if (!current || !text || /^[-_=*]{3,}$/.test(text)) continue;
    const transition = TRANSITION.exec(text);
    if (transition) {
      const entry = { target: nameOf(transition[1]), value: transition[2] ?? "", line };
      current.transitions.push(entry);
      open = transition[2] ? entry : null;
      continue;
    }
    const field = FIELD.exec(text);
    if (field && (field[1] === field[1].toLowerCase() || codes.has(field[1].toLowerCase()))) {
      const entry: Field = { code: field[1].toLowerCase(), index: field[2], value: field[3].trim(), line };
      current.fields.push(entry);
      open = entry;
      continue;
    }
    // A wrapped line continues the field (or the transition's condition) above it.
    if (open) open.value = `${open.value} ${text}`.trim();
  }
  return { screens, firstAt };
}

type ScreenType = "grid" | "multi" | "single" | "dropdown" | "open" | "number" | "info";

/** The question type a "qt:" field states in words (German or English), with the fields the screen has. */
function typeOf(screen: Screen): ScreenType {
  const stated = screen.fields.filter((field) => field.code === "qt").map((field) => field.value.toLowerCase()).join(" ");
  const options = screen.fields.filter((field) => field.code === "ao" && field.value);
  const items = screen.fields.filter((field) => field.code === "it" && field.value);
  if (/matri[xz]|grid|raster/.test(stated) && items.length) return "grid";
  if (/dropdown|drop-down|auswahlliste/.test(stated)) return "dropdown";
  if (/mehrfach|multiple|multi\b|checkbox/.test(stated)) return "multi";
  if (/einfach|single|radio/.test(stated)) return "single";
  if (/offen|open|text|zahl|number|numeric/.test(stated)) return /zahl|number|numeric/.test(stated) ? "number" : "open";
  if (options.length) return "single";
  return stated ? "open" : "info";
}

/** The spec's condition in the parser's reading (see above). */
function conditionOf(written: string, questionOf: Map<string, string>): string {
  let text = clean(written).replace(/^IF\s+/i, "");
  text = text.replace(/==/g, "=");
  return text.replace(/\b([A-Za-z][A-Za-z0-9_]*)\b(?=\s*[=<>!])/g, (name: string) => questionOf.get(name.toLowerCase()) ?? name.toUpperCase());
}

/** Rewrites field-coded screens into question lines (see above); other documents pass unchanged. */
export function readFieldCodeScreens(lines: LogicalLine[]): LogicalLine[] {
  const { screens, firstAt } = screensOf(lines);
  const worded = screens.filter((screen) => screen.fields.some((field) => field.code === WORDING_CODE && field.value));
  if (worded.length < 3 || worded.length < screens.length * 0.6 || !screens.some((screen) => screen.fields.some((field) => field.code === "ao"))) return lines;
  // The names a screen declares in "vn:" are its question in conditions.
  const questionOf = new Map<string, string>();
  for (const screen of screens) {
    for (const field of screen.fields.filter((entry) => entry.code === "vn")) {
      for (const name of clean(field.value).split(/[\s,/;]+/).filter((part) => /^[A-Za-z]\w*$/.test(part))) if (!questionOf.has(name.toLowerCase())) questionOf.set(name.toLowerCase(), screen.name);
    }
  }
  const out: LogicalLine[] = lines.slice(0, firstAt).filter((line) => line.first.heading && !SCREEN_NAME.test(line.text.trim()));
  let number = 0;
  for (const screen of screens) {
    const fieldsOf = (code: string) => screen.fields.filter((field) => field.code === code && clean(field.value));
    const wordings = fieldsOf(WORDING_CODE);
    const wording = wordings.map((field) => clean(field.value)).join(" / ");
    const type = typeOf(screen);
    const heading = screen.heading;
    if (type === "info" || !wording) {
      out.push(plain(heading, wording || screen.name));
    } else {
      number++;
      const single = fieldsOf("vn").flatMap((field) => clean(field.value).split(/[\s,/;]+/).filter(Boolean));
      const alias = single.length === 1 ? single[0] : undefined;
      out.push({ ...plain(heading, `${screen.name}. ${wording}`), spine: { id: screen.name, rest: wording, kind: "variable", number, ...(alias ? { alias } : {}) } });
    }
    // The screen's own conditions: the trigger condition and a visibility condition on the whole screen (an
    // information screen's conditions are its own; written after it they would gate the next question).
    for (const field of type === "info" || !wording ? [] : [...fieldsOf("tc"), ...fieldsOf("vc")]) {
      const value = clean(field.value);
      const whole = /^(?:\[[^\]]*\]\s*)?visible if\s+(.+)$/i.exec(value) ?? /^IF\s+(.+)$/i.exec(value);
      if (whole) out.push(plain(field.line, `[SHOW IF ${conditionOf(whole[1], questionOf)}]`));
      else out.push(plain(field.line, `(${value})`));
    }
    for (const field of fieldsOf("is")) out.push(plain(field.line, `(${clean(field.value)})`));
    const options = fieldsOf("ao").map((field, index) => {
      const value = clean(field.value);
      const coded = OPTION_CODE.exec(value);
      const option = coded ? { code: coded[1], label: coded[2] || coded[1] } : { code: field.index || String(index + 1), label: value };
      return { ...option, label: option.label.replace(ENTRY_FIELD, "________").replace(VARIABLE_NOTE, "").replace(/\s+/g, " ").trim() };
    });
    const items = fieldsOf("it").map((field) => clean(field.value).replace(ENTRY_FIELD, "________").trim());
    if (type === "grid") {
      out.push(plain(heading, `ROWS: ${items.map((item) => item.replace(/\|/g, "/")).join(" | ")}`));
      out.push(plain(heading, `COLUMNS: ${options.map((option) => option.label.replace(/\|/g, "/")).join(" | ")}`));
    } else if (type === "open") out.push(plain(heading, "(open)"));
    else if (type === "number") out.push(plain(heading, "(numeric)"));
    else if (type !== "info") {
      if (type === "multi") out.push(plain(heading, "(select all that apply)"));
      for (const option of options) out.push(plain(heading, `${type === "multi" ? "[ ]" : "( )"} ${option.code} ${option.label}`));
    }
    // Conditional transitions route from the screen; an unconditional one is the order of the screens.
    for (const transition of screen.transitions) {
      if (transition.value) out.push(plain(transition.line, `[IF ${conditionOf(transition.value, questionOf)} GO TO ${transition.target}]`));
    }
  }
  return out;
}
