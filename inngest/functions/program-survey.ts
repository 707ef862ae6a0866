import { NonRetriableError } from "inngest";
import { PROGRAMMABLE_PLATFORMS, ZProgrammingInput, ZTargetResolution, type TProgrammingOutput, type TTargetResolution } from "@/lib/programming/schemas";
import { auditProgrammedContent, compileQuestionnaireForRun, exportProgrammedContent, pushProgrammedContent, resolveTarget, writeProgrammedContent } from "@/lib/programming/steps";
import { defineWorkflow, type StepTools } from "@/lib/workflows/define";
import { waitForHook } from "@/lib/workflows/hooks";

/**
 * The programming steps shared by P's programming and O's program-from-file: resolve the target →
 * compile the asserted questionnaire → write the programmed survey as one content revision → audit it
 * into the run's stream.
 */
export async function programSurvey(
  step: StepTools,
  scope: { runId: string; workspaceId: string; surveyId: string },
  questionnaireRevision: number,
  chosen: { platform: TTargetResolution["platform"]; instructions: string | null; push?: boolean },
): Promise<TProgrammingOutput> {
  const target = await step.run("resolve-target", () => resolveTarget(scope, chosen.platform, chosen.instructions));
  const compiled = await step.run("compile-questionnaire", () => compileQuestionnaireForRun(scope, { questionnaireRevision }, target.instructions));
  const written = await step.run("write-content", () =>
    writeProgrammedContent(scope, { document: compiled.document, fileId: compiled.fileId, questionnaireRevision }),
  );
  const audit = await step.run("audit-content", () => auditProgrammedContent(scope, written.revision));
  const platform = target.platform;
  const exported = platform === "service" ? null : await step.run("export-content", () => exportProgrammedContent(scope, platform, written.revision));
  const pushed = exported && platform !== "service" && chosen.push ? await step.run("push-upstream", () => pushProgrammedContent(scope, platform, exported.revision)) : null;
  return {
    content_revision: exported ? exported.revision : written.revision,
    platform: target.platform,
    questionnaire_revision: questionnaireRevision,
    anatomy: { pages: audit.anatomy.pages, blocks: audit.anatomy.blocks, rules: audit.anatomy.rules, questions: audit.anatomy.questions },
    issues: audit.issues,
    ...(exported && platform !== "service" ? { export: { platform, service_content_revision: written.revision, warnings: exported.warnings, upstream: pushed } } : {}),
  };
}

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
    let chosen: { platform: TTargetResolution["platform"]; instructions: string | null; push?: boolean } | null = input.platform
      ? { platform: input.platform, instructions: input.instructions, push: input.push }
      : null;
    if (!chosen) {
      const { resolution } = await waitForHook<TTargetResolution>(step, runId, {
        kind: "programming.target",
        request: { message: "Choose the platform to program this survey for.", platforms: PROGRAMMABLE_PLATFORMS },
      });
      if (!resolution) throw new NonRetriableError("No target platform was chosen in time.");
      chosen = { platform: resolution.platform, instructions: resolution.instructions ?? input.instructions, push: input.push };
    }
    return programSurvey(step, scope, input.questionnaireRevision, chosen);
  },
});
