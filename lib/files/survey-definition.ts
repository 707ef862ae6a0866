import { db } from "@/lib/db/client";
import { definitionFormatOf, type DefinitionFormat } from "@/lib/platforms/formats";
import { readFileBytes } from "./read";

/** Documents compiled as questionnaires: never survey definitions, so their bytes are not read twice (the declared content type is not trusted). */
const DOCUMENT_EXTENSIONS = /\.(docx|doc|pdf|md|markdown|html?|rtf)$/i;

/**
 * A questionnaire file that is a survey definition (Qualtrics .qsf, LimeSurvey .lss or tab-separated .txt,
 * Decipher XML, SurveyMonkey JSON, XLSForm .xlsx): its questions and logic are already programmed, so it is
 * imported, never compiled or probed for clarifications. Recognised by content (a .txt, a generic content
 * type or a wrong extension is fine); null for every other file.
 */
export async function readSurveyDefinitionFile(workspaceId: string, fileId: string) {
  const row = await (await db()).surveyFile.findFirst({ where: { id: fileId, workspaceId }, select: { name: true } });
  if (!row || DOCUMENT_EXTENSIONS.test(row.name)) return null;
  const { file, bytes } = await readFileBytes(workspaceId, fileId);
  const format: DefinitionFormat | null = definitionFormatOf(bytes, file.name);
  return format ? { file, bytes, format } : null;
}
