import { z } from "zod";
import { NonRetriableError } from "inngest";
import { lockSurveyRow, tipServiceDocument } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { Prisma, WorkflowRun } from "@/lib/generated/prisma/client";
import { commitContentChange } from "./commit";
import { findingsOf } from "./flags";
import { planValidationFixes, type FixedFinding, type RemainingFinding } from "./fix";

/** The validation-fix workflow's step and its end (inngest/functions/validation-fix.ts strings them together). */

export const ZValidationFixInput = z.object({});

export type ValidationFixOutput = { content_revision: number | null; fixed: FixedFinding[]; remaining: RemainingFinding[] };

/**
 * Plans the fixes on the tip and commits them as one revision, in one transaction. The run holds the
 * survey's lock, so the tip cannot change underneath; a replay after a crash finds the revision it wrote.
 */
export async function applyValidationFix(scope: { runId: string; surveyId: string }): Promise<ValidationFixOutput> {
  return (await db()).$transaction(
    async (tx) => {
      await lockSurveyRow(tx, scope.surveyId);
      const written = await tx.contentRevision.findUnique({ where: { workflowRunId: scope.runId } });
      if (written) {
        const remaining = findingsOf(JSON.parse(written.source)).map((finding) => ({ ...finding, reason: "See the finding." }));
        return { content_revision: written.revision, fixed: [], remaining };
      }
      const survey = await tx.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
      const tip = await tipServiceDocument(tx, scope.surveyId);
      if (!tip) throw new NonRetriableError("The survey has no programmed content to fix.");
      const actor = `workflow:${scope.runId}`;
      const plan = planValidationFixes(tip, { actor });
      if (plan.operations.length === 0) return { content_revision: null, fixed: [], remaining: plan.remaining };
      const result = await commitContentChange({
        tx,
        survey,
        change: { operations: plan.operations },
        actor,
        workflowRunId: scope.runId,
        message: `Validation fix: ${plan.fixed.length} finding${plan.fixed.length === 1 ? "" : "s"} fixed, ${plan.remaining.length} left for review`,
      });
      return { content_revision: result.revision.revision, fixed: plan.fixed, remaining: plan.remaining };
    },
    { timeout: 20_000 },
  );
}

/** However the run ends: `validation.finished` for O subscribers (P gets `workflow.finished` as for every run). */
export async function finishValidationFix(tx: Prisma.TransactionClient, run: WorkflowRun): Promise<void> {
  if (!run.workspaceId || !run.surveyId) return;
  const output = run.output as ValidationFixOutput | null;
  const error = run.error as { message: string; code?: string } | null;
  await recordEvent(tx, run.workspaceId, "validation.finished", {
    survey_id: run.surveyId,
    workflow_id: run.id,
    status: run.status as "completed" | "failed" | "cancelled",
    content_revision: output?.content_revision ?? null,
    fixed: output?.fixed.length ?? 0,
    remaining: output?.remaining.length ?? 0,
    error: run.status === "completed" ? null : { message: error?.message ?? "The workflow was cancelled.", ...(error?.code ? { code: error.code } : {}) },
  });
}
