import type { z } from "zod";
import { programSurveyWorkflow } from "@/inngest/functions/program-survey";
import type { AuthContext } from "@/lib/auth/context";
import { assertContentWritable, lockSurveyRow } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { isPlatform } from "@/lib/platforms";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { createRun, dispatchRuns, getRunWithDetails, serializeRun } from "@/lib/workflows/runs";
import type { TWorkflowRun } from "@/lib/workflows/schemas";
import { resolveWorkflowHook, streamWorkflowRun } from "@/lib/workflows/service";
import type { ZProgrammingStarted, ZStartProgrammingBody } from "./schemas";

const KIND = programSurveyWorkflow.kind;

/** Starts a programming run (202): the questionnaire must be asserted; the target may still be unknown. */
export async function startProgramming(auth: AuthContext, surveyId: string, body: z.output<typeof ZStartProgrammingBody>): Promise<z.input<typeof ZProgrammingStarted>> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const prisma = await db();
  const run = await prisma.$transaction(async (tx) => {
    await lockSurveyRow(tx, survey.id);
    await assertContentWritable(tx, survey.id);
    const current = await tx.survey.findUniqueOrThrow({ where: { id: survey.id } });
    const revision = await tx.questionnaireRevision.findFirst({
      where: { surveyId: survey.id, ...(body.questionnaire_revision ? { revision: body.questionnaire_revision } : {}) },
      orderBy: { revision: "desc" },
    });
    if (!revision) {
      throw body.questionnaire_revision
        ? new ApiError("not_found", `Questionnaire revision ${body.questionnaire_revision} does not exist.`, { resource: "questionnaire_revision" })
        : new ApiError("questionnaire_required", "Assert a questionnaire first: upload a file and PUT /questionnaire with its file_id.");
    }
    const targetPlatform = current.programmingPlatform && isPlatform(current.programmingPlatform) ? current.programmingPlatform : null;
    const platform = body.platform ?? targetPlatform;
    if (body.push && platform === "service") throw new ApiError("validation_error", "push applies to external platforms; the service platform hosts the survey itself.", { details: [{ path: "body.push", message: "Only with an external platform." }] });
    await tx.survey.update({ where: { id: survey.id }, data: { programmingStartedAt: new Date(), programmingCompletedAt: null } });
    return createRun(tx, programSurveyWorkflow, {
      workspaceId: auth.workspaceId,
      surveyId: survey.id,
      createdBy: auth.subject,
      input: { questionnaireRevision: revision.revision, platform, instructions: body.instructions ?? null, push: body.push ?? false },
    });
  });
  await dispatchRuns([run]);
  const workflow = await describeProgrammingRun(auth.workspaceId, surveyId, run.id);
  return {
    run_id: run.id,
    workflow,
    stream_url: workflow.stream_url,
    platform: (run.input as { platform: string | null }).platform as never,
    questionnaire_revision: (run.input as { questionnaireRevision: number }).questionnaireRevision,
  };
}

export async function describeProgrammingRun(workspaceId: string, surveyId: string, runId: string): Promise<TWorkflowRun> {
  const run = await getRunWithDetails({ id: runId, workspaceId, surveyId, kind: KIND });
  if (!run) throw notFound("programming run");
  return serializeRun(run, programSurveyWorkflow);
}

export async function latestProgrammingRun(workspaceId: string, surveyId: string): Promise<TWorkflowRun> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const latest = await (await db()).workflowRun.findFirst({ where: { workspaceId, surveyId, kind: KIND }, orderBy: { id: "desc" }, select: { id: true } });
  if (!latest) throw new ApiError("not_found", "This survey has not been programmed yet.", { resource: "programming_run" });
  return describeProgrammingRun(workspaceId, surveyId, latest.id);
}

export async function streamProgrammingRun(auth: AuthContext, surveyId: string, runId: string, startIndex: number): Promise<Response> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  return streamWorkflowRun(auth, runId, startIndex, { surveyId, kind: KIND });
}

export async function resolveProgrammingHook(auth: AuthContext, surveyId: string, runId: string, hookId: string, body: unknown): Promise<TWorkflowRun> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  return resolveWorkflowHook(auth, runId, hookId, body, { surveyId, kind: KIND });
}
