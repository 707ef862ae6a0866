import type { z } from "zod";
import { db } from "@/lib/db/client";
import type { Survey, WorkspaceSettings } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { isPlatform, type Platform } from "@/lib/platforms";
import type { TProgrammingTarget, ZPutProgrammingTargetBody } from "./schemas";
import { getWorkspaceSettings, platformInstructions } from "./service";

/**
 * A survey's programming target: the platform it is programmed for and its instructions. The target's
 * own `instructions` win when not null ("" forces none); null falls back to the workspace default for
 * that platform (interface "P: programming target and settings").
 */

export type EffectiveInstructions = { text: string | null; source: TProgrammingTarget["instructions_source"] };

export function effectiveInstructions(
  platform: Platform | null,
  own: string | null,
  settings: Pick<WorkspaceSettings, "programmingInstructions">,
): EffectiveInstructions {
  if (own !== null) return { text: own === "" ? null : own, source: "target" };
  const fallback = platform ? platformInstructions(settings)[platform] : undefined;
  return fallback ? { text: fallback, source: "workspace_default" } : { text: null, source: "none" };
}

export function serializeProgrammingTarget(survey: Survey, settings: WorkspaceSettings): TProgrammingTarget {
  const platform = survey.programmingPlatform && isPlatform(survey.programmingPlatform) ? survey.programmingPlatform : null;
  const effective = effectiveInstructions(platform, survey.programmingInstructions, settings);
  return {
    survey_id: survey.id,
    platform,
    instructions: survey.programmingInstructions,
    effective_instructions: effective.text,
    instructions_source: effective.source,
    updated_at: survey.updatedAt.toISOString(),
  };
}

export async function getProgrammingTarget(workspaceId: string, surveyId: string): Promise<TProgrammingTarget> {
  const survey = await (await db()).survey.findFirst({ where: { id: surveyId, workspaceId } });
  if (!survey) throw notFound("survey");
  return serializeProgrammingTarget(survey, await getWorkspaceSettings(workspaceId));
}

export async function putProgrammingTarget(
  workspaceId: string,
  surveyId: string,
  input: z.output<typeof ZPutProgrammingTargetBody>,
): Promise<TProgrammingTarget> {
  const prisma = await db();
  const found = await prisma.survey.findFirst({ where: { id: surveyId, workspaceId }, select: { id: true } });
  if (!found) throw notFound("survey");
  const survey = await prisma.survey.update({
    where: { id: surveyId },
    data: { programmingPlatform: input.platform, programmingInstructions: input.instructions ?? null },
  });
  return serializeProgrammingTarget(survey, await getWorkspaceSettings(workspaceId));
}
