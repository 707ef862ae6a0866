import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db, readRows } from "@/lib/db/client";
import { deleteStoredObjects } from "@/lib/files/objects";
import { recordEvent } from "@/lib/events/record";
import type { Survey } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { decodeCursor, toPage } from "@/lib/http/pagination";
import type { TSurvey, ZCreateSurveyBody, ZListSurveysQuery, ZUpdateSurveyBody } from "./schemas";

export function serializeSurvey(survey: Pick<Survey, "id" | "slug" | "name" | "description" | "createdAt" | "updatedAt">): TSurvey {
  return {
    id: survey.id,
    slug: survey.slug,
    name: survey.name,
    description: survey.description,
    created_at: survey.createdAt.toISOString(),
    updated_at: survey.updatedAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === "P2002";
}

function duplicateSlug(slug: string): ApiError {
  return new ApiError("duplicate_slug", `A survey with slug "${slug}" already exists in this workspace.`, { slug });
}

export async function createSurvey(auth: AuthContext, input: z.output<typeof ZCreateSurveyBody>): Promise<TSurvey> {
  try {
    return await (await db()).$transaction(async (tx) => {
      const survey = await tx.survey.create({
        data: { workspaceId: auth.workspaceId, slug: input.slug, name: input.name, description: input.description ?? null, userId: auth.userId },
      });
      const data = serializeSurvey(survey);
      await recordEvent(tx, auth.workspaceId, "survey.created", { survey: data });
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSlug(input.slug);
    throw error;
  }
}

type SurveyListRow = { id: string; slug: string; name: string; description: string | null; created_at: Date; updated_at: Date };

/** `%`, `_` and `\` match themselves in a search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The most requested list: read on the driver directly (see `readRows`), newest first, cursor-paginated. */
export async function listSurveys(workspaceId: string, query: z.output<typeof ZListSurveysQuery>) {
  const params: unknown[] = [workspaceId];
  const conditions = [`"workspace_id" = $1`];
  const after = decodeCursor(query.cursor);
  if (after) {
    params.push(after);
    conditions.push(`"id" < $${params.length}`);
  }
  if (query.q) {
    params.push(likePattern(query.q));
    conditions.push(`("name" ILIKE $${params.length} OR "slug" ILIKE $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await readRows<SurveyListRow>(
    `SELECT "id", "slug", "name", "description", "created_at", "updated_at" FROM "surveys"
     WHERE ${conditions.join(" AND ")} ORDER BY "id" DESC LIMIT $${params.length}`,
    params,
  );
  return toPage(rows, query.limit, (row) =>
    serializeSurvey({ id: row.id, slug: row.slug, name: row.name, description: row.description, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) }),
  );
}

/** The survey of this workspace; another workspace's survey is indistinguishable from a missing one. */
export async function getSurveyOrThrow(workspaceId: string, surveyId: string): Promise<Survey> {
  const survey = await (await db()).survey.findFirst({ where: { id: surveyId, workspaceId } });
  if (!survey) throw notFound("survey");
  return survey;
}

export async function updateSurvey(auth: AuthContext, surveyId: string, input: z.output<typeof ZUpdateSurveyBody>): Promise<TSurvey> {
  try {
    return await (await db()).$transaction(async (tx) => {
      const before = await tx.survey.findFirst({ where: { id: surveyId, workspaceId: auth.workspaceId } });
      if (!before) throw notFound("survey");
      const changed = (["slug", "name", "description"] as const).filter(
        (field) => input[field] !== undefined && input[field] !== before[field],
      );
      if (changed.length === 0) return serializeSurvey(before);
      const survey = await tx.survey.update({
        where: { id: surveyId },
        data: { slug: input.slug, name: input.name, description: input.description },
      });
      const data = serializeSurvey(survey);
      await recordEvent(tx, auth.workspaceId, "survey.updated", { survey: data, changed });
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.slug) throw duplicateSlug(input.slug);
    throw error;
  }
}

/**
 * Deletes the survey; its files, questionnaire revisions and other rows go with it by cascade. The files'
 * stored objects are collected inside the transaction and removed after the commit (storage I/O never
 * runs inside a transaction); a failed object delete is logged and never undoes the deletion.
 */
export async function deleteSurvey(auth: AuthContext, surveyId: string): Promise<void> {
  const objects = await (await db()).$transaction(async (tx) => {
    const survey = await tx.survey.findFirst({ where: { id: surveyId, workspaceId: auth.workspaceId } });
    if (!survey) throw notFound("survey");
    const files = await tx.surveyFile.findMany({ where: { surveyId }, select: { storageKey: true, visibility: true } });
    await tx.survey.delete({ where: { id: surveyId } });
    await recordEvent(tx, auth.workspaceId, "survey.deleted", { survey: { id: survey.id, slug: survey.slug, name: survey.name } });
    return files.map((file) => ({ key: file.storageKey, visibility: file.visibility }));
  });
  await deleteStoredObjects(objects);
}
