import { WORKFLOWS } from "@/inngest/functions";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { bootstrap } from "@/lib/tenancy/bootstrap";
import { LocalExecutor } from "@/lib/workflows/executor";

const holder = globalThis as typeof globalThis & { __surveyExecutor?: LocalExecutor };

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
  log.info("server ready", { database: database.kind, workflowEngine: config.WORKFLOW_ENGINE, defaultWorkspaceId: workspace.id });
}
