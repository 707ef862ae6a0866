import type { Prisma, QuestionnaireRevision, SurveyFile } from "@/lib/generated/prisma/client";
import type { TQuestionnaireRevision } from "./schemas";

export type RevisionWithFile = QuestionnaireRevision & { file: SurveyFile };

export function serializeQuestionnaireRevision(row: RevisionWithFile): TQuestionnaireRevision {
  return {
    survey_id: row.surveyId,
    revision: row.revision,
    file_id: row.fileId,
    file: {
      id: row.file.id,
      name: row.file.name,
      content_type: row.file.contentType,
      size_bytes: row.file.sizeBytes,
      content_hash: row.file.contentHash,
      status: row.file.status,
    },
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** The survey's current (highest) revision, serialized, or null; for event payloads inside a transaction. */
export async function serializeRevisionTip(
  tx: Pick<Prisma.TransactionClient, "questionnaireRevision">,
  surveyId: string,
): Promise<TQuestionnaireRevision | null> {
  const tip = await tx.questionnaireRevision.findFirst({ where: { surveyId }, orderBy: { revision: "desc" }, include: { file: true } });
  return tip ? serializeQuestionnaireRevision(tip) : null;
}
