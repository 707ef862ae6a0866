import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { lockedSurveyIds, readSurveyPages } from "@/lib/content/o-service";
import { lockingRun, lockSurveyRow, surveyLocked } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { Prisma, Survey } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { TOSurvey, ZOCreateSurveyBody, ZOListSurveysQuery, ZOSurveyList, ZOSurveyWithPages, ZOUpdateSurveyBody } from "./o-schemas";
import { serializeSurvey } from "./service";

/**
 * Interface O's surveys: the organization's surveys across its workspaces, the same rows P shows (ids are
 * shared; a P survey id works as `survey_id_or_slug`). `locked` is derived from the run that holds the
 * survey (program-from-file, validation fix).
 */

type SurveyWithOrg = Survey & { workspace: { organizationId: string } };

const withOrganization = { workspace: { select: { organizationId: true } } } satisfies Prisma.SurveyInclude;

export function serializeOSurvey(survey: SurveyWithOrg, locked: boolean): TOSurvey {
  return {
    id: survey.id,
    slug: survey.slug,
    name: survey.name,
    user_id: survey.userId,
    org_id: survey.workspace.organizationId,
    workspace_id: survey.workspaceId,
    first_page_id: survey.firstPageId,
    locked,
    paid_at: survey.paidAt.toISOString(),
    order: survey.order,
    created_at: survey.createdAt.toISOString(),
    updated_at: survey.updatedAt.toISOString(),
    programmed_from_file_id: survey.programmedFromFileId,
    programming_started_at: survey.programmingStartedAt?.toISOString() ?? null,
    programming_completed_at: survey.programmingCompletedAt?.toISOString() ?? null,
  };
}

/**
 * The organization's survey named by id or slug. Slugs are unique per workspace: one in the caller's own
 * workspace wins; a slug that several other workspaces use is ambiguous (409, use the id).
 */
export async function getOrgSurveyOrThrow(auth: AuthContext, idOrSlug: string): Promise<SurveyWithOrg> {
  const candidates = await (await db()).survey.findMany({
    where: { workspace: { organizationId: auth.organizationId }, OR: [{ id: idOrSlug }, { slug: idOrSlug }] },
    include: withOrganization,
    take: 10,
  });
  const byId = candidates.find((survey) => survey.id === idOrSlug);
  if (byId) return byId;
  const own = candidates.find((survey) => survey.workspaceId === auth.workspaceId);
  if (own) return own;
  if (candidates.length > 1) {
    throw new ApiError("conflict", `Several workspaces of the organization have a survey with slug "${idOrSlug}"; use the survey's id.`, {
      slug: idOrSlug,
      survey_ids: candidates.map((survey) => survey.id),
    });
  }
  if (candidates[0]) return candidates[0];
  throw notFound("survey");
}

async function isLocked(surveyId: string): Promise<boolean> {
  return (await lockedSurveyIds([surveyId])).has(surveyId);
}

export async function listOrgSurveys(auth: AuthContext, query: z.output<typeof ZOListSurveysQuery>): Promise<z.input<typeof ZOSurveyList>> {
  const where: Prisma.SurveyWhereInput = {
    workspace: { organizationId: auth.organizationId },
    ...(query.search
      ? { OR: [{ name: { contains: query.search, mode: "insensitive" } }, { slug: { contains: query.search, mode: "insensitive" } }] }
      : {}),
  };
  const prisma = await db();
  const [total, surveys] = await Promise.all([
    prisma.survey.count({ where }),
    prisma.survey.findMany({ where, include: withOrganization, orderBy: [{ order: "asc" }, { createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit }),
  ]);
  const locked = await lockedSurveyIds(surveys.map((survey) => survey.id));
  return { total, items: surveys.map((survey) => serializeOSurvey(survey, locked.has(survey.id))) };
}

export async function getOrgSurvey(auth: AuthContext, idOrSlug: string): Promise<z.input<typeof ZOSurveyWithPages>> {
  const survey = await getOrgSurveyOrThrow(auth, idOrSlug);
  const locked = await isLocked(survey.id);
  return { ...serializeOSurvey(survey, locked), pages: await readSurveyPages(survey.id, locked) };
}

/** The O survey as it is now (after a change). */
export async function describeOrgSurvey(surveyId: string): Promise<TOSurvey> {
  const survey = await (await db()).survey.findUniqueOrThrow({ where: { id: surveyId }, include: withOrganization });
  return serializeOSurvey(survey, await isLocked(surveyId));
}

/** A P-style slug (lowercase kebab) from a name. */
function slugFrom(name: string): string {
  const words = name.normalize("NFKD").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join("-").slice(0, 90).replace(/-+$/, "") || "survey";
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === "P2002";
}

/** Creates a survey in the caller's workspace; without a slug one is made from the name (unique in the workspace). */
export async function createOrgSurvey(auth: AuthContext, body: z.output<typeof ZOCreateSurveyBody>): Promise<TOSurvey> {
  const prisma = await db();
  const base = body.slug ?? slugFrom(body.name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${attempt + 1}`;
    try {
      const survey = await prisma.$transaction(async (tx) => {
        const created = await tx.survey.create({
          data: { workspaceId: auth.workspaceId, slug, name: body.name, description: body.description ?? null, userId: auth.userId, order: body.order ?? 0 },
          include: withOrganization,
        });
        await recordEvent(tx, auth.workspaceId, "survey.created", { survey: serializeSurvey(created) });
        return created;
      });
      return serializeOSurvey(survey, false);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (body.slug) throw new ApiError("duplicate_slug", `A survey with slug "${body.slug}" already exists in this workspace.`, { slug: body.slug });
    }
  }
  throw new ApiError("duplicate_slug", `Could not find a free slug for "${body.name}"; give one.`);
}

/** Renames, re-slugs or re-orders a survey; refused with 409 `survey_locked` while a run holds it. */
export async function updateOrgSurvey(auth: AuthContext, idOrSlug: string, body: z.output<typeof ZOUpdateSurveyBody>): Promise<TOSurvey> {
  const survey = await getOrgSurveyOrThrow(auth, idOrSlug);
  try {
    const updated = await (await db()).$transaction(async (tx) => {
      await lockSurveyRow(tx, survey.id);
      const holder = await lockingRun(tx, survey.id);
      if (holder) throw surveyLocked(holder);
      const before = await tx.survey.findUniqueOrThrow({ where: { id: survey.id } });
      const changed = (["slug", "name", "order"] as const).filter((field) => body[field] !== undefined && body[field] !== before[field]);
      if (changed.length === 0) return tx.survey.findUniqueOrThrow({ where: { id: survey.id }, include: withOrganization });
      const next = await tx.survey.update({ where: { id: survey.id }, data: { slug: body.slug, name: body.name, order: body.order }, include: withOrganization });
      await recordEvent(tx, next.workspaceId, "survey.updated", { survey: serializeSurvey(next), changed });
      return next;
    });
    return serializeOSurvey(updated, false);
  } catch (error) {
    if (isUniqueViolation(error) && body.slug) throw new ApiError("duplicate_slug", `A survey with slug "${body.slug}" already exists in its workspace.`, { slug: body.slug });
    throw error;
  }
}
