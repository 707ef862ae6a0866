import type { z } from "zod";
import { validationFixWorkflow } from "@/inngest/functions/validation-fix";
import type { AuthContext } from "@/lib/auth/context";
import { assertContentWritable, lockSurveyRow, tipServiceDocument } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { describeOrgSurvey, getOrgSurveyOrThrow } from "@/lib/surveys/o-service";
import type { ZOValidationFixStarted } from "@/lib/surveys/o-schemas";
import { createRun, dispatchRuns } from "@/lib/workflows/runs";

/** Interface O's `validation/fix`: starts the fix run, which locks the survey until it ends. */
export async function startValidationFix(auth: AuthContext, idOrSlug: string): Promise<z.input<typeof ZOValidationFixStarted>> {
  const survey = await getOrgSurveyOrThrow(auth, idOrSlug);
  const run = await (await db()).$transaction(async (tx) => {
    await lockSurveyRow(tx, survey.id);
    await assertContentWritable(tx, survey.id);
    if (!(await tipServiceDocument(tx, survey.id))) {
      throw new ApiError("conflict", "The survey has no programmed content to fix yet: program it (program-from-file) or add pages first.");
    }
    return createRun(tx, validationFixWorkflow, { workspaceId: survey.workspaceId, surveyId: survey.id, createdBy: auth.subject, input: {} });
  });
  await dispatchRuns([run]);
  return { workflow_id: run.id, status: run.status, created_at: run.createdAt.toISOString(), survey: await describeOrgSurvey(survey.id) };
}
