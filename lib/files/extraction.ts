import { db } from "@/lib/db/client";
import type { Prisma, SurveyFile } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { isQuestionnaireError, QuestionnaireError, type ExtractedDocument, type QuestionnaireErrorCode } from "@/lib/questionnaire";
import { isolatedPhases } from "@/lib/questionnaire/isolated";
import { readFileBytes } from "./read";

/**
 * The text the compiler reads from a file, extracted once per file and kept (`file_extractions`; its id
 * is Interface O's `ai_file_id`). O's `POST /files` extracts on upload; programming (P or O) reuses the
 * cached extraction and extracts only files that have none yet. A document that cannot be read is
 * remembered too, with the reason, so it is not read again.
 */

export type Extraction =
  | { id: string; status: "ready"; document: ExtractedDocument }
  | { id: string; status: "failed"; error: { code: QuestionnaireErrorCode; message: string } };

function toExtraction(row: { id: string; status: string; document: Prisma.JsonValue; error: Prisma.JsonValue }): Extraction {
  return row.status === "ready"
    ? { id: row.id, status: "ready", document: row.document as unknown as ExtractedDocument }
    : { id: row.id, status: "failed", error: row.error as { code: QuestionnaireErrorCode; message: string } };
}

/** Extracts `bytes` (the file's verified bytes) and stores the result; an unexpected extractor failure is thrown, not cached. */
export async function extractAndStore(file: Pick<SurveyFile, "id" | "workspaceId" | "name" | "contentType" | "contentHash">, bytes: Uint8Array): Promise<Extraction> {
  let result: { status: "ready"; document: ExtractedDocument } | { status: "failed"; error: { code: QuestionnaireErrorCode; message: string } };
  try {
    // In a worker thread with time and memory limits: a slow document must not stall the server.
    result = { status: "ready", document: await isolatedPhases().extract(bytes, { filename: file.name, contentType: file.contentType }) };
  } catch (error) {
    if (!isQuestionnaireError(error)) throw error;
    result = { status: "failed", error: { code: error.code, message: error.message } };
  }
  const row = await (await db()).fileExtraction.upsert({
    where: { fileId: file.id },
    create: {
      id: newId("aif"),
      workspaceId: file.workspaceId,
      fileId: file.id,
      contentHash: file.contentHash ?? "",
      status: result.status,
      document: result.status === "ready" ? (result.document as unknown as Prisma.InputJsonValue) : undefined,
      error: result.status === "failed" ? result.error : undefined,
    },
    update: {},
  });
  return toExtraction(row);
}

export async function cachedExtraction(fileId: string): Promise<Extraction | null> {
  const row = await (await db()).fileExtraction.findUnique({ where: { fileId } });
  return row ? toExtraction(row) : null;
}

/** The extracted document of a ready file, from the cache or extracted now; an unreadable document throws its QuestionnaireError. */
export async function extractedDocumentOf(workspaceId: string, fileId: string): Promise<{ file: SurveyFile; document: ExtractedDocument; extractionId: string }> {
  let extraction = await cachedExtraction(fileId);
  const { file, bytes } = extraction ? { file: await readyFileRow(workspaceId, fileId), bytes: null } : await readFileBytes(workspaceId, fileId);
  if (!extraction) extraction = await extractAndStore(file, new Uint8Array(bytes!));
  if (extraction.status === "failed") throw new QuestionnaireError(extraction.error.code, extraction.error.message);
  return { file, document: extraction.document, extractionId: extraction.id };
}

async function readyFileRow(workspaceId: string, fileId: string): Promise<SurveyFile> {
  return (await db()).surveyFile.findFirstOrThrow({ where: { id: fileId, workspaceId, status: "ready" } });
}
