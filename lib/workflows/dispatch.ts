import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { WorkflowRun } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { announceChunks, markFinished } from "./runs";

/**
 * Inngest mode (`WORKFLOW_ENGINE=inngest`): handing runs and signals to Inngest as events, and sending
 * again what could not be sent. Every event carries an idempotency id (the run's or the signal's own id),
 * so Inngest drops a second copy when an earlier send did arrive but its answer was lost. A run whose
 * trigger event still cannot be sent after `MAX_DISPATCH_ATTEMPTS` fails with a clear error, so it never
 * stays pending (and holds its survey) forever; a signal is then given up (the waiting run times out).
 */

/** Sent when a run is cancelled; every Inngest function is cancelled by it (`cancelOn`, matched by run id). */
export const RUN_CANCEL_EVENT = "workflow/run.cancel-requested";

/** A run or signal not dispatched this long after it was created is sent again by the sweep. */
export const DISPATCH_GRACE_MS = 30_000;
/** Failed sends before a run fails (a signal is given up); with the back-off below, about half an hour. */
export const MAX_DISPATCH_ATTEMPTS = 8;
/** How often the server sweeps for undispatched runs and signals. */
export const REDISPATCH_EVERY_MS = 15_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export type RedispatchOptions = {
  /** Age before a never-tried row is swept, and the first back-off step (doubles per failed attempt, up to 5 min). */
  graceMs?: number;
  maxAttempts?: number;
  /** Rows per sweep and kind. */
  limit?: number;
  /** Only runs of this workflow (the webhook scheduler re-sends its own workers). */
  functionId?: string;
};

type RunRef = Pick<WorkflowRun, "id" | "functionId">;

/**
 * Sends each run's trigger event (`{ id: runId, name: event, data: { runId } }`) and records the
 * dispatch; a failed send is counted, and the run fails once the attempts are used up.
 */
export async function sendRunEvents(runs: RunRef[], options: Pick<RedispatchOptions, "maxAttempts"> = {}): Promise<void> {
  const { WORKFLOWS } = await import("@/inngest/functions");
  const { inngest } = await import("@/inngest/client");
  const prisma = await db();
  const maxAttempts = options.maxAttempts ?? MAX_DISPATCH_ATTEMPTS;
  for (const run of runs) {
    const definition = WORKFLOWS.find((candidate) => candidate.id === run.functionId);
    // Another version of the app (a rolling deploy) knows this workflow: leave the run to it.
    if (!definition) continue;
    let failure: unknown = null;
    try {
      await inngest().send({ id: run.id, name: definition.event, data: { runId: run.id } });
    } catch (error) {
      failure = error ?? new Error("send failed");
    }
    // The bookkeeping never fails the caller (a run was created and committed either way): a row left
    // unmarked is swept again, and Inngest drops the repeated event id.
    try {
      if (!failure) {
        await prisma.$executeRaw`
          UPDATE "workflow_runs" SET "dispatched_at" = clock_timestamp(), "dispatch_tried_at" = clock_timestamp()
          WHERE "id" = ${run.id} AND "dispatched_at" IS NULL`;
        continue;
      }
      const [row] = await prisma.$queryRaw<{ attempts: number }[]>`
        UPDATE "workflow_runs" SET "dispatch_attempts" = "dispatch_attempts" + 1, "dispatch_tried_at" = clock_timestamp()
        WHERE "id" = ${run.id} AND "dispatched_at" IS NULL
        RETURNING "dispatch_attempts" AS "attempts"`;
      const attempts = row?.attempts ?? 0;
      if (attempts >= maxAttempts) {
        log.error("workflow run failed: its trigger could not be sent to Inngest", { runId: run.id, attempts, error: failure });
        await failUndispatched(run.id, attempts);
      } else {
        log.warn("could not send workflow trigger to Inngest; will retry", { runId: run.id, attempts, error: failure });
      }
    } catch (error) {
      log.error("could not record the dispatch of a workflow run", { runId: run.id, sent: !failure, error });
    }
  }
}

async function failUndispatched(runId: string, attempts: number): Promise<void> {
  const failed = await (await db()).$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ status: string; dispatched: boolean }[]>`
      SELECT "status", "dispatched_at" IS NOT NULL AS "dispatched" FROM "workflow_runs" WHERE "id" = ${runId} FOR UPDATE`;
    // Only a run that never reached Inngest: one that started meanwhile is Inngest's to finish.
    if (!current || current.status !== "pending" || current.dispatched) return null;
    return markFinished(tx, runId, {
      status: "failed",
      error: {
        message: `The workflow could not be handed to Inngest (${attempts} attempts to send its event failed); start it again.`,
        code: "dispatch_failed",
      },
    });
  });
  if (failed) announceChunks(runId);
}

/** Sends signals (`{ id: signalId, name, data }`) not yet dispatched; a failed send is counted for the sweep. */
export async function sendSignalEvents(ids: string[], options: Pick<RedispatchOptions, "maxAttempts"> = {}): Promise<void> {
  if (ids.length === 0) return;
  const { inngest } = await import("@/inngest/client");
  const prisma = await db();
  const maxAttempts = options.maxAttempts ?? MAX_DISPATCH_ATTEMPTS;
  const rows = await prisma.workflowSignal.findMany({ where: { id: { in: ids }, dispatchedAt: null }, orderBy: { id: "asc" } });
  for (const row of rows) {
    let failure: unknown = null;
    try {
      await inngest().send({ id: row.id, name: row.name, data: row.data as Record<string, unknown> });
    } catch (error) {
      failure = error ?? new Error("send failed");
    }
    try {
      if (!failure) {
        await prisma.$executeRaw`
          UPDATE "workflow_signals" SET "dispatched_at" = clock_timestamp(), "dispatch_tried_at" = clock_timestamp()
          WHERE "id" = ${row.id} AND "dispatched_at" IS NULL`;
        continue;
      }
      const [updated] = await prisma.$queryRaw<{ attempts: number }[]>`
        UPDATE "workflow_signals" SET "dispatch_attempts" = "dispatch_attempts" + 1, "dispatch_tried_at" = clock_timestamp()
        WHERE "id" = ${row.id} AND "dispatched_at" IS NULL
        RETURNING "dispatch_attempts" AS "attempts"`;
      const attempts = updated?.attempts ?? 0;
      if (attempts >= maxAttempts) log.error("signal given up: it could not be sent to Inngest", { signalId: row.id, name: row.name, attempts, error: failure });
      else log.warn("could not send signal to Inngest; will retry", { signalId: row.id, attempts, error: failure });
    } catch (error) {
      log.error("could not record the dispatch of a signal", { signalId: row.id, sent: !failure, error });
    }
  }
}

/**
 * One sweep (Inngest mode): sends again the trigger events of pending runs and the signals whose dispatch
 * never happened — a send that failed, or a process that stopped between its commit and the send — once
 * they are older than the grace period and their back-off has passed. Rows are claimed (`SKIP LOCKED`,
 * stamping the attempt time), so processes sweeping at once do not send the same row together. Returns
 * how many rows were tried. The server runs it every `REDISPATCH_EVERY_MS`; it is also callable directly.
 */
export async function redispatchPending(options: RedispatchOptions = {}): Promise<{ runs: number; signals: number }> {
  if (env().WORKFLOW_ENGINE !== "inngest") return { runs: 0, signals: 0 };
  const graceSecs = (options.graceMs ?? DISPATCH_GRACE_MS) / 1000;
  const maxBackoffSecs = MAX_BACKOFF_MS / 1000;
  const maxAttempts = options.maxAttempts ?? MAX_DISPATCH_ATTEMPTS;
  const limit = options.limit ?? 100;
  const functionId = options.functionId ?? null;
  const prisma = await db();
  // Due: never tried and older than the grace period (its first send may be under way), or tried and the
  // back-off since the last attempt (the grace period, doubling per failed attempt, up to 5 min) passed.
  const runs = await prisma.$queryRaw<RunRef[]>`
    UPDATE "workflow_runs" SET "dispatch_tried_at" = clock_timestamp()
    WHERE "id" IN (
      SELECT "id" FROM "workflow_runs"
      WHERE "status" = 'pending' AND "dispatched_at" IS NULL
        AND (${functionId}::text IS NULL OR "function_id" = ${functionId}::text)
        AND (("dispatch_tried_at" IS NULL AND "created_at" <= clock_timestamp() - make_interval(secs => ${graceSecs}))
          OR "dispatch_tried_at" <= clock_timestamp()
            - make_interval(secs => LEAST(${maxBackoffSecs}::float8, ${graceSecs}::float8 * power(2, GREATEST("dispatch_attempts" - 1, 0)))))
      ORDER BY "created_at"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "function_id" AS "functionId"`;
  await sendRunEvents(runs, { maxAttempts });
  if (functionId) return { runs: runs.length, signals: 0 };
  const signals = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE "workflow_signals" SET "dispatch_tried_at" = clock_timestamp()
    WHERE "id" IN (
      SELECT "id" FROM "workflow_signals"
      WHERE "dispatched_at" IS NULL AND "dispatch_attempts" < ${maxAttempts}
        AND (("dispatch_tried_at" IS NULL AND "created_at" <= clock_timestamp() - make_interval(secs => ${graceSecs}))
          OR "dispatch_tried_at" <= clock_timestamp()
            - make_interval(secs => LEAST(${maxBackoffSecs}::float8, ${graceSecs}::float8 * power(2, GREATEST("dispatch_attempts" - 1, 0)))))
      ORDER BY "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  await sendSignalEvents(signals.map((row) => row.id), { maxAttempts });
  return { runs: runs.length, signals: signals.length };
}

/** How often the Inngest-mode sweep also deletes old signals (the embedded executor does it in local mode). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The periodic sweep the server starts in Inngest mode (`lib/server/start.ts`): `redispatchPending` every
 * `everyMs`, one sweep at a time (a slow event API never stacks sweeps), plus the signal pruning the
 * embedded executor would do. Returns a function that stops it and waits for a sweep in progress.
 */
export function startRedispatchSweep(options: RedispatchOptions & { everyMs?: number } = {}): () => Promise<void> {
  const everyMs = options.everyMs ?? REDISPATCH_EVERY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let lastPrune = 0;
  const sweep = async () => {
    try {
      await redispatchPending(options);
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        const { pruneSignals } = await import("./signals");
        await pruneSignals();
      }
    } catch (error) {
      log.warn("workflow re-dispatch sweep failed", { error });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = sweep().finally(schedule);
    }, everyMs);
    timer.unref();
  };
  current = sweep().finally(schedule);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
