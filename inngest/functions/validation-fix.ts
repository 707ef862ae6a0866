import { NonRetriableError } from "inngest";
import { applyValidationFix, finishValidationFix, ZValidationFixInput, type ValidationFixOutput } from "@/lib/content-operations/validation-fix";
import { defineWorkflow } from "@/lib/workflows/define";

/**
 * `survey.validation_fix` (Interface O's `validation/fix`): fixes what the validator flags where the fix is
 * unambiguous and writes one content revision; what it cannot fix stays flagged with its reason. The
 * survey is locked while the run is pending or running.
 */
export const validationFixWorkflow = defineWorkflow({
  id: "survey-validation-fix",
  kind: "survey.validation_fix",
  event: "survey/validation-fix.requested",
  input: ZValidationFixInput,
  retries: 3,
  handler: async ({ runId, surveyId, step }): Promise<ValidationFixOutput> => {
    if (!surveyId) throw new NonRetriableError("A validation fix needs a survey.");
    return step.run("fix-findings", () => applyValidationFix({ runId, surveyId }));
  },
  onFinish: finishValidationFix,
});
