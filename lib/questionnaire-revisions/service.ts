import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record";
import { fileNotReady } from "@/lib/files/service";
import { ApiError, notFound } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import type { TQuestionnaireRevision, ZListRevisionsQuery } from "./schemas";
import { serializeQuestionnaireRevision, type RevisionWithFile } from "./serialize";

export { serializeQuestionnaireRevision, type RevisionWithFile } from "./serialize";

/**
 * Questionnaire revisions (interface "P: questionnaire revision"): an append-only list of pointers to
 * ready survey files; the highest revision is the current questionnaire.
 */

/**
 * One revision of the survey's questionnaire with its file (the tip when `revision` is omitted). This is
 * what the programming and clarification workflows start from: read the bytes with
 * `readFileBytes(workspaceId, revision.fileId)` from `lib/files/read.ts`.
 */
export async function getQuestionnaireRevisionOrThrow(workspaceId: string, surveyId: string, revision?: number): Promise<RevisionWithFile> {
  const row = await (await db()).questionnaireRevision.findFirst({
    where: { workspaceId, surveyId, ...(revision !== undefined ? { revision } : {}) },
    orderBy: { revision: "desc" },
    include: { file: true },
  });
  if (row) return row;
  await getSurveyOrThrow(workspaceId, surveyId);
  if (revision !== undefined) {
    throw new ApiError("not_found", `This survey has no questionnaire revision ${revision}.`, { resource: "questionnaire_revision" });
  }
  throw new ApiError(
    "not_found",
    "This survey has no questionnaire yet: upload a file, mark it ready, then PUT /v1/surveys/{surveyId}/questionnaire with its file_id.",
    { resource: "questionnaire" },
  );
}

export async function listQuestionnaireRevisions(workspaceId: string, surveyId: string, query: z.output<typeof ZListRevisionsQuery>) {
  await getSurveyOrThrow(workspaceId, surveyId);
  const args = pageArgs(query);
  const rows = await (await db()).questionnaireRevision.findMany({
    ...args,
    where: { ...args.where, workspaceId, surveyId },
    include: { file: true },
  });
  return toPage(rows, query.limit, serializeQuestionnaireRevision);
}

/**
 * Asserts a ready file of the survey as its questionnaire, appending revision n+1. The revision number
 * comes from a counter on the survey row, incremented by the same UPDATE that locks the row, so
 * concurrent PUTs get consecutive numbers on PostgreSQL and PGlite alike, and numbers are never reused.
 */
export async function putQuestionnaire(auth: AuthContext, surveyId: string, fileId: string): Promise<TQuestionnaireRevision> {
  return (await db()).$transaction((tx) => appendQuestionnaireRevision(tx, { workspaceId: auth.workspaceId, surveyId, fileId, actor: auth.subject }));
}

/** Appends the revision inside the caller's transaction (PUT /questionnaire, Interface O's program-from-file). */
export async function appendQuestionnaireRevision(
  tx: Prisma.TransactionClient,
  input: { workspaceId: string; surveyId: string; fileId: string; actor: string },
): Promise<TQuestionnaireRevision> {
  const { workspaceId, surveyId, fileId } = input;
  const counter = await tx.$queryRaw<{ seq: number }[]>`
    UPDATE "surveys" SET "questionnaire_revision_seq" = "questionnaire_revision_seq" + 1
    WHERE "id" = ${surveyId} AND "workspace_id" = ${workspaceId}
    RETURNING "questionnaire_revision_seq" AS "seq"`;
  if (counter.length === 0) throw notFound("survey");
  // FOR SHARE: the file cannot be deleted until this revision is committed (deleteFile locks it FOR UPDATE).
  const files = await tx.$queryRaw<{ id: string; survey_id: string | null; status: "pending" | "ready" | "failed" }[]>`
    SELECT "id", "survey_id", "status"::text AS "status" FROM "survey_files"
    WHERE "id" = ${fileId} AND "workspace_id" = ${workspaceId} FOR SHARE`;
  const file = files[0];
  if (!file) throw notFound("file", { file_id: fileId });
  if (file.survey_id !== surveyId) {
    throw fileNotReady(file, `File ${fileId} belongs to another survey; upload the questionnaire as a file of this survey.`);
  }
  if (file.status !== "ready") throw fileNotReady(file);
  const row = await tx.questionnaireRevision.create({
    data: { workspaceId, surveyId, revision: Number(counter[0].seq), fileId, createdBy: input.actor },
    include: { file: true },
  });
  const data = serializeQuestionnaireRevision(row);
  await recordEvent(tx, workspaceId, "questionnaire.updated", {
    survey_id: surveyId,
    change: "revision_added",
    revisions: [data.revision],
    questionnaire_revision: data,
  });
  return data;
}
