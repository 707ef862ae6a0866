import { EventEmitter } from "node:events";
import { NonRetriableError } from "inngest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { recordEvent } from "@/lib/events/record";
import type { Prisma, WorkflowHook, WorkflowRun, WorkflowStatus, WorkflowStep } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { ApiError } from "@/lib/http/errors";
import type { WorkflowDefinition } from "./define";
import type { TStreamChunk, TWorkflowRun } from "./schemas";

/**
 * The run model shared by both engines: creating runs, their status transitions (each with its
 * `workflow.*` event and stream chunk, in one transaction), the chunk log, and the public shape.
 */

export type Tx = Prisma.TransactionClient;

/** In-process wake-ups: the executor waits on `runnable`, streams on `chunk:<runId>`. */
export const workflowBus = new EventEmitter();
workflowBus.setMaxListeners(0);

export const TERMINAL_STATUSES: readonly WorkflowStatus[] = ["completed", "failed", "cancelled"];

export type StartOptions<Input> = {
  /** Null for a system run (the webhook delivery worker): it belongs to no workspace and records no events. */
  workspaceId: string | null;
  surveyId?: string | null;
  input: Input;
  createdBy?: string | null;
};

/** Creates a pending run inside the caller's transaction; call `dispatchRuns` after the commit. */
export async function createRun<Input>(tx: Tx, definition: WorkflowDefinition<Input, unknown>, options: StartOptions<Input>): Promise<WorkflowRun> {
  const input = definition.input.parse(options.input);
  return tx.workflowRun.create({
    data: {
      id: newId("wrun"),
      workspaceId: options.workspaceId,
      surveyId: options.surveyId ?? null,
      kind: definition.kind,
      functionId: definition.id,
      input: input as Prisma.InputJsonValue,
      createdBy: options.createdBy ?? null,
    },
  });
}

/** Creates and dispatches a run in its own transaction. */
export async function startWorkflow<Input>(definition: WorkflowDefinition<Input, unknown>, options: StartOptions<Input>): Promise<WorkflowRun> {
  const run = await (await db()).$transaction((tx) => createRun(tx, definition, options));
  await dispatchRuns([run]);
  return run;
}

/**
 * Hands committed runs to the engine: the embedded executor is woken in-process (other processes find
 * them by polling); with Inngest each run's trigger event is sent (`dispatch.ts`). A run whose event could
 * not be sent stays undispatched and is sent again by `redispatchPending`, or fails after a bounded number
 * of attempts.
 */
export async function dispatchRuns(runs: Pick<WorkflowRun, "id" | "functionId">[]): Promise<void> {
  if (runs.length === 0) return;
  if (env().WORKFLOW_ENGINE === "local") {
    workflowBus.emit("runnable");
    return;
  }
  const { sendRunEvents } = await import("./dispatch");
  await sendRunEvents(runs);
}

function eventData(run: Pick<WorkflowRun, "id" | "kind" | "status" | "surveyId">, reason?: string) {
  return {
    workflow: { id: run.id, kind: run.kind, status: run.status, survey_id: run.surveyId, ...(reason ? { reason } : {}) },
    status: run.status,
  };
}

/** Appends a chunk to a run's stream; with a `key`, appending the same chunk twice is a no-op. */
export async function appendChunk(tx: Tx, runId: string, type: string, data: unknown, key?: string): Promise<void> {
  // Serialises appends per run so indexes stay gap-free and unique across processes.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${runId}))`;
  await tx.$executeRaw`INSERT INTO "stream_chunks" ("run_id", "index", "type", "data", "key", "at")
    SELECT ${runId}, COALESCE(MAX("index") + 1, 0), ${type}, ${JSON.stringify(data ?? null)}::jsonb, ${key ?? null}, now()
    FROM "stream_chunks" WHERE "run_id" = ${runId}
    ON CONFLICT ("run_id", "key") DO NOTHING`;
}

/**
 * The database's clock. Lease expiries, wake-up times, signal times and step times are all compared
 * in the database, so they are all taken from it: app servers' clocks may differ from it and each other.
 */
export async function databaseNow(client?: Pick<Tx, "$queryRaw">): Promise<Date> {
  const [{ now }] = await (client ?? (await db())).$queryRaw<{ now: Date }[]>`SELECT clock_timestamp() AS "now"`;
  return now;
}

/**
 * Appends many chunks in one statement (a chat turn's UI chunks), in order; chunks whose `key` the log
 * already holds are skipped without leaving a gap in the indexes.
 */
export async function appendChunks(tx: Tx, runId: string, chunks: { type: string; data: unknown; key: string }[]): Promise<void> {
  if (chunks.length === 0) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${runId}))`;
  await tx.$executeRaw`WITH base AS (SELECT COALESCE(MAX("index") + 1, 0) AS next FROM "stream_chunks" WHERE "run_id" = ${runId}),
    fresh AS (
      SELECT item.value, item.ord FROM jsonb_array_elements(${JSON.stringify(chunks)}::jsonb) WITH ORDINALITY AS item(value, ord)
      WHERE NOT EXISTS (SELECT 1 FROM "stream_chunks" existing WHERE existing."run_id" = ${runId} AND existing."key" = item.value->>'key')
    )
    INSERT INTO "stream_chunks" ("run_id", "index", "type", "data", "key", "at")
    SELECT ${runId}, base.next + (row_number() OVER (ORDER BY fresh.ord))::int - 1, fresh.value->>'type', COALESCE(fresh.value->'data', 'null'::jsonb), fresh.value->>'key', now()
    FROM fresh, base`;
}

/** Wakes in-process stream readers of a run; call after the chunk's transaction committed. */
export function announceChunks(runId: string): void {
  workflowBus.emit(`chunk:${runId}`);
}

export async function markStarted(tx: Tx, run: WorkflowRun): Promise<WorkflowRun> {
  if (run.status !== "pending") return run;
  const updated = await tx.workflowRun.update({
    where: { id: run.id },
    data: { status: "running", startedAt: run.startedAt ?? (await databaseNow(tx)) },
  });
  if (run.workspaceId) await recordEvent(tx, run.workspaceId, "workflow.started", eventData(updated));
  await appendChunk(tx, run.id, "started", { kind: run.kind }, "started");
  return updated;
}

export async function markFinished(
  tx: Tx,
  runId: string,
  outcome: { status: "completed"; output: unknown } | { status: "failed"; error: { message: string; code?: string } } | { status: "cancelled" },
): Promise<WorkflowRun | null> {
  const current = await tx.workflowRun.findUnique({ where: { id: runId } });
  if (!current || TERMINAL_STATUSES.includes(current.status)) return null;
  const now = await databaseNow(tx);
  const run = await tx.workflowRun.update({
    where: { id: runId },
    data: {
      status: outcome.status,
      output: outcome.status === "completed" ? ((outcome.output ?? null) as Prisma.InputJsonValue) : undefined,
      error: outcome.status === "failed" ? outcome.error : outcome.status === "cancelled" ? { message: "The workflow was cancelled." } : undefined,
      finishedAt: now,
      startedAt: current.startedAt ?? now,
      leaseOwner: null,
      leaseExpiresAt: null,
      wakeAt: null,
      waitingFor: null,
      waitingKey: null,
    },
  });
  await tx.workflowHook.updateMany({ where: { runId, status: "pending" }, data: { status: "cancelled" } });
  const chunk =
    outcome.status === "completed" ? { output: outcome.output ?? null } : outcome.status === "failed" ? { error: outcome.error } : {};
  await appendChunk(tx, runId, outcome.status, chunk, "finished");
  if (run.workspaceId) await recordEvent(tx, run.workspaceId, "workflow.finished", eventData(run));
  // Loaded lazily: the definitions import the domain modules, which import this one.
  const { WORKFLOWS } = await import("@/inngest/functions");
  await WORKFLOWS.find((definition) => definition.id === run.functionId)?.onFinish?.(tx, run);
  return run;
}

/**
 * The error a failed run shows to API clients. Only messages written for them are shown: an `ApiError`,
 * or a `NonRetriableError` (workflows raise it for problems the author can act on, such as an unreadable
 * questionnaire; its `code`, when set, is kept). Anything else — database and filesystem errors carry
 * codes too, and SQL, hosts or source paths in their text — is replaced by a generic message; the server
 * log has the details.
 */
export function publicRunError(error: unknown, context: { runId: string; stepId?: string }): { message: string; code?: string } {
  const meantForClients = error instanceof ApiError || error instanceof NonRetriableError || (error as Error | null)?.name === "NonRetriableError";
  if (meantForClients) {
    const code = (error as { code?: unknown }).code;
    const message = (error as Error).message;
    return { message: context.stepId ? `Step ${context.stepId} failed: ${message}` : message, ...(typeof code === "string" ? { code } : {}) };
  }
  return {
    message: `${context.stepId ? `Step ${context.stepId}` : "The workflow"} failed because of an internal error; the server log has the details (run ${context.runId}).`,
    code: "internal_error",
  };
}

export async function recordRunUpdate(tx: Tx, run: WorkflowRun, reason: string): Promise<void> {
  if (run.workspaceId) await recordEvent(tx, run.workspaceId, "workflow.updated", eventData(run, reason));
}

/**
 * Requests cancellation. A run that is not executing right now (pending, sleeping, waiting) ends at once;
 * an executing run stops at its next step boundary. With Inngest, which leases nothing here, the request
 * is recorded and the run ends at once; a cancel event stops the Inngest function (every function is
 * `cancelOn` it, matched by run id), and a step executing meanwhile records nothing (`inngest-adapter.ts`).
 */
export async function cancelRun(workspaceId: string, runId: string): Promise<WorkflowRun | null> {
  const prisma = await db();
  const inngestMode = env().WORKFLOW_ENGINE === "inngest";
  const { run, signalIds } = await prisma.$transaction(async (tx) => {
    // Locked, and the lease compared on the database clock (the executor's heartbeat renews it there).
    const [current] = await tx.$queryRaw<{ status: WorkflowStatus; leased: boolean }[]>`
      SELECT "status", ("lease_expires_at" IS NOT NULL AND "lease_expires_at" > clock_timestamp()) AS "leased"
      FROM "workflow_runs" WHERE "id" = ${runId} AND "workspace_id" = ${workspaceId} FOR UPDATE`;
    if (!current) return { run: null, signalIds: [] };
    if (TERMINAL_STATUSES.includes(current.status)) return { run: await tx.workflowRun.findUnique({ where: { id: runId } }), signalIds: [] };
    if (inngestMode) {
      await tx.workflowRun.update({ where: { id: runId }, data: { cancelRequestedAt: await databaseNow(tx) } });
      const finished = await markFinished(tx, runId, { status: "cancelled" });
      // A signal row, so a cancel event that could not be sent is sent again by the re-dispatch sweep.
      const { sendSignals } = await import("./signals");
      const { RUN_CANCEL_EVENT } = await import("./dispatch");
      return { run: finished, signalIds: await sendSignals(tx, [{ name: RUN_CANCEL_EVENT, data: { runId } }]) };
    }
    if (!current.leased) return { run: await markFinished(tx, runId, { status: "cancelled" }), signalIds: [] };
    const updated = await tx.workflowRun.update({ where: { id: runId }, data: { cancelRequestedAt: await databaseNow(tx) } });
    await recordRunUpdate(tx, updated, "cancel_requested");
    return { run: updated, signalIds: [] };
  });
  if (signalIds.length > 0) {
    const { publishSignals } = await import("./signals");
    await publishSignals(signalIds);
  }
  if (run) announceChunks(run.id);
  return run;
}

export async function readChunks(runId: string, fromIndex: number, limit = 500): Promise<TStreamChunk[]> {
  const rows = await (await db()).streamChunk.findMany({
    where: { runId, index: { gte: fromIndex } },
    orderBy: { index: "asc" },
    take: limit,
  });
  return rows.map((row) => ({ index: row.index, type: row.type, data: row.data, at: row.at.toISOString() }));
}

type RunWithDetails = WorkflowRun & { steps: WorkflowStep[]; hooks: WorkflowHook[] };

export async function getRunWithDetails(where: Prisma.WorkflowRunWhereInput): Promise<RunWithDetails | null> {
  return (await db()).workflowRun.findFirst({
    where,
    include: { steps: { orderBy: { startedAt: "asc" } }, hooks: { orderBy: { createdAt: "asc" } } },
  });
}

export function defaultStreamPath(run: { id: string }): string {
  return `/v1/workflows/${run.id}/stream`;
}

export function serializeRun(run: RunWithDetails, definition?: Pick<WorkflowDefinition, "links">): TWorkflowRun {
  const links = definition?.links;
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    survey_id: run.surveyId,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    steps: run.steps.map((step) => ({
      id: step.stepId,
      status: step.status as TWorkflowRun["steps"][number]["status"],
      attempts: step.attempts,
      started_at: step.startedAt.toISOString(),
      finished_at: step.finishedAt?.toISOString() ?? null,
      error: step.error ? { message: String((step.error as { message?: unknown }).message ?? "Step failed") } : null,
    })),
    hooks: run.hooks.map((hook) => ({
      id: hook.id,
      kind: hook.kind,
      status: hook.status as TWorkflowRun["hooks"][number]["status"],
      request: hook.request ?? null,
      resolution: hook.resolution ?? null,
      resume_path: links?.resumeHook?.(run, hook) ?? `/v1/workflows/${run.id}/hooks/${hook.id}/resolve`,
      created_at: hook.createdAt.toISOString(),
      resolved_at: hook.resolvedAt?.toISOString() ?? null,
    })),
    stream_url: links?.stream?.(run) ?? defaultStreamPath(run),
    output: run.output ?? null,
    error: (run.error as TWorkflowRun["error"]) ?? null,
  };
}
