import type { IRItem, IRQuestion } from "../ir";

/**
 * A check-list whose items carry their own variable ids. Data documentation (a codebook, a plain-text export) lists
 * the words or things a respondent ticked one per line under their variable names, after a lead-in that says they
 * were shown as a check-list:
 *
 *   The following items were shown as a check-list ("Tick every fruit you ate this week"):
 *   FR1   apple
 *   FR2   plum
 *   FR3   cherry
 *
 * Read one by one, every id is a question with nothing to answer (a text box each). Read as meant, the list is one
 * question answered by ticking any of its items: a multiple choice whose options are the items, coded by their ids.
 *
 * Convention: an information screen that speaks of a check-list, or asks to check / tick / select all that apply,
 * followed by at least three numbered items with no answers of their own whose ids share one prefix and whose
 * wording is a short label (a word or a few, no sentence), becomes one multiple-choice question named by the prefix.
 */

interface DraftLike {
  raw: { kind: string };
  interpreted?: { answerless: boolean };
  item: IRItem;
}

const CHECKLIST_CUE = /\bcheck[- ]?list\b|\b(?:check|tick|mark|select|choose)\b[^.]{0,40}\b(?:all|every|each|any)\b|\ball that apply\b/i;

/** The item's label: its first line, a word or a few, no sentence and no question. */
function labelOf(question: IRQuestion): string | null {
  const first = question.text.split("\n")[0].trim();
  if (!first || first.length > 40 || first.split(/\s+/).length > 4 || /[?？:：]$/.test(first) || /[.!]$/.test(first)) return null;
  return first;
}

const prefixOf = (id: string) => /^([A-Za-z_]+?)_?\d+[A-Za-z]?$/.exec(id)?.[1] ?? null;

export function mergeChecklists<T extends DraftLike>(drafts: T[]): void {
  for (let i = 0; i < drafts.length; i++) {
    const lead = drafts[i].item;
    if (lead.kind !== "info" || !CHECKLIST_CUE.test(lead.text)) continue;
    const items: { draft: T; question: IRQuestion; label: string }[] = [];
    let prefix: string | null = null;
    for (let k = i + 1; k < drafts.length; k++) {
      const { item, interpreted } = drafts[k];
      if (item.kind !== "question" || !item.printedId || !interpreted?.answerless) break;
      const label = labelOf(item);
      const own = prefixOf(item.id);
      if (!label || !own || (prefix !== null && own !== prefix)) break;
      prefix = own;
      items.push({ draft: drafts[k], question: item, label });
    }
    if (items.length < 3 || !prefix) continue;
    const first = items[0].question;
    const last = items[items.length - 1].question;
    // Text printed after the last label (a note on how the ticks were stored) stays with the question as a note.
    const trailing = last.text.split("\n").slice(1).join(" ").trim();
    // The lead-in is the screen's last lines from the one that speaks of the list; text before it stays a screen.
    const leadLines = lead.text.split("\n");
    let cue = leadLines.length - 1;
    while (cue > 0 && !CHECKLIST_CUE.test(leadLines[cue])) cue--;
    const merged: IRQuestion = {
      ...first,
      id: prefix,
      text: leadLines.slice(cue).join("\n").trim(),
      type: "multi",
      options: items.map(({ question, label }) => ({ code: question.id, label, codePrinted: true, span: question.span })),
      rows: [],
      columns: [],
      notes: [...items.flatMap(({ question }) => question.notes), ...(trailing ? [trailing] : [])],
      instructions: items.flatMap(({ question }) => question.instructions),
      span: { start: lead.span.start, end: last.span.end },
    };
    const kept = cue > 0 ? [{ ...drafts[i], item: { ...lead, text: leadLines.slice(0, cue).join("\n").trim() } }] : [];
    drafts.splice(i, items.length + 1, ...kept, { ...items[0].draft, item: merged });
    i += kept.length;
  }
}
