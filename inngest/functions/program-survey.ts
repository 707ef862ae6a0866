import { NonRetriableError } from "inngest";
import { PROGRAMMABLE_PLATFORMS, ZProgrammingInput, ZTargetResolution, type TProgrammingOutput, type TTargetResolution } from "@/lib/programming/schemas";
import { auditProgrammedContent, compileQuestionnaireForRun, resolveTarget, writeProgrammedContent } from "@/lib/programming/steps";
import { defineWorkflow } from "@/lib/workflows/define";
import { waitForHook } from "@/lib/workflows/hooks";

/**
 * `survey.programming`: target platform (asking through a `programming.target` hook when none is known)
 * → compile the asserted questionnaire → write the programmed survey as one content revision → audit it
 * into the run's stream.
 */
export const programSurveyWorkflow = defineWorkflow({
  id: "survey-programming",
  kind: "survey.programming",
  event: "survey/programming.requested",
  input: ZProgrammingInput,
  retries: 3,
  hooks: { "programming.target": ZTargetResolution },
  links: {
    stream: (run) => `/v1/surveys/${run.surveyId}/programming/runs/${run.id}/stream`,
    resumeHook: (run, hook) => `/v1/surveys/${run.surveyId}/programming/runs/${run.id}/hooks/${hook.id}/resolve`,
  },
  handler: async ({ runId, workspaceId, surveyId, input, step }): Promise<TProgrammingOutput> => {
    if (!surveyId) throw new NonRetriableError("A programming run needs a survey.");
    const scope = { runId, workspaceId, surveyId };
    let chosen: { platform: TTargetResolution["platform"]; instructions: string | null } | null = input.platform
      ? { platform: input.platform, instructions: input.instructions }
      : null;
    if (!chosen) {
      const { resolution } = await waitForHook<TTargetResolution>(step, runId, {
        kind: "programming.target",
        request: { message: "Choose the platform to program this survey for.", platforms: PROGRAMMABLE_PLATFORMS },
      });
      if (!resolution) throw new NonRetriableError("No target platform was chosen in time.");
      chosen = { platform: resolution.platform, instructions: resolution.instructions ?? input.instructions };
    }
    const { platform, instructions } = chosen;
    const target = await step.run("resolve-target", () => resolveTarget(scope, platform, instructions));
    const compiled = await step.run("compile-questionnaire", () => compileQuestionnaireForRun(scope, input, target.instructions));
    const written = await step.run("write-content", () =>
      writeProgrammedContent(scope, { document: compiled.document, fileId: compiled.fileId, questionnaireRevision: input.questionnaireRevision }),
    );
    const audit = await step.run("audit-content", () => auditProgrammedContent(scope, written.revision));
    return {
      content_revision: written.revision,
      platform: target.platform,
      questionnaire_revision: input.questionnaireRevision,
      anatomy: { pages: audit.anatomy.pages, blocks: audit.anatomy.blocks, rules: audit.anatomy.rules, questions: audit.anatomy.questions },
      issues: audit.issues,
    };
  },
});
