import type { LogicalLine } from "./lines";
import { isWording } from "./variable-headings";

/**
 * Named question labels ("Q. AGE", "Q. TRIPS P3Y", "Q: HOUSEHOLD INCOME").
 *
 * Convention: some agency questionnaires name each question instead of numbering it: a label line holds the
 * question marker ("Q." or "Q:") and a short name in capitals, and the wording follows on the next line. The
 * logic then refers to the question by the marker and the name run together ("[IF QCHILDREN == 1]",
 * "[TERM IF QTRIPS P3Y == 0]"). Now and then one label also carries a number ("Q27. HARDCORE PREFERENCE").
 * Read line by line, the label is a heading or an unnumbered question of its own, and the wording a second one.
 *
 * Here, when the document has at least two such labels each followed by a wording line, the wording line becomes a
 * question start named by the label (the name, spaces as "_"; a printed number wins and the name becomes an alias),
 * with "Q" + the name as a further alias for references, and the label line is dropped. Runs on the logical lines,
 * before classification.
 */

/** "Q. NAME", "Q: NAME", "Q27. NAME": the marker, an optional number, and one to five words in capitals. */
const NAMED_LABEL = /^Q(\d{1,3}[a-z]?)?\s?[.:]\s*([A-Z][A-Z0-9_&/'’-]*(?:\s[A-Z0-9][A-Z0-9_&/'’-]*){0,4})\s*$/;
/** "Q" and a name of two to five words in capitals, as a filter refers to a named question ("QTRIPS P3Y == 0"). */
const SPACED_REFERENCE = /\bQ([A-Z][A-Z0-9_&/'’-]*(?: [A-Z0-9][A-Z0-9_&/'’-]*){1,4})/g;
/** Lines that may stand between the label and its wording: blank lines and bracketed notes. */
const BETWEEN_LINES = 2;

interface NamedLabel {
  name: string;
  number?: string;
}

function labelOf(line: LogicalLine): NamedLabel | null {
  if (line.script || line.first.cell || line.spine) return null;
  const match = NAMED_LABEL.exec(line.text.trim());
  if (!match || !/[A-Z]{2}/.test(match[2])) return null;
  return { name: match[2].trim().replace(/\s+/g, " "), number: match[1] };
}

export function readNamedQuestionLabels(lines: LogicalLine[]): void {
  const found: { label: number; wording: number; named: NamedLabel }[] = [];
  for (let index = 0; index < lines.length; index++) {
    const named = labelOf(lines[index]);
    if (!named) continue;
    let at = index + 1;
    while (at < lines.length && at <= index + BETWEEN_LINES && (!lines[at].text.trim() || /^\[[^\]]*\]$/.test(lines[at].text.trim()))) at++;
    if (at >= lines.length || labelOf(lines[at]) || lines[at].first.cell || lines[at].script || lines[at].spine) continue;
    if (!isWording(lines[at].text.trim())) continue;
    found.push({ label: index, wording: at, named });
  }
  // The convention is the unnumbered label; a numbered one is read with it only where the unnumbered ones establish it.
  if (found.filter((entry) => !entry.named.number).length < 2) return;
  for (const { wording, named } of found) {
    const name = named.name.replace(/\s+/g, "_");
    const id = named.number ? `Q${named.number}` : name;
    const alias = named.number ? name : `Q${name}`;
    lines[wording].spine = { id, rest: lines[wording].text.trim(), kind: "variable", number: named.number ? Number.parseInt(named.number, 10) : undefined, alias };
  }
  // "QTRIPS P3Y" in a filter is one name: the space becomes "_" as in the question's name (same length, spans hold).
  const spaced = new Set(found.filter((entry) => !entry.named.number && / /.test(entry.named.name)).map((entry) => entry.named.name));
  if (spaced.size) {
    for (const line of lines) {
      line.text = line.text.replace(SPACED_REFERENCE, (whole: string, name: string) => {
        const words = name.split(" ");
        for (let count = words.length; count >= 2; count--) {
          const prefix = words.slice(0, count).join(" ");
          if (spaced.has(prefix)) return `Q${prefix.replace(/ /g, "_")}${whole.slice(1 + prefix.length)}`;
        }
        return whole;
      });
    }
  }
  // Drop the label lines, last first so the indexes hold.
  for (const entry of [...found].reverse()) lines.splice(entry.label, 1);
}
