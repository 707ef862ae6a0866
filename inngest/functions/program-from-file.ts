import { NonRetriableError } from "inngest";
import { finishProgrammingFromFile, ZProgramFromFileInput } from "@/lib/programming/program-from-file";
import type { TProgrammingOutput } from "@/lib/programming/schemas";
import { defineWorkflow } from "@/lib/workflows/define";
import { programSurvey } from "./program-survey";

/**
 * `survey.program_from_file` (Interface O): the same programming steps as `survey.programming`, for the
 * `service` platform, from a file O uploaded. The survey is locked while the run is pending or running
 * (derived from the run, so it cannot outlive it); however the run ends, `programming.finished` is
 * recorded for O webhooks (and P's `workflow.finished` as for every run).
 */
export const programFromFileWorkflow = defineWorkflow({
  id: "survey-program-from-file",
  kind: "survey.program_from_file",
  event: "survey/program-from-file.requested",
  input: ZProgramFromFileInput,
  retries: 3,
  handler: async ({ runId, workspaceId, surveyId, input, step }): Promise<TProgrammingOutput> => {
    if (!surveyId) throw new NonRetriableError("A program-from-file run needs a survey.");
    return programSurvey(step, { runId, workspaceId, surveyId }, input.questionnaireRevision, { platform: "service", instructions: null });
  },
  onFinish: finishProgrammingFromFile,
});
