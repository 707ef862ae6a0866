import type { Span } from "../ir";
import { HINT } from "./patterns";
import type { BodyPart, RawQuestion, Segmentation } from "./segment";

/**
 * Ranking items written as a numbered list. Specifications for web surveys (drag-and-drop rankings) print the
 * items to order as "1. **Short label**" with the label the respondent sees indented under it ("* Long label:
 * …"), after a heading or an instruction that says to rank them ("Ranking (drag & drop, order 1-8)", "Drag the
 * factors into order from most (1) to least important (8)"). Segmented line by line, every numbered label
 * looks like a question of its own with its description as its only answer. Read as written, the list is one
 * ranking question: the instruction is its wording, the labels are its items, the descriptions their notes.
 */

/** A numbered item that is a label, not a question: short, asks nothing, ends no sentence. */
function labelItem(question: RawQuestion): { text: string; extra: string[] } | null {
  if (!question.id || (question.id.kind !== "numeric" && question.id.kind !== "decimal")) return null;
  const wording = question.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  const others = question.body.filter((part) => part.kind !== "wording");
  if (wording.length !== 1 || others.length > 2) return null;
  if (others.some((part) => part.kind === "table" || part.kind === "grid-row" || part.kind === "entry")) return null;
  const text = wording[0].text.trim();
  if (text.length === 0 || text.length > 80 || /[?？:：]$|[.!。]$/.test(text) || /[?？]/.test(text)) return null;
  const extra = others.map((part) => (part.kind === "option" ? part.option.label : "text" in part ? part.text : "").trim()).filter(Boolean);
  return { text, extra };
}

/** "Istruzione: Trascina …" → "Trascina …": the field label an instruction was printed under. */
function withoutFieldLabel(text: string): string {
  return text.replace(/^[\p{L} ]{2,20}[:：]\s*/u, "").trim();
}

export function readRankedLists(segmentation: Segmentation): void {
  const { items, sections, notes } = segmentation;
  for (let i = 0; i < items.length; i++) {
    const first = items[i];
    if (first.kind !== "question" || !labelItem(first) || first.id?.number !== 1) continue;
    const run: RawQuestion[] = [first];
    for (let k = i + 1; k < items.length; k++) {
      const next = items[k];
      if (next.kind !== "question" || next.section !== first.section || !labelItem(next) || next.id?.number !== run.length + 1) break;
      run.push(next);
    }
    if (run.length < 3) continue;
    // The instruction that makes the list a ranking: the text just before it, a note printed in its section,
    // or the section heading itself.
    const before = items[i - 1];
    const section = sections.find((entry) => entry.key === first.section);
    const infoCue = before && before.kind === "info" && before.section === first.section && HINT.ranking.test(before.lines.map((line) => line.text).join(" ")) ? before : null;
    const noteCue = !infoCue && section ? notes.find((note) => note.span.start >= section.span.start && note.span.end <= first.start && HINT.ranking.test(note.text)) : undefined;
    const titleCue = section && HINT.ranking.test(section.title) ? section.title : null;
    if (!infoCue && !noteCue && !titleCue) continue;
    const firstWording = first.body.find((part) => part.kind === "wording")!;
    const wordingText = infoCue ? withoutFieldLabel(infoCue.lines.map((line) => line.text).join(" ")) : noteCue ? withoutFieldLabel(noteCue.text) : titleCue!;
    const wordingLine = infoCue ? infoCue.lines[0] : firstWording.line;
    const body: BodyPart[] = [{ kind: "wording", line: wordingLine, text: wordingText }];
    // The heading names the format ("Ranking Importanza (Drag & Drop, Ordine 1-8)") when the wording does not.
    if (titleCue && titleCue !== wordingText) body.push({ kind: "instruction", line: firstWording.line, text: titleCue });
    const itemNotes: { text: string; span: Span }[] = [];
    run.forEach((question, index) => {
      const item = labelItem(question)!;
      const line = question.body.find((part) => part.kind === "wording")!.line;
      body.push({ kind: "option", line, option: { label: item.text, code: String(index + 1), codeFirst: true }, text: item.text, numbered: true });
      for (const extra of item.extra) itemNotes.push({ text: `${item.text}: ${extra}`, span: { start: question.start, end: question.end } });
    });
    const last = run[run.length - 1];
    const ranking: RawQuestion = {
      ...first,
      id: null,
      label: undefined,
      aliases: [],
      body,
      // Conditions on the items are the list's (a group condition repeated on each item counts once).
      logic: run.flatMap((question) => question.logic).filter((logic, index, all) => all.findIndex((other) => other.text === logic.text) === index),
      notes: [...run.flatMap((question) => question.notes), ...itemNotes],
      start: infoCue ? Math.min(wordingLine.start, first.start) : first.start,
      end: last.end,
      closed: true,
    };
    if (noteCue) notes.splice(notes.indexOf(noteCue), 1);
    const from = infoCue ? i - 1 : i;
    items.splice(from, i + run.length - from, ranking);
    i = from;
  }
}
