import { WORKFLOWS } from "@/inngest/functions";
import { getDatabase } from "@/lib/db/client";
import { reportSignInConfiguration } from "@/lib/auth/sign-in-config";
import { env } from "@/lib/env";
import { sweepAbandonedResponses } from "@/lib/fielding/responses";
import { log } from "@/lib/log";
import { bootstrap } from "@/lib/tenancy/bootstrap";
import { WebhookScheduler } from "@/lib/webhooks/scheduler";
import { startRedispatchSweep } from "@/lib/workflows/dispatch";
import { LocalExecutor } from "@/lib/workflows/executor";

const holder = globalThis as typeof globalThis & { __surveyExecutor?: LocalExecutor; __webhookScheduler?: WebhookScheduler; __responseSweep?: NodeJS.Timeout; __redispatchSweep?: () => Promise<void> };

/** Abandoned responses become `partial` within this interval of crossing `RESPONSE_PARTIAL_AFTER_HOURS` (reads also sweep first). */
const RESPONSE_SWEEP_MS = 10 * 60_000;

/** Runs once per server process (from instrumentation.ts): migrate, bootstrap, start background work. */
export async function startServer(): Promise<void> {
  const database = await getDatabase();
  const { workspace } = await bootstrap();
  const config = env();
  if (config.WORKFLOW_ENGINE === "local" && !holder.__surveyExecutor) {
    holder.__surveyExecutor = new LocalExecutor({ workflows: WORKFLOWS, concurrency: config.WORKFLOW_CONCURRENCY });
    holder.__surveyExecutor.start();
    const stop = () => void holder.__surveyExecutor?.stop();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
  // Inngest mode: runs and signals whose events could not be sent are sent again (runs fail after bounded attempts).
  if (config.WORKFLOW_ENGINE === "inngest" && !holder.__redispatchSweep) {
    holder.__redispatchSweep = startRedispatchSweep();
  }
  // Starts webhook delivery-worker runs when work is due (with either engine: Inngest runs them too).
  if (!holder.__webhookScheduler) {
    holder.__webhookScheduler = new WebhookScheduler();
    holder.__webhookScheduler.start();
    const stopScheduler = () => void holder.__webhookScheduler?.stop();
    process.once("SIGTERM", stopScheduler);
    process.once("SIGINT", stopScheduler);
  }
  if (!holder.__responseSweep) {
    const sweep = () => void sweepAbandonedResponses().catch((error) => log.warn("response sweep failed", { error: (error as Error).message }));
    holder.__responseSweep = setInterval(sweep, RESPONSE_SWEEP_MS);
    holder.__responseSweep.unref();
    sweep();
  }
  reportSignInConfiguration(log.warn);
  if (config.NODE_ENV === "production" && !config.APP_BASE_URL) {
    // Without it, absolute URLs (signed uploads, public file URLs) follow the Host header of each request.
    log.warn("APP_BASE_URL is not set: absolute URLs handed to clients follow each request's Host header; set it to the public origin in production");
  }
  log.info("server ready", { database: database.kind, workflowEngine: config.WORKFLOW_ENGINE, defaultWorkspaceId: workspace.id });
}
