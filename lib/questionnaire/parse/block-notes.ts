import type { IRItem } from "../ir";
import type { LogicText } from "./segment";

/**
 * Question blocks opened by a programmer note ("[BLOCK SNACKERS]", "[BLOCK PARENTS: IF QKIDS == 1]").
 *
 * Convention: a questionnaire built of blocks (randomised persona or product modules) opens each with a bracketed
 * note naming the block, and a block asked of some respondents only carries its filter after a colon. The filter
 * governs every question of the block — up to the next block note or the next titled section — although it is
 * printed once, above the first.
 *
 * Here, once the document opens at least two blocks this way, the filter of a filtered block is added to the logic
 * of each question in it (before the logic is resolved), as a display condition seen before the question.
 */

const BLOCK_NOTE = /^block\b[^:]{0,60}?(?::\s*(?:(?:ask|show|display)\s+(?:only\s+)?)?(if\b.+))?$/i;

interface Draft {
  interpreted?: { logic: LogicText[] };
  item: IRItem;
}

export function applyBlockNoteFilters(drafts: Draft[], sections: { key: string; title: string }[]): void {
  const opens = (draft: Draft) => draft.item.notes.map((note) => BLOCK_NOTE.exec(note.trim())).find(Boolean) ?? null;
  if (drafts.filter((draft) => draft.item.kind === "question" && opens(draft)).length < 2) return;
  const titled = new Set(sections.filter((section) => /\p{L}{2}/u.test(section.title)).map((section) => section.key));
  let active: string | null = null;
  let section: string | undefined;
  for (const draft of drafts) {
    const item = draft.item;
    // A titled section closes the block (page sections, untitled, do not).
    if (item.section !== section && item.section && titled.has(item.section)) active = null;
    section = item.section;
    const open = opens(draft);
    if (open) active = open[1]?.trim() ?? null;
    const logic = draft.interpreted?.logic;
    if (!active || item.kind !== "question" || !logic || logic.some((entry) => entry.text.trim() === active)) continue;
    logic.push({ text: active, span: item.span, role: "display", group: true });
  }
}
