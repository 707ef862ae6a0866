import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildPdf, type PdfText } from "./pdf-writer";

/** A questionnaire written inline in a test, read the way an upload of that file is (extraction, then the parser). */
export async function parseText(text: string, filename = "q.txt"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}

/** A PDF written by the test PDF writer (one list of placed texts per page), read the way an upload of it is. */
export async function parsePdfPages(pages: PdfText[][]): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(buildPdf(pages.map((texts) => ({ texts }))), { filename: "form.pdf" }));
}

/** A Word file (built by the test .docx writer) read the way an upload of it is. */
export async function parseDocx(bytes: Uint8Array): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(bytes, { filename: "form.docx" }));
}

/** A one-page PDF written by the test PDF writer, read the way an upload of it is. */
export const parsePdfPage = (texts: PdfText[]): Promise<QuestionnaireIR> => parsePdfPages([texts]);

/** The questions of a parse, without headings, notes and information screens. */
export const questionsOf = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

/** The question a test names by id; fails with the ids that were found, so a miss says what the parse made instead. */
export function questionById(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = questionsOf(ir).find((question) => question.id === id);
  if (!found) throw new Error(`no question ${id} in ${questionsOf(ir).map((question) => question.id).join(", ")}`);
  return found;
}
