import type { LineClass } from "./lines";

/**
 * Where a document writes its filters (the logic pipeline's scope step for filter lines): above the question they
 * filter ("ASK IF Q1 = 1" / "Q2. …") or inside it, below its wording ("Q2. How often …?" / "ASK IF Q1 = 1" /
 * answers). A filter line between a question's wording (or answers) and the next question's id can be read
 * either way; the document's own unambiguous filters decide:
 * - inside: a filter between a question's wording and its answers (answer-format instructions may come between);
 * - above: a filter right before a question id, with nothing of a question before it (a heading, a page break,
 *   another filter, a note, the start of the document), or with the last question's answers before it and the
 *   next question's wording on its id line (telephone scripts: "9 Don't know" / "ASK IF … (Q.19=2):" / "Q.20 …").
 * With no evidence, or a tie, filters are read as written above the question that follows (the common layout).
 */
export type FilterPlacement = "inside" | "above";

const WORDING = new Set<LineClass["kind"]>(["text", "instruction"]);
const ANSWERS = new Set<LineClass["kind"]>(["option", "entry"]);
const OUTSIDE = new Set<LineClass["kind"]>(["section", "page-break", "page-label", "separator", "end-of-block", "logic", "note", "screen"]);

/**
 * `classes[i]` is the class of line i (null for a table, which reads as answers); `isFilter(i)` says whether line i
 * is a display filter (not routing, not "ask all").
 */
export function filterPlacement(classes: (LineClass | null)[], isFilter: (index: number) => boolean): FilterPlacement {
  let inside = 0;
  let above = 0;
  classes.forEach((cls, index) => {
    if (cls?.kind !== "logic" || !isFilter(index)) return;
    const previous = index > 0 ? classes[index - 1] : undefined;
    const next = classes[index + 1];
    // Answer-format instructions ("Please select all applicable answers:") may stand between a filter and the answers.
    let answersAt = index + 1;
    while (classes[answersAt]?.kind === "instruction") answersAt++;
    const following = classes[answersAt];
    const answersNext = following === null || (following !== undefined && ANSWERS.has(following.kind));
    // The wording may be on the id's own line ("Q2. How often …?").
    const wordingBefore = previous && (WORDING.has(previous.kind) || (previous.kind === "qid" && previous.id.rest.trim() !== ""));
    if (wordingBefore && answersNext) inside++;
    else if (next?.kind === "qid" && (index === 0 || (previous && OUTSIDE.has(previous.kind)))) above++;
    // Right after the last question's answers and right before the next id ("9 Don't know" / "ASK IF … (Q.19=2):" /
    // "Q.20 …"): a document that writes its filters inside a question never puts one there.
    else if (next?.kind === "qid" && next.id.rest.trim() !== "" && previous && ANSWERS.has(previous.kind)) above++;
  });
  return inside > above ? "inside" : "above";
}
