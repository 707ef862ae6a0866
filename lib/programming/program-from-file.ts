import { z } from "zod";
import type { Prisma, WorkflowRun } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record";

export const ZProgramFromFileInput = z.object({
  questionnaireRevision: z.number().int().min(1),
  fileId: z.string().min(1),
});
export type TProgramFromFileInput = z.infer<typeof ZProgramFromFileInput>;

/** However a program-from-file run ends: the survey's completion time, and `programming.finished` for O subscribers. */
export async function finishProgrammingFromFile(tx: Prisma.TransactionClient, run: WorkflowRun): Promise<void> {
  if (!run.workspaceId || !run.surveyId) return;
  const survey = await tx.survey.findUnique({ where: { id: run.surveyId }, select: { id: true } });
  if (!survey) return;
  await tx.survey.update({ where: { id: run.surveyId }, data: { programmingCompletedAt: run.finishedAt ?? new Date() } });
  const input = ZProgramFromFileInput.parse(run.input);
  const output = run.output as { content_revision?: number } | null;
  const error = run.error as { message: string; code?: string } | null;
  await recordEvent(tx, run.workspaceId, "programming.finished", {
    survey_id: run.surveyId,
    file_id: input.fileId,
    workflow_id: run.id,
    status: run.status as "completed" | "failed" | "cancelled",
    content_revision: output?.content_revision ?? null,
    error: run.status === "completed" ? null : { message: error?.message ?? "The workflow was cancelled.", ...(error?.code ? { code: error.code } : {}) },
  });
}
