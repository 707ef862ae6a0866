import { z } from "zod";
import { ZStartProgrammingBody, ZTargetResolution } from "@/lib/programming/schemas";
import { describeProgrammingRun, latestProgrammingRun, resolveProgrammingHook, startProgramming } from "@/lib/programming/service";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { ZWorkflowRun } from "@/lib/workflows/schemas";
import { ADDITIVE, defineTool, READ_ONLY, type ToolContext } from "../tool";
import { waitForRun } from "../wait";
import { ZSurveyId } from "./surveys";

/**
 * Programming: Interface P `POST/GET /v1/surveys/{id}/programming`, `GET …/runs/{runId}` and hook
 * resolution. Tools wait for the run (with progress notifications) up to `wait_seconds`; a run that is
 * still going is read again with get_programming_run.
 */

/** Below the 60 s request timeout most MCP clients apply by default. */
const DEFAULT_WAIT_SECONDS = 50;

const ZWaitSeconds = z
  .number()
  .int()
  .min(0)
  .max(600)
  .default(DEFAULT_WAIT_SECONDS)
  .describe(`How long to wait for the run to finish or to need input, in seconds (0: return at once; default ${DEFAULT_WAIT_SECONDS}). Progress is reported while waiting.`);

const ZRunResult = z.object({
  run: ZWorkflowRun,
  outcome: z
    .enum(["finished", "needs_input", "still_running"])
    .describe("finished: completed, failed or cancelled (see run.status); needs_input: a hook is pending (resolve_programming_hook); still_running: call get_programming_run again."),
});

async function waitedRun(surveyId: string, runId: string, waitSeconds: number, context: ToolContext) {
  return waitForRun(() => describeProgrammingRun(context.auth.workspaceId, surveyId, runId), waitSeconds, context);
}

export const startProgrammingTool = defineTool({
  name: "start_programming",
  title: "Program the survey from its questionnaire",
  description:
    "Starts programming the survey from its current questionnaire (or the given revision) and waits for it. When it finishes, read the result with get_survey_outline and list_review_items. Without a platform and without a programming target on the survey, the run asks for one (outcome needs_input).",
  access: "surveys:write",
  annotations: ADDITIVE,
  input: ZStartProgrammingBody.extend({ survey_id: ZSurveyId, wait_seconds: ZWaitSeconds }),
  output: ZRunResult,
  run: async ({ survey_id, wait_seconds, ...body }, context) => {
    const started = await startProgramming(context.auth, survey_id, body);
    return waitedRun(survey_id, started.run_id, wait_seconds, context);
  },
});

export const getProgrammingRunTool = defineTool({
  name: "get_programming_run",
  title: "Get (or wait for) a programming run",
  description: "A programming run of the survey (default: the latest), optionally waiting for it to finish.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({
    survey_id: ZSurveyId,
    run_id: z.string().trim().min(1).max(100).optional().describe("The run id (`wrun_…`); default: the survey's latest programming run."),
    wait_seconds: ZWaitSeconds.default(0),
  }),
  output: ZRunResult,
  run: async ({ survey_id, run_id, wait_seconds }, context) => {
    await getSurveyOrThrow(context.auth.workspaceId, survey_id);
    const runId = run_id ?? (await latestProgrammingRun(context.auth.workspaceId, survey_id)).id;
    return waitedRun(survey_id, runId, wait_seconds, context);
  },
});

export const resolveProgrammingHookTool = defineTool({
  name: "resolve_programming_hook",
  title: "Answer a programming run's question",
  description: "Resolves a pending hook of a programming run (today: `programming.target`, the platform to program for) and waits for the run to go on.",
  access: "surveys:write",
  annotations: ADDITIVE,
  input: z.object({
    survey_id: ZSurveyId,
    run_id: z.string().trim().min(1).max(100),
    hook_id: z.string().trim().min(1).max(100).describe("The pending hook's id (`whook_…`) from run.hooks."),
    resolution: ZTargetResolution,
    wait_seconds: ZWaitSeconds,
  }),
  output: ZRunResult,
  run: async ({ survey_id, run_id, hook_id, resolution, wait_seconds }, context) => {
    await resolveProgrammingHook(context.auth, survey_id, run_id, hook_id, resolution);
    return waitedRun(survey_id, run_id, wait_seconds, context);
  },
});

export const PROGRAMMING_TOOLS = [startProgrammingTool, getProgrammingRunTool, resolveProgrammingHookTool];
