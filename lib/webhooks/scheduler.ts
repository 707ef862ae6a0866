import { webhookDeliveryWorkflow } from "@/inngest/functions/webhook-delivery";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { redispatchPending } from "@/lib/workflows/dispatch";
import { createRun, dispatchRuns } from "@/lib/workflows/runs";
import { engineOptions, markUnsubscribedEvents } from "./engine";
import { webhookBus } from "./wake";

/**
 * Starts delivery-worker runs when webhook work is due: events not yet fanned out, or pending deliveries
 * whose next attempt has come (new, retry, redelivery, or an expired lease after a crash). It polls the
 * database — every `pollMs`, or sooner when the next retry is due sooner — and wakes at once on in-process
 * nudges (`wakeWebhooks`). Several processes may run one each: runs are created under an advisory lock and
 * the workers claim work with SKIP LOCKED, so they never deliver the same attempt twice.
 */

export type SchedulerOptions = {
  /** Longest pause between two looks at the database. */
  pollMs?: number;
  /** Delivery-worker runs active at once (across all processes). */
  workers?: number;
};

type State = { unfanned: number; due: number; next_due: Date | null; active: number; any_endpoint: boolean };

const PRUNE_EVERY_MS = 10 * 60_000;

export class WebhookScheduler {
  private readonly pollMs: number;
  private readonly workers: number;
  private running = false;
  private loop?: Promise<void>;
  private wakeLoop?: () => void;
  private woken = false;
  private lastPrune = 0;
  private readonly onWake = () => {
    this.woken = true;
    this.wakeLoop?.();
  };

  constructor(options: SchedulerOptions = {}) {
    this.pollMs = options.pollMs ?? 1_000;
    this.workers = options.workers ?? env().WEBHOOK_WORKERS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    webhookBus.on("wake", this.onWake);
    this.loop = this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    webhookBus.off("wake", this.onWake);
    this.wakeLoop?.();
    await this.loop;
  }

  private async pump(): Promise<void> {
    while (this.running) {
      let waitMs = this.pollMs;
      this.woken = false;
      try {
        waitMs = await this.tick();
      } catch (error) {
        log.error("webhook scheduler tick failed", { error });
      }
      if (this.woken || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wakeLoop = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeLoop = undefined;
    }
  }

  /** One look: start workers if work is due; returns how long to wait before the next look. */
  async tick(): Promise<number> {
    await this.pruneOccasionally();
    // Inngest mode: worker runs whose trigger could not be sent are sent again once their back-off passed
    // (a no-op with the embedded executor).
    await redispatchPending({ functionId: webhookDeliveryWorkflow.id });
    // Busy: every worker is running and loops while work remains, so there is nothing to decide (and a
    // burst of events, each nudging the scheduler, costs one cheap count each instead of a full look).
    if ((await countActiveWorkers()) >= this.workers) return this.pollMs;
    const { fanOutBatch, deliveryBatch } = engineOptions();
    let state = await readState(fanOutBatch + 1, deliveryBatch + 1);
    if (state.unfanned > 0 && !state.any_endpoint) {
      await markUnsubscribedEvents();
      state = await readState(fanOutBatch + 1, deliveryBatch + 1);
    }
    if ((state.unfanned > 0 || state.due > 0) && state.active < this.workers) {
      // One worker for a trickle; all of them for a backlog bigger than a round.
      const backlog = state.unfanned > fanOutBatch || state.due > deliveryBatch;
      const wanted = backlog ? this.workers - state.active : state.active === 0 ? 1 : 0;
      if (wanted > 0) await startWorkers(wanted, this.workers);
    }
    if (state.next_due === null) return this.pollMs;
    return Math.max(5, Math.min(this.pollMs, state.next_due.getTime() - Date.now() + 5));
  }

  private async pruneOccasionally(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    // Finished worker runs are bookkeeping; failed ones are kept a week for diagnosis.
    await (await db()).$executeRaw`
      DELETE FROM "workflow_runs"
      WHERE "function_id" = ${webhookDeliveryWorkflow.id} AND "workspace_id" IS NULL
        AND (("status" IN ('completed', 'cancelled') AND "finished_at" < now() - interval '1 hour')
          OR ("status" = 'failed' AND "finished_at" < now() - interval '7 days'))`;
  }
}

/**
 * Worker runs at work or about to be: a run whose trigger could not be sent to Inngest (attempted, still
 * undispatched) is not one — it delivers nothing until it is sent again, and must not keep the scheduler
 * from starting one that is. (The cap in `startWorkers` still counts it, so an Inngest outage does not
 * pile up runs; it fails after a bounded number of attempts.)
 */
async function countActiveWorkers(): Promise<number> {
  const [{ active }] = await (await db()).$queryRaw<{ active: number }[]>`
    SELECT count(*)::int AS "active" FROM "workflow_runs"
    WHERE "function_id" = ${webhookDeliveryWorkflow.id} AND "status" IN ('pending', 'running')
      AND ("dispatched_at" IS NOT NULL OR "dispatch_attempts" = 0)`;
  return active;
}

/** What is waiting; the counts stop at the given limits (enough to tell a trickle from a backlog). */
async function readState(unfannedLimit: number, dueLimit: number): Promise<State> {
  const [row] = await (await db()).$queryRaw<State[]>`
    SELECT
      (SELECT count(*)::int FROM (SELECT 1 FROM "events" WHERE "fanned_out_at" IS NULL LIMIT ${unfannedLimit}) AS u) AS "unfanned",
      (SELECT count(*)::int FROM (
        SELECT 1 FROM "webhook_deliveries" d JOIN "webhook_endpoints" w ON w."id" = d."endpoint_id"
        WHERE d."status" = 'pending' AND d."next_attempt_at" <= now()
          AND (d."lease_expires_at" IS NULL OR d."lease_expires_at" < now()) AND w."enabled"
        LIMIT ${dueLimit}) AS q) AS "due",
      (SELECT min(GREATEST(d."next_attempt_at", COALESCE(d."lease_expires_at", d."next_attempt_at")))
        FROM "webhook_deliveries" d JOIN "webhook_endpoints" w ON w."id" = d."endpoint_id"
        WHERE d."status" = 'pending' AND w."enabled") AS "next_due",
      (SELECT count(*)::int FROM "workflow_runs"
        WHERE "function_id" = ${webhookDeliveryWorkflow.id} AND "status" IN ('pending', 'running')
          AND ("dispatched_at" IS NOT NULL OR "dispatch_attempts" = 0)) AS "active",
      EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE "enabled") AS "any_endpoint"`;
  return row;
}

/** Creates up to `wanted` worker runs, never more than `limit` active, under a lock shared by all processes. */
async function startWorkers(wanted: number, limit: number): Promise<void> {
  const prisma = await db();
  const runs = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhook-delivery-workers'))`;
    const [{ active }] = await tx.$queryRaw<{ active: number }[]>`
      SELECT count(*)::int AS "active" FROM "workflow_runs"
      WHERE "function_id" = ${webhookDeliveryWorkflow.id} AND "status" IN ('pending', 'running')`;
    const count = Math.min(wanted, limit - active);
    const created = [];
    for (let index = 0; index < count; index++) created.push(await createRun(tx, webhookDeliveryWorkflow, { workspaceId: null, input: {} }));
    return created;
  });
  await dispatchRuns(runs);
}
