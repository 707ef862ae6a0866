import { asks, openQuestion } from "./layout";
import type { BodyPart, RawInfo, RawQuestion, Segmentation } from "./segment";

/**
 * Topic lists of an interview guide: a semi-structured guide prints, besides its questions, headings over bare
 * bullets that name what to ask about ("## The orchard" / "- Size of the orchard" / "- Varieties grown"). An interview
 * guide prints no answers to choose from, so these bullets are not the heading's answers: each is a topic the
 * participant answers in words — one open question per bullet. Read so only in a document that calls itself an
 * interview, discussion or topic guide (or protocol), whose other questions are asked in words, and only under a
 * heading that asks nothing, for plain bullets (no codes, no answer boxes).
 */

export const GUIDE = /\b(?:interview|discussion|topic|focus[\s-]group|moderator|facilitator)s?\s+(?:guide|protocol|schedule|script)\b|\binterview\s+questions\b|\bsemi[\s-]structured\b/i;

/** Fewest open questions elsewhere in the document for it to read as a guide asked in words. */
const OPEN_ELSEWHERE = 3;

const options = (question: RawQuestion) => question.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");

function isTopicList(question: RawQuestion): boolean {
  if (question.id) return false;
  const wording = question.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording");
  if (wording.length !== 1 || !wording[0].line.first.heading) return false;
  const heading = wording[0].text.trim();
  if (asks(heading) || /[:：]\s*$/.test(heading)) return false;
  if (question.body.some((part) => part.kind !== "wording" && part.kind !== "option" && part.kind !== "note" && part.kind !== "instruction")) return false;
  const items = options(question);
  return items.length >= 2 && items.every((part) => part.option.code === undefined && !/[☐□▢◻❑○◯⚪[(]/.test(part.option.marker ?? "") && part.text.length <= 120);
}

/** The document calls itself an interview, discussion or topic guide (in its title or a section heading). */
export const namesGuide = (segmentation: Pick<Segmentation, "title" | "sections">) =>
  [segmentation.title ?? "", ...segmentation.sections.map((section) => section.title)].some((text) => GUIDE.test(text));

const openElsewhere = (items: (RawQuestion | RawInfo)[]) =>
  items.filter((item) => item.kind === "question" && !options(item).length && item.body.some((part) => part.kind === "entry" || part.kind === "wording")).length;

/** Splits the topic lists of an interview guide into open questions (in place); returns how many questions it added. */
export function readTopicLists(segmentation: Segmentation, documentTitle?: string): number {
  if (!namesGuide({ title: segmentation.title ?? documentTitle, sections: segmentation.sections }) || openElsewhere(segmentation.items) < OPEN_ELSEWHERE) return 0;
  let added = 0;
  const items: (RawQuestion | RawInfo)[] = [];
  for (const item of segmentation.items) {
    if (item.kind !== "question" || !isTopicList(item)) {
      items.push(item);
      continue;
    }
    const heading = item.body.find((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording")!;
    items.push({ kind: "info", role: "text", lines: [heading.line], logic: item.logic, notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore });
    for (const part of options(item)) items.push(openQuestion(part.line, part.option.label.trim(), item));
    added += options(item).length - 1;
  }
  segmentation.items = items;
  return added;
}
