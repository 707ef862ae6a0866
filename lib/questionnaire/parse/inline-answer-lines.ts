/**
 * One-line questions with their answers on the same line, unnumbered.
 *
 * Convention: a short questionnaire written as one paragraph per question, "wording: answers", with no question
 * numbers — the answers typed as boxes after the wording ("Gender: [ ] Male [ ] Female", "性别： ☐ 男 ☐ 女") or as
 * a slider's anchored points ("How tidy is your room: 1 (spotless) --- 4 (it depends) --- 7 (chaos)"). When no line
 * carries a question number and most lines are such questions, each of them is a question and every other line an
 * information text. (interpret.ts reads the answers off the wording line: splitBoxedAnswers, anchoredScaleOnLine.)
 */
import { classifyLine, type LogicalLine, type Unit } from "./lines";
import type { RawInfo, RawQuestion, Segmentation } from "./segment";

/** A scale point and its anchor: "1 (Never)", "7（每天）". */
const ANCHORED_POINT = /^(\d{1,2})\s*[(（]([^()（）]{1,80})[)）]$/;

/**
 * "How tidy is your room: 1 (spotless) --- 4 (it depends) --- 7 (chaos)": a slider printed on the wording line as some
 * of its points with their anchors, joined by dashes or arrows. Every whole point from the first to the last is an
 * answer (an unanchored one is labelled by its number).
 */
export function anchoredScaleOnLine(text: string): { wording: string; points: { code: string; label: string }[] } | null {
  const start = text.search(/[:：?？]\s*\d{1,2}\s*[(（]/);
  if (start < 0) return null;
  // (Spaces collapsed first: a separator pattern with spaces on both sides would rescan long runs of them.)
  const pieces = text.slice(start + 1).replace(/\s+/g, " ").trim().split(/ (?:-{2,}|—{1,2}|–{1,2}|→|->) /);
  if (pieces.length < 2) return null;
  const anchors = new Map<number, string>();
  let last = -1;
  for (const piece of pieces) {
    const point = ANCHORED_POINT.exec(piece.trim());
    if (!point || Number(point[1]) <= last) return null;
    last = Number(point[1]);
    anchors.set(last, point[2].trim());
  }
  const first = Math.min(...anchors.keys());
  if (last - first < 2 || last - first > 10) return null;
  const points: { code: string; label: string }[] = [];
  for (let value = first; value <= last; value++) points.push({ code: String(value), label: anchors.get(value) ?? String(value) });
  return { wording: text.slice(0, start + 1).trim(), points };
}

/** Answer boxes after the wording's colon or question mark: at least two, each before a label. */
function boxedAfterWording(text: string): boolean {
  const end = text.search(/[:：?？]/);
  if (end < 0) return false;
  return (text.slice(end + 1).match(/(?:\[ ?\]|[☐□▢◻❑○◯⚪]) ?\S/g) ?? []).length >= 2;
}

const asksOnItsLine = (text: string) => boxedAfterWording(text) || anchoredScaleOnLine(text) !== null;

export function readInlineAnswerLines(units: Unit[]): Segmentation | null {
  if (units.some((unit) => unit.kind === "table")) return null;
  const lines = units.flatMap((unit) => (unit.kind === "line" ? [unit.line] : []));
  if (lines.some((line) => classifyLine(line).kind === "qid")) return null;
  const asking = lines.filter((line) => asksOnItsLine(line.text.trim()));
  if (asking.length < 3 || asking.length < lines.length / 2) return null;
  const items: (RawQuestion | RawInfo)[] = [];
  let pending: LogicalLine[] = [];
  const flush = () => {
    if (pending.length) items.push({ kind: "info", role: "text", lines: pending, logic: [], notes: [], pageBreakBefore: false });
    pending = [];
  };
  for (const line of lines) {
    const text = line.text.trim();
    if (!asksOnItsLine(text)) {
      pending.push(line);
      continue;
    }
    flush();
    items.push({ kind: "question", id: null, aliases: [], body: [{ kind: "wording", line, text }], logic: [], notes: [], pageBreakBefore: false, start: line.start, end: line.end, closed: true, awaitingWording: false });
  }
  flush();
  return { items, sections: [], notes: [], floatingLogic: [] };
}
