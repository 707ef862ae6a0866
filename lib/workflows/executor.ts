import { randomBytes } from "node:crypto";
import os from "node:os";
import { durationToMs, NonRetriableError, RetryAfterError } from "inngest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma, type WorkflowRun, type WorkflowStep } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import type { SignalPayload, StepTools, WaitForEventOptions, WorkflowDefinition } from "./define";
import { announceChunks, appendChunk, databaseNow, markFinished, markStarted, publicRunError, workflowBus } from "./runs";
import { conditionKey, pruneSignals, publishSignals, sendSignals, signalMatches } from "./signals";

/**
 * The embedded durable executor (`WORKFLOW_ENGINE=local`). It leases runnable runs from the database
 * (`FOR UPDATE SKIP LOCKED`, so several processes share one database safely), replays each handler with
 * a `step` object that returns recorded results instead of running finished steps again, retries failing
 * steps with exponential backoff, and parks runs that sleep or wait for an event until they are due.
 */

export type ExecutorOptions = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of definitions with different input/output types
  workflows: readonly WorkflowDefinition<any, any>[];
  workerId?: string;
  /** Runs executed at the same time by this process. */
  concurrency?: number;
  /** A lease not renewed for this long is taken over by another executor (crash recovery). */
  leaseMs?: number;
  /** Idle polling interval; in-process wake-ups are immediate. */
  pollMs?: number;
  /** First retry delay; doubles per failed attempt up to a minute. */
  retryBaseMs?: number;
  /** How often a run parked on waitForEvent re-checks for a signal it might have missed. */
  waitRecheckMs?: number;
  /** Leases that may run out (the executing process died or hung) without progress before the run fails. */
  maxLeaseExpiries?: number;
};

/** How often an executor deletes old signals. */
const PRUNE_EVERY_MS = 10 * 60_000;

type PendingSignal = { name: string; if?: string; since: Date };

class Park extends Error {
  constructor(
    /** Null: runnable at once. */
    readonly wakeAt: Date | null,
    readonly waitingFor: string | null,
    readonly pendingSignal?: PendingSignal,
  ) {
    super("parked");
  }
}

class RetryLater extends Error {
  constructor(readonly wakeAt: Date) {
    super("retry later");
  }
}

class StepFailed extends Error {
  constructor(
    readonly stepId: string,
    readonly original: unknown,
  ) {
    super(`Step ${stepId} failed: ${errorMessage(original)}`);
  }
}

class Stop extends Error {
  constructor(readonly reason: "cancelled" | "lease_lost") {
    super(reason);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `RetryAfterError.retryAfter` is a number of milliseconds or an RFC 3339 date, as a string. */
function retryAfterMs(retryAfter: string): number {
  if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
  return Math.max(0, Date.parse(retryAfter) - Date.now());
}

function later(from: Date, ms: number): Date {
  return new Date(from.getTime() + ms);
}

function toJson<T>(value: T): T {
  return value === undefined ? (null as T) : JSON.parse(JSON.stringify(value));
}

export class LocalExecutor {
  readonly workerId: string;
  private readonly definitions: Map<string, WorkflowDefinition<unknown, unknown>>;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly waitRecheckMs: number;
  private readonly maxLeaseExpiries: number;
  private lastPrune = 0;
  private readonly active = new Map<string, Promise<void>>();
  private running = false;
  private stopRequested = false;
  private loop?: Promise<void>;
  private wakeLoop?: () => void;
  private readonly onRunnable = () => this.wakeLoop?.();

  constructor(options: ExecutorOptions) {
    this.definitions = new Map(options.workflows.map((definition) => [definition.id, definition as WorkflowDefinition<unknown, unknown>]));
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
    this.concurrency = options.concurrency ?? 10;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.retryBaseMs = options.retryBaseMs ?? env().WORKFLOW_RETRY_BASE_MS;
    this.waitRecheckMs = options.waitRecheckMs ?? 15_000;
    this.maxLeaseExpiries = options.maxLeaseExpiries ?? 3;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopRequested = false;
    workflowBus.on("runnable", this.onRunnable);
    this.loop = this.pump();
  }

  /** Stops claiming runs; runs in flight finish their current step and are handed back (resumable by any executor). */
  async stop(): Promise<void> {
    this.running = false;
    this.stopRequested = true;
    workflowBus.off("runnable", this.onRunnable);
    this.wakeLoop?.();
    await this.loop;
    await Promise.allSettled(this.active.values());
  }

  /** Runs everything runnable now, and what that makes runnable, until nothing is left (for tests and scripts). */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.tick();
      if (claimed === 0 && this.active.size === 0) return;
      await Promise.race(this.active.values());
    }
  }

  private async pump(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
        await this.pruneOccasionally();
      } catch (error) {
        log.error("workflow executor could not claim runs", { error });
      }
      if (claimed === 0 || this.active.size >= this.concurrency) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wakeLoop = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeLoop = undefined;
      }
    }
  }

  private async pruneOccasionally(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await pruneSignals();
  }

  /** Claims as many runnable runs as there are free slots and starts them; returns how many. */
  async tick(): Promise<number> {
    const free = this.concurrency - this.active.size;
    if (free <= 0) return 0;
    const prisma = await db();
    const claimed = await prisma.$queryRaw<{ id: string }[]>`
      UPDATE "workflow_runs"
      SET "lease_owner" = ${this.workerId},
          "lease_expires_at" = now() + make_interval(secs => ${this.leaseMs / 1000}),
          "invocations" = "invocations" + 1,
          -- Still owned when claimed: the previous owner's lease ran out (its process died or hung).
          "lease_expiries" = "lease_expiries" + (CASE WHEN "lease_owner" IS NULL THEN 0 ELSE 1 END),
          "updated_at" = now()
      WHERE "id" IN (
        SELECT "id" FROM "workflow_runs"
        WHERE "status" IN ('pending', 'running')
          AND ("wake_at" IS NULL OR "wake_at" <= now())
          AND ("lease_expires_at" IS NULL OR "lease_expires_at" < now())
        ORDER BY "created_at"
        LIMIT ${free}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id"`;
    for (const { id } of claimed) {
      const execution = this.execute(id)
        .catch((error: unknown) => log.error("workflow execution crashed", { runId: id, error }))
        .finally(() => {
          this.active.delete(id);
          this.wakeLoop?.();
        });
      this.active.set(id, execution);
    }
    return claimed.length;
  }

  private async execute(runId: string): Promise<void> {
    const prisma = await db();
    let run = await prisma.workflowRun.findUnique({ where: { id: runId }, include: { steps: true } });
    if (!run || run.leaseOwner !== this.workerId) return;
    const definition = this.definitions.get(run.functionId);
    if (!definition) {
      // Another version of the app (a rolling deploy) knows it: hand the run back for a while instead of failing it.
      log.warn("workflow run of an unknown workflow handed back", { runId, functionId: run.functionId });
      await prisma.$executeRaw`
        UPDATE "workflow_runs"
        SET "lease_owner" = NULL, "lease_expires_at" = NULL, "wake_at" = now() + make_interval(secs => ${this.leaseMs / 1000})
        WHERE "id" = ${runId} AND "lease_owner" = ${this.workerId}`;
      return;
    }
    if (run.cancelRequestedAt) {
      await this.finish(runId, { status: "cancelled" });
      return;
    }
    if (run.leaseExpiries > this.maxLeaseExpiries) {
      const step = run.steps.filter((row) => row.status !== "completed").at(-1)?.stepId;
      log.error("workflow run failed: its process stopped answering repeatedly", { runId, leaseExpiries: run.leaseExpiries, stepId: step });
      await this.finish(runId, {
        status: "failed",
        error: {
          message: `The workflow was stopped: the process running it stopped answering ${run.leaseExpiries} times without progress${step ? ` (at step ${step})` : ""}.`,
          code: "workflow_stalled",
        },
      });
      return;
    }
    if (run.status === "pending") {
      const started = await prisma.$transaction((tx) => markStarted(tx, run!));
      run = { ...run, ...started };
      announceChunks(runId);
    }
    const state = new ReplayState(run);
    const heartbeat = setInterval(() => {
      void prisma.$executeRaw`
        UPDATE "workflow_runs" SET "lease_expires_at" = clock_timestamp() + make_interval(secs => ${this.leaseMs / 1000})
        WHERE "id" = ${runId} AND "lease_owner" = ${this.workerId}`
        .then((count) => {
          if (count === 0) state.leaseLost = true;
        })
        .catch((error: unknown) => log.warn("workflow lease renewal failed", { runId, error }));
    }, Math.max(250, this.leaseMs / 3));
    heartbeat.unref();
    try {
      const input = definition.input.parse(run.input);
      const output = await definition.handler({
        runId,
        workspaceId: run.workspaceId ?? "",
        surveyId: run.surveyId,
        input,
        step: this.stepTools(run, definition, state),
      });
      await this.finish(runId, { status: "completed", output: toJson(output) });
    } catch (error) {
      await this.settle(run, error);
    } finally {
      clearInterval(heartbeat);
      announceChunks(runId);
    }
  }

  private async settle(run: WorkflowRun, error: unknown): Promise<void> {
    const prisma = await db();
    if (error instanceof Park) {
      const waitingKey = conditionKey(error.pendingSignal?.if);
      await prisma.workflowRun.updateMany({
        where: { id: run.id, leaseOwner: this.workerId },
        data: { wakeAt: error.wakeAt, waitingFor: error.waitingFor, waitingKey, leaseOwner: null, leaseExpiresAt: null },
      });
      // A signal committed while the run was parking could not wake it; look once more.
      if (error.pendingSignal && (await this.findSignal(error.pendingSignal))) {
        await prisma.$executeRaw`
          UPDATE "workflow_runs" SET "wake_at" = now(), "waiting_for" = NULL, "waiting_key" = NULL
          WHERE "id" = ${run.id} AND "lease_owner" IS NULL AND "status" = 'running'`;
        workflowBus.emit("runnable");
      }
      return;
    }
    if (error instanceof RetryLater) {
      await prisma.workflowRun.updateMany({
        where: { id: run.id, leaseOwner: this.workerId },
        data: { wakeAt: error.wakeAt, leaseOwner: null, leaseExpiresAt: null },
      });
      return;
    }
    if (error instanceof Stop) {
      if (error.reason === "cancelled") await this.finish(run.id, { status: "cancelled" });
      return;
    }
    const cause = error instanceof StepFailed ? error.original : error;
    log.warn("workflow failed", { runId: run.id, kind: run.kind, stepId: error instanceof StepFailed ? error.stepId : undefined, error: cause });
    await this.finish(run.id, {
      status: "failed",
      error: publicRunError(cause, { runId: run.id, stepId: error instanceof StepFailed ? error.stepId : undefined }),
    });
  }

  private async finish(runId: string, outcome: Parameters<typeof markFinished>[2]): Promise<void> {
    const prisma = await db();
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.workflowRun.updateMany({ where: { id: runId, leaseOwner: this.workerId }, data: { updatedAt: new Date() } });
      if (count === 0) return; // another executor took the run over; it decides the outcome
      await markFinished(tx, runId, outcome);
    });
  }

  /**
   * The signal a wait receives. A condition naming a correlation key (hook id, run id) finds its signals by
   * that key exactly, whenever they were sent (the key is unique to this wait); other waits look through
   * the signals of that name sent since the run's last progress.
   */
  private async findSignal({ name, if: condition, since }: PendingSignal): Promise<SignalPayload | null> {
    const key = conditionKey(condition);
    const rows = await (await db()).workflowSignal.findMany({
      where: key === null ? { name, createdAt: { gte: since } } : { name, key },
      orderBy: { id: "asc" },
      take: 1000,
    });
    for (const row of rows) {
      const signal = { name: row.name, data: row.data as Record<string, unknown> };
      if (signalMatches(condition, signal)) return signal;
    }
    return null;
  }

  private stepTools(run: WorkflowRun, definition: WorkflowDefinition<unknown, unknown>, state: ReplayState): StepTools {
    const retries = definition.retries ?? 3;
    const { workerId, retryBaseMs, waitRecheckMs } = this;
    const findSignal = (pending: PendingSignal) => this.findSignal(pending);
    const stopping = () => this.stopRequested;

    /** Before a new step runs: still ours, not cancelled, and this executor not stopping? */
    async function boundary(): Promise<void> {
      if (state.leaseLost) throw new Stop("lease_lost");
      // A stopping executor hands the run back, runnable at once, instead of finishing a long run first.
      if (stopping()) throw new Park(null, null);
      const current = await (await db()).workflowRun.findUnique({
        where: { id: run.id },
        select: { leaseOwner: true, cancelRequestedAt: true },
      });
      if (current?.leaseOwner !== workerId) throw new Stop("lease_lost");
      if (current.cancelRequestedAt) throw new Stop("cancelled");
    }

    /** Locks the run if this executor still holds its lease (every write of a step's outcome checks it). */
    async function holdLease(tx: Prisma.TransactionClient): Promise<void> {
      const count = await tx.$executeRaw`UPDATE "workflow_runs" SET "updated_at" = now() WHERE "id" = ${run.id} AND "lease_owner" = ${workerId}`;
      if (count === 0) throw new Stop("lease_lost");
    }

    /**
     * Records a step as completed, in one transaction with a check that the lease is still held; `output`
     * may be computed in that transaction. Progress: the run's count of lease expiries starts again.
     */
    async function complete<T>(stepId: string, startedAt: Date, output: T | ((tx: Prisma.TransactionClient) => Promise<T>)): Promise<T> {
      let value!: T;
      let finishedAt!: Date;
      await (await db()).$transaction(async (tx) => {
        await holdLease(tx);
        value = typeof output === "function" ? await (output as (tx: Prisma.TransactionClient) => Promise<T>)(tx) : output;
        finishedAt = await databaseNow(tx);
        await tx.workflowRun.update({ where: { id: run.id }, data: { leaseExpiries: 0 } });
        await tx.workflowStep.upsert({
          where: { runId_stepId: { runId: run.id, stepId } },
          create: { runId: run.id, stepId, status: "completed", output: value as Prisma.InputJsonValue, startedAt, finishedAt },
          update: { status: "completed", output: value as Prisma.InputJsonValue, error: Prisma.DbNull, finishedAt },
        });
        await appendChunk(tx, run.id, "step", { id: stepId, status: "completed" }, `step:${stepId}`);
      });
      state.record(stepId, { status: "completed", output: value, finishedAt });
      announceChunks(run.id);
      return value;
    }

    async function begin(stepId: string, status: "sleeping" | "waiting", startedAt: Date, wakeAt: Date): Promise<WorkflowStep> {
      const row = await (await db()).$transaction(async (tx) => {
        await holdLease(tx);
        return tx.workflowStep.upsert({
          where: { runId_stepId: { runId: run.id, stepId } },
          create: { runId: run.id, stepId, status, startedAt, wakeAt },
          update: {},
        });
      });
      state.steps.set(stepId, row);
      return row;
    }

    return {
      async run<T>(stepId: string, fn: () => Promise<T> | T): Promise<T> {
        state.claim(stepId);
        const memo = state.steps.get(stepId);
        if (memo?.status === "completed") return state.replay(memo) as T;
        await boundary();
        const attempt = (memo?.attempts ?? 0) + 1;
        const startedAt = memo?.startedAt ?? (await databaseNow());
        let value: T;
        try {
          value = await fn();
        } catch (error) {
          const permanent = error instanceof NonRetriableError || attempt > retries;
          // Clients read step errors on the run: only messages meant for them are kept (the log has the rest).
          const shown = { message: publicRunError(error, { runId: run.id }).message };
          const status = permanent ? "failed" : "running";
          const now = await (await db()).$transaction(async (tx) => {
            await holdLease(tx);
            await tx.workflowStep.upsert({
              where: { runId_stepId: { runId: run.id, stepId } },
              create: { runId: run.id, stepId, status, attempts: attempt, error: shown, startedAt },
              update: { status, attempts: attempt, error: shown },
            });
            return databaseNow(tx);
          });
          if (permanent) throw new StepFailed(stepId, error);
          const delay = error instanceof RetryAfterError ? retryAfterMs(error.retryAfter) : Math.min(60_000, retryBaseMs * 2 ** (attempt - 1));
          log.info("workflow step failed; retrying", { runId: run.id, stepId, attempt, delayMs: delay, error: errorMessage(error) });
          throw new RetryLater(later(now, delay));
        }
        return complete(stepId, startedAt, toJson(value));
      },

      async sleep(stepId: string, duration: number | string): Promise<void> {
        state.claim(stepId);
        const memo = state.steps.get(stepId);
        if (memo?.status === "completed") {
          state.replay(memo);
          return;
        }
        const now = await databaseNow();
        const wakeAt = memo?.wakeAt ?? later(now, durationToMs(duration));
        if (wakeAt <= now) {
          await complete(stepId, memo?.startedAt ?? now, null);
          return;
        }
        if (!memo) {
          await boundary();
          await begin(stepId, "sleeping", now, wakeAt);
        }
        throw new Park(wakeAt, null);
      },

      async waitForEvent(stepId: string, options: WaitForEventOptions): Promise<SignalPayload | null> {
        state.claim(stepId);
        let memo = state.steps.get(stepId);
        if (memo?.status === "completed") return state.replay(memo) as SignalPayload | null;
        const now = await databaseNow();
        if (!memo) {
          await boundary();
          memo = await begin(stepId, "waiting", now, later(now, durationToMs(options.timeout)));
        }
        // Signals sent since the previous step finished count: the hook may be resolved before the wait starts.
        const pending = { name: options.event, if: options.if, since: state.lastProgressAt };
        const signal = await findSignal(pending);
        if (signal) return complete(stepId, memo.startedAt, toJson(signal));
        const deadline = memo.wakeAt ?? now;
        if (deadline <= now) return complete(stepId, memo.startedAt, null);
        const recheck = new Date(Math.min(deadline.getTime(), now.getTime() + waitRecheckMs));
        throw new Park(recheck, options.event, pending);
      },

      async sendEvent(stepId: string, payload: SignalPayload | SignalPayload[]): Promise<unknown> {
        state.claim(stepId);
        const memo = state.steps.get(stepId);
        if (memo?.status === "completed") return state.replay(memo);
        await boundary();
        // The ids are the step's output, so a replay returns what the live run did.
        const sent = await complete(stepId, await databaseNow(), async (tx) => ({ ids: await sendSignals(tx, Array.isArray(payload) ? payload : [payload]) }));
        await publishSignals(sent.ids);
        return sent;
      },
    };
  }
}

/** What one replay of a handler has seen: recorded steps, step ids used, and the time of the last progress. */
class ReplayState {
  readonly steps: Map<string, WorkflowStep>;
  private readonly used = new Set<string>();
  leaseLost = false;
  lastProgressAt: Date;

  constructor(run: WorkflowRun & { steps: WorkflowStep[] }) {
    this.steps = new Map(run.steps.map((step) => [step.stepId, step]));
    this.lastProgressAt = run.startedAt ?? run.createdAt;
  }

  claim(stepId: string): void {
    if (this.used.has(stepId)) throw new NonRetriableError(`Step id "${stepId}" is used twice in one run; step ids must be unique.`);
    this.used.add(stepId);
  }

  replay(step: WorkflowStep): unknown {
    if (step.finishedAt && step.finishedAt > this.lastProgressAt) this.lastProgressAt = step.finishedAt;
    return step.output;
  }

  record(stepId: string, values: { status: string; output: unknown; finishedAt: Date }): void {
    const existing = this.steps.get(stepId);
    this.steps.set(stepId, { ...(existing as WorkflowStep), stepId, status: values.status, output: values.output as Prisma.JsonValue, finishedAt: values.finishedAt });
    this.lastProgressAt = values.finishedAt;
  }
}
