import type { z } from "zod";
import { programFromFileWorkflow } from "@/inngest/functions/program-from-file";
import type { AuthContext } from "@/lib/auth/context";
import { assertContentWritable, lockSurveyRow } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import { cachedExtraction } from "@/lib/files/extraction";
import { getOrgFileOrThrow } from "@/lib/files/o-service";
import { fileNotReady, serializeFile } from "@/lib/files/service";
import { ApiError } from "@/lib/http/errors";
import { appendQuestionnaireRevision } from "@/lib/questionnaire-revisions/service";
import { getOrgSurveyOrThrow } from "@/lib/surveys/o-service";
import type { ZOProgrammingMessage } from "@/lib/surveys/o-schemas";
import { createRun, dispatchRuns } from "@/lib/workflows/runs";

/**
 * Interface O's `program-from-file`: the file becomes the survey's questionnaire (a P questionnaire
 * revision; a file uploaded without a survey joins this one) and a `survey.program_from_file` run programs
 * it for the `service` platform with the same steps as P's programming. The survey is locked while the run
 * is pending or running.
 */
export async function startProgramFromFile(auth: AuthContext, idOrSlug: string, fileId: string): Promise<z.input<typeof ZOProgrammingMessage>> {
  const survey = await getOrgSurveyOrThrow(auth, idOrSlug);
  const file = await getOrgFileOrThrow(auth, fileId);
  if (file.status !== "ready") throw fileNotReady(file);
  if (file.surveyId && file.surveyId !== survey.id) {
    throw new ApiError("conflict", `File ${file.id} belongs to another survey; upload it again for this one.`, { file_id: file.id });
  }
  const extraction = await cachedExtraction(file.id);
  if (extraction?.status === "failed") throw fileNotReady(file, `File ${file.id} could not be read as a questionnaire: ${extraction.error.message}`);

  const run = await (await db()).$transaction(async (tx) => {
    await lockSurveyRow(tx, survey.id);
    await assertContentWritable(tx, survey.id);
    if (!file.surveyId) {
      const joined = await tx.surveyFile.updateMany({ where: { id: file.id, surveyId: null }, data: { surveyId: survey.id, workspaceId: survey.workspaceId } });
      if (joined.count === 0) throw new ApiError("conflict", `File ${file.id} was just given to another survey; upload it again for this one.`, { file_id: file.id });
      const attached = await tx.surveyFile.findUniqueOrThrow({ where: { id: file.id } });
      await recordEvent(tx, survey.workspaceId, "file.created", { file: serializeFile(attached) });
      if (file.workspaceId !== survey.workspaceId) await tx.fileExtraction.updateMany({ where: { fileId: file.id }, data: { workspaceId: survey.workspaceId } });
    }
    const revision = await appendQuestionnaireRevision(tx, { workspaceId: survey.workspaceId, surveyId: survey.id, fileId: file.id, actor: auth.subject });
    await tx.survey.update({
      where: { id: survey.id },
      data: { programmingStartedAt: new Date(), programmingCompletedAt: null, programmedFromFileId: file.id },
    });
    return createRun(tx, programFromFileWorkflow, {
      workspaceId: survey.workspaceId,
      surveyId: survey.id,
      createdBy: auth.subject,
      input: { questionnaireRevision: revision.revision, fileId: file.id },
    });
  });
  await dispatchRuns([run]);
  return {
    id: run.id,
    user_id: auth.subject,
    created_at: run.createdAt.toISOString(),
    content: [
      {
        type: "text",
        text: `Program the survey "${survey.name}" from the file "${file.name}" (questionnaire revision ${(run.input as { questionnaireRevision: number }).questionnaireRevision}) for the service platform.`,
      },
    ],
    started_responding_at: run.createdAt.toISOString(),
    response_completed_at: null,
  };
}
