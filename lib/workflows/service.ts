import type { AuthContext } from "@/lib/auth/context";
import { ApiError, notFound, zodIssueDetails } from "@/lib/http/errors";
import { getHookOrThrow, resolveHook } from "./hooks";
import { cancelRun, getRunWithDetails, serializeRun } from "./runs";
import type { TWorkflowRun } from "./schemas";
import { ndjsonChunkStream, ndjsonResponse, reserveStream } from "./stream";

/** The generic view of any run (`/v1/workflows/…`); survey features wrap these with their own paths. */

/**
 * Imported when called, like `runs.ts` does: the workflow list imports the domain steps, and domain
 * services import this module, so a static import closes a cycle (inngest/functions → program-survey →
 * programming steps → clarifications service → here → inngest/functions) that fails `next build`'s page
 * data collection with a TDZ error.
 */
export async function definitionOf(functionId: string) {
  const { WORKFLOWS } = await import("@/inngest/functions");
  return WORKFLOWS.find((definition) => definition.id === functionId);
}

export async function getWorkflowRunOrThrow(workspaceId: string, runId: string, scope: { surveyId?: string; kind?: string } = {}) {
  const run = await getRunWithDetails({ id: runId, workspaceId, ...(scope.surveyId ? { surveyId: scope.surveyId } : {}), ...(scope.kind ? { kind: scope.kind } : {}) });
  if (!run) throw notFound("workflow");
  return run;
}

export async function describeWorkflowRun(workspaceId: string, runId: string, scope?: { surveyId?: string; kind?: string }): Promise<TWorkflowRun> {
  const run = await getWorkflowRunOrThrow(workspaceId, runId, scope);
  return serializeRun(run, await definitionOf(run.functionId));
}

export async function streamWorkflowRun(auth: AuthContext, runId: string, startIndex: number, scope?: { surveyId?: string; kind?: string }): Promise<Response> {
  await getWorkflowRunOrThrow(auth.workspaceId, runId, scope);
  const release = reserveStream(auth.apiKeyId ?? auth.subject);
  return ndjsonResponse(ndjsonChunkStream(runId, startIndex, release));
}

export async function cancelWorkflowRun(workspaceId: string, runId: string, scope?: { surveyId?: string; kind?: string }): Promise<TWorkflowRun> {
  await getWorkflowRunOrThrow(workspaceId, runId, scope);
  await cancelRun(workspaceId, runId);
  return describeWorkflowRun(workspaceId, runId);
}

/** Validates the resolution against the hook kind's schema, then resumes the run. */
export async function resolveWorkflowHook(
  auth: AuthContext,
  runId: string,
  hookId: string,
  body: unknown,
  scope?: { surveyId?: string; kind?: string },
): Promise<TWorkflowRun> {
  const run = await getWorkflowRunOrThrow(auth.workspaceId, runId, scope);
  const hook = await getHookOrThrow(auth.workspaceId, runId, hookId);
  const schema = (await definitionOf(run.functionId))?.hooks?.[hook.kind];
  let resolution = body;
  if (schema) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError("validation_error", `The resolution of a ${hook.kind} hook is invalid.`, { details: zodIssueDetails(parsed.error, "body") });
    }
    resolution = parsed.data;
  }
  await resolveHook({ workspaceId: auth.workspaceId, runId, hookId, resolution, actor: auth.subject });
  return describeWorkflowRun(auth.workspaceId, runId);
}
