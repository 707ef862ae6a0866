import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { programSurveyWorkflow } from "@/inngest/functions/program-survey";
import { db } from "@/lib/db/client";
import { toInngestFunction } from "@/lib/workflows/inngest-adapter";
import { getRunWithDetails } from "@/lib/workflows/runs";
import { createReadyFile, createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

const QUESTIONNAIRE = `S1. Are you 18 or older?
1. Yes
2. No (TERMINATE)

Q1. How often do you cook at home?
1. Every day
2. A few times a week
3. Rarely
`;

/** A survey with an asserted questionnaire and a started (pending) programming run, as the API leaves it. */
async function pendingProgrammingRun(body: Record<string, unknown>) {
  const { api } = await createTenant();
  const surveyId = await createSurvey(api, "cooking");
  const file = await createReadyFile(api, surveyId, QUESTIONNAIRE, { name: "cooking.txt", content_type: "text/plain" });
  await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id });
  const started = await api.post(`/v1/surveys/${surveyId}/programming`, body);
  expect(started.status).toBe(202);
  return { surveyId, runId: started.body.run_id as string };
}

describe("the survey.programming function under Inngest (@inngest/test)", () => {
  it("programs the survey when the platform is given, writing one content revision", async () => {
    const { surveyId, runId } = await pendingProgrammingRun({ platform: "service" });
    const engine = new InngestTestEngine({ function: toInngestFunction(programSurveyWorkflow as never) });
    const { result } = await engine.execute({ events: [{ name: programSurveyWorkflow.event, data: { runId } }] });
    expect(result).toMatchObject({ content_revision: 1, platform: "service", questionnaire_revision: 1 });
    expect((await getRunWithDetails({ id: runId }))?.status).toBe("completed");
    const revisions = await (await db()).contentRevision.findMany({ where: { surveyId } });
    expect(revisions.map((revision) => revision.workflowRunId)).toEqual([runId]);
  });

  it("asks for the target through the programming.target hook and uses the platform it receives", async () => {
    const { runId } = await pendingProgrammingRun({});
    const waitForEvent = vi.fn(async () => ({ name: "workflow/hook.resolved", data: { resolution: { platform: "service" } } }));
    const engine = new InngestTestEngine({
      function: toInngestFunction(programSurveyWorkflow as never),
      // @inngest/test 1.0 cannot mock waitForEvent through `steps` (ENVIRONMENT.md): replace it on the context.
      transformCtx: (ctx) => {
        ctx.step.waitForEvent = waitForEvent as never;
        return ctx;
      },
    });
    const { result } = await engine.execute({ events: [{ name: programSurveyWorkflow.event, data: { runId } }] });
    expect(waitForEvent).toHaveBeenCalledWith("wait-hook-programming.target", expect.objectContaining({ event: "workflow/hook.resolved" }));
    expect(result).toMatchObject({ platform: "service", content_revision: 1 });
    const run = await getRunWithDetails({ id: runId });
    expect(run?.hooks.map((hook) => hook.kind)).toEqual(["programming.target"]);
  });
});
