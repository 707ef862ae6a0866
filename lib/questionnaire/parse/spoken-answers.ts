import type { IRItem } from "../ir";
import { namesGuide } from "./topic-lists";
import type { Segmentation } from "./segment";

/**
 * Answers of an interview guide are spoken and noted down, not typed into fields: a question such as "How many
 * people work in your team?" in a guide prints no number box, and the participant may answer "about a dozen,
 * more in summer". In a document that calls itself an interview, discussion or topic guide, a question read as a
 * single number is answered in words (number tables with rows are kept). Answer lists the guide prints and
 * Yes/No answers a follow-up implies are kept.
 */
export function answerGuideInWords(items: IRItem[], segmentation: Pick<Segmentation, "title" | "sections">): void {
  if (!namesGuide(segmentation)) return;
  for (const item of items) {
    if (item.kind === "question" && item.type === "numeric" && !item.rows.length) item.type = "open";
  }
}
