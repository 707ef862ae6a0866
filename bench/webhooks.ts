/**
 * Webhook delivery throughput: a burst of 5,000 events to 2 subscribed endpoints (10,000 deliveries) on
 * PostgreSQL, through the real engine (embedded executor running the delivery workflow, scheduler,
 * signing, SSRF-guarded HTTP) to a local receiver in another process. Checks that the receiver got every
 * (endpoint, event) pair (no loss) and that every delivery is recorded `succeeded`. Two scenarios:
 *
 * - `backlog`: the burst is committed first, then the engine starts; deliveries per second = 10,000 / time
 *   from engine start until the last delivery is recorded (the engine's own throughput);
 * - `live`: the engine runs while the burst is written (the events' transactions compete with it);
 *   deliveries per second = 10,000 / time from the first event until the last delivery is recorded.
 *
 *   npx tsx bench/webhooks.ts [--scenario=backlog|live|both] [--events=5000] [--workers=2] [--batch=200] [--pglite]
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL server; default postgresql://postgres@127.0.0.1:5432/postgres —
 * the run creates and drops its own database).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const EVENTS = Number(args.events ?? 5_000);
const WORKERS = Number(args.workers ?? 2);
const BATCH = Number(args.batch ?? 200);
const USE_PGLITE = "pglite" in args;
const SCENARIO = String(args.scenario ?? "both");
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string) {
  const url = new URL(SERVER);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startReceiver() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "webhook-receiver.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve) => lines.on("line", (line) => line.startsWith("PORT ") && resolve(Number(line.slice(5)))));
  return {
    url: `http://127.0.0.1:${port}`,
    stats: async () => (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as { requests: number; distinct: number },
    stop: () => child.kill("SIGTERM"),
  };
}

async function runScenario(live: boolean) {
  const databaseName = `bench_webhooks_${Date.now().toString(36)}_${randomBytes(2).toString("hex")}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-webhooks-"));
  if (USE_PGLITE) {
    process.env.DATA_DIR = dataDir;
  } else {
    await admin(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(SERVER);
    url.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = url.toString();
  }
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  });

  // Imported after the environment is set: the app reads it once (and again after a reset, per scenario).
  (await import("@/lib/env")).resetEnvForTests();
  const { db, closeDatabase } = await import("@/lib/db/client");
  const { ensureDefaultWorkspace } = await import("@/lib/tenancy/bootstrap");
  const { recordEvent } = await import("@/lib/events/record");
  const { createEndpoint } = await import("@/lib/webhooks/service");
  const { configureWebhookEngine } = await import("@/lib/webhooks/engine");
  const { WebhookScheduler } = await import("@/lib/webhooks/scheduler");
  const { LocalExecutor } = await import("@/lib/workflows/executor");
  const { webhookDeliveryWorkflow } = await import("@/inngest/functions/webhook-delivery");

  const receiver = await startReceiver();
  const prisma = await db();
  const { workspace } = await ensureDefaultWorkspace();
  const auth = { method: "development" as const, workspaceId: workspace.id, organizationId: workspace.organizationId, scopes: ["*"], subject: "bench", apiKeyId: null, userId: null };
  const endpoints = [];
  for (const name of ["a", "b"]) endpoints.push(await createEndpoint(auth, { url: `${receiver.url}/${name}`, event_types: ["survey.created"], enabled: true }));

  configureWebhookEngine({ deliveryBatch: BATCH });
  const executor = new LocalExecutor({ workflows: [webhookDeliveryWorkflow], concurrency: WORKERS + 2 });
  const scheduler = new WebhookScheduler({ workers: WORKERS });
  const startEngine = () => {
    executor.start();
    scheduler.start();
  };
  if (live) startEngine();

  const expected = EVENTS * endpoints.length;
  const burstStarted = performance.now();
  for (let offset = 0; offset < EVENTS; offset += 500) {
    await prisma.$transaction(async (tx) => {
      for (let index = offset; index < Math.min(EVENTS, offset + 500); index++) {
        const now = new Date().toISOString();
        const id = `01900000-0000-7000-8000-${String(index).padStart(12, "0")}`;
        await recordEvent(tx, workspace.id, "survey.created", { survey: { id, slug: `bench-${index}`, name: `Bench ${index}`, description: null, created_at: now, updated_at: now } });
      }
    }, { timeout: 60_000 });
  }
  const burstMs = performance.now() - burstStarted;
  const started = live ? burstStarted : performance.now();
  if (!live) startEngine();

  let succeeded = 0;
  const progress: string[] = [];
  let lastReport = started;
  for (;;) {
    succeeded = await prisma.webhookDelivery.count({ where: { status: "succeeded" } });
    if (performance.now() - lastReport >= 1_000) {
      lastReport = performance.now();
      progress.push(`${((lastReport - started) / 1000).toFixed(1)}s:${succeeded}`);
    }
    if (succeeded >= expected) break;
    if (performance.now() - started > 600_000) throw new Error(`gave up: ${succeeded}/${expected} after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const totalMs = performance.now() - started;
  const stats = await receiver.stats();
  const attempts = await prisma.webhookDeliveryAttempt.count();
  const workerRuns = await prisma.workflowRun.count({ where: { functionId: webhookDeliveryWorkflow.id } });
  const rounds = await prisma.workflowStep.count({ where: { run: { functionId: webhookDeliveryWorkflow.id } } });
  const failed = await prisma.webhookDelivery.count({ where: { status: { not: "succeeded" } } });

  await scheduler.stop();
  await executor.stop();
  receiver.stop();
  await closeDatabase();
  // The pool's sockets finish closing just after end(); dropping the database under them would kill them.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  if (!USE_PGLITE) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await rm(dataDir, { recursive: true, force: true });

  return {
    scenario: live ? "live" : "backlog",
    database: USE_PGLITE ? "pglite" : "postgres",
    events: EVENTS,
    endpoints: endpoints.length,
    deliveries: expected,
    workers: WORKERS,
    batch: BATCH,
    burst_insert_s: +(burstMs / 1000).toFixed(2),
    total_s: +(totalMs / 1000).toFixed(2),
    deliveries_per_s: Math.round(expected / (totalMs / 1000)),
    attempts,
    worker_runs: workerRuns,
    worker_rounds: rounds,
    receiver_requests: stats.requests,
    receiver_distinct: stats.distinct,
    lost: expected - stats.distinct,
    not_succeeded: failed,
    progress,
  };
}

async function main() {
  const results = [];
  if (SCENARIO === "backlog" || SCENARIO === "both") results.push(await runScenario(false));
  if (SCENARIO === "live" || SCENARIO === "both") results.push(await runScenario(true));
  console.log(JSON.stringify(results, null, 2));
  process.exit(results.every((result) => result.lost === 0 && result.not_succeeded === 0) ? 0 : 1);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
