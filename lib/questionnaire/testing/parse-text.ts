import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "../parse";

/** A questionnaire written inline in a test, read the way an upload of that file is (extraction, then the parser). */
export async function parseText(text: string, filename = "q.txt"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}

/** The questions of a parse, without headings, notes and information screens. */
export const questionsOf = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
