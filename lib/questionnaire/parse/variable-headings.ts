import { DISPLAY_LOGIC, type LogicalLine } from "./lines";
import { matchQuestionId, NOTE_LINE } from "./patterns";

/**
 * Variable-name headings (telephone / CATI scripts and programming specifications).
 *
 * Convention: a CATI script names every screen by its variable, printed on a line of its own above the wording
 * ("CONF_RACE", "INITELIG", or marked as the script tool prints it: ">INTRO1D<"), then its base or interviewer
 * lines if any ("ASK IF CONF_RACE = 1", "INTERVIEWER: READ LIST"), then the wording, then the
 * codes ("1: CONTINUE", "1. YES [SKIP TO …]", "<1> SPEAKING TO …") or an entry instruction ("ENTER … VERBATIM").
 * Read line by line, the name is a stray line, the wording an unnumbered paragraph and the first code ("1: …")
 * a numbered question.
 *
 * Here, when the document has at least two such headings — a name line, then a wording line without an id of its
 * own, then codes or an entry field before the next name — each wording line becomes a question start named by
 * the variable (a spine entry, like codebook-blocks.ts), and the name line is dropped. Runs on the logical lines,
 * before classification.
 */

/** A variable name alone on a line: capitals, digits and "_" ("CONF_RACE", "INTRO1D"), or mixed case with "_" ("Cell_Res3"); optionally ">NAME<". */
export const VARIABLE_HEADING = /^>?\s?([A-Z][A-Z0-9_]{2,24}|[A-Z][A-Za-z0-9]{1,12}_[A-Za-z0-9_]{1,12})\s?<?$/;
/** A line naming the kind of screen below it rather than a variable. */
const SCREEN_KIND_LABEL = /^(?:TEXT|NOTES?|INSTRUCTIONS?|INFO|MESSAGE|STATEMENT)$/;
/** A code line: "1: …", "1. …", "2) …", "(3) …", "<4> …", "[5] …", or a code and a capitalised label ("1 YES", "8<TAB>Don't know"). */
export const CODE_LINE = /^(?:<\d{1,3}>|\(\d{1,3}\)|\[\d{1,3}\]|\d{1,3}\s?[.:)]|\d{1,3}\s+(?=[A-Z(“"'‘]))\s?\S/;
/** A wording that is itself an entry instruction ("ENTER RESPONDENT'S ANSWER VERBATIM.", "RECORD AGE"). */
const ENTRY_WORDING = /^(?:enter|record|type)\b/i;
/** An interviewer or programmer line between the name and the wording. */
const DIRECTION_LINE = /^(?:interviewer|programmer|scripter|cati|note)\b[^:]{0,30}:/i;
/** Base, filter and direction lines may stand between the name and its wording ("ASK IF BUS_USE = 1", "INTERVIEWER: READ LIST"). */
const BETWEEN_LINES = 3;

function isDirection(text: string): boolean {
  return DIRECTION_LINE.test(text) || NOTE_LINE.test(text) || DISPLAY_LOGIC.test(text);
}
/** How far below the wording its codes may start (lines). */
const CODES_REACH = 8;

function nameOf(line: LogicalLine): string | null {
  if (line.script || line.first.cell) return null;
  const match = VARIABLE_HEADING.exec(line.text.trim());
  // A number alone ("2024") or a Roman numeral section ("III") is no variable, nor a label for the kind of screen
  // that follows ("TEXT", "NOTE": the paragraph under it is shown, not asked).
  return match && /[A-Z]{2}/.test(match[1]) && !/^[IVXLC]+$/.test(match[1]) && !SCREEN_KIND_LABEL.test(match[1]) ? match[1] : null;
}

export function isWording(text: string): boolean {
  return !CODE_LINE.test(text) && !matchQuestionId(text) && (/\p{Ll}/u.test(text) || ENTRY_WORDING.test(text)) && text.split(/\s+/).length >= 3;
}

export function readVariableHeadings(lines: LogicalLine[]): void {
  const found: { heading: number; wording: number; name: string }[] = [];
  for (let index = 0; index < lines.length; index++) {
    const name = nameOf(lines[index]);
    if (!name) continue;
    let at = index + 1;
    while (at < lines.length && at <= index + BETWEEN_LINES && (!lines[at].text.trim() || isDirection(lines[at].text.trim()))) at++;
    if (at >= lines.length || nameOf(lines[at]) || lines[at].first.cell || lines[at].script || lines[at].spine) continue;
    const wording = lines[at].text.trim();
    if (!isWording(wording)) continue;
    let coded = ENTRY_WORDING.test(wording);
    for (let next = at + 1; !coded && next < Math.min(lines.length, at + 1 + CODES_REACH); next++) {
      if (nameOf(lines[next])) break;
      coded = CODE_LINE.test(lines[next].text.trim());
    }
    if (coded) found.push({ heading: index, wording: at, name });
  }
  if (found.length < 2) return;
  for (const entry of found) lines[entry.wording].spine = { id: entry.name, rest: lines[entry.wording].text.trim(), kind: "variable", number: undefined };
  // Drop the name lines, last first so the indexes hold.
  for (const entry of [...found].reverse()) lines.splice(entry.heading, 1);
}
