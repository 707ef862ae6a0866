import type { LineList } from "../extract/model";
import type { Unit } from "./lines";

/**
 * Word auto-numbered lists whose items are questions (layout model): a numbered list whose items are each followed
 * by their own answer material (answer boxes, blanks, a scale, a table) before the next item. The answers of one
 * question printed as a numbered list come one after the other; the questions of a block are spaced by their
 * answers. Word starts a new list instance (a new `listId`) in each block of a form whose numbering restarts
 * ("1–10", then "1–8", then "1–6") or continues from the block before ("1–6", then "7–12"); without this reading
 * the items of the second list are taken as answers of the last question of the first one.
 *
 * `spacedListIds` returns the list instances (ordered, by `listId`) whose every item at the list's outermost
 * level is separated from the next by at least one line or table that is not an item of the list, with at least
 * two items, and whose items read as wording rather than short answer labels.
 */
export function spacedListIds(units: Unit[]): Set<string> {
  const items = new Map<string, { level: number; indices: number[]; lengths: number[] }>();
  units.forEach((unit, index) => {
    if (unit.kind !== "line") return;
    const list: LineList | undefined = unit.line.first.list;
    if (!list?.ordered || !list.listId || list.value === undefined) return;
    const entry = items.get(list.listId);
    if (!entry || list.level < entry.level) {
      items.set(list.listId, { level: list.level, indices: [index], lengths: [wordingLength(unit.line.text, list.label)] });
      return;
    }
    if (list.level !== entry.level) return;
    entry.indices.push(index);
    entry.lengths.push(wordingLength(unit.line.text, list.label));
  });
  const spaced = new Set<string>();
  for (const [listId, entry] of items) {
    if (entry.indices.length < 2) continue;
    if (!entry.indices.every((at, k) => k === 0 || at - entry.indices[k - 1] >= 2)) continue;
    // Answers spaced by a note each are short labels ("1. Yes" / "(please specify)"); questions are worded.
    const worded = entry.lengths.filter((length) => length >= MIN_WORDING).length;
    if (worded * 2 < entry.lengths.length) continue;
    spaced.add(listId);
  }
  return spaced;
}

/** Items shorter than this (after the label) read as answer labels. */
const MIN_WORDING = 20;

function wordingLength(text: string, label: string): number {
  const trimmed = text.trim();
  return (trimmed.startsWith(label) ? trimmed.slice(label.length) : trimmed).trim().length;
}
