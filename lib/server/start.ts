import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { bootstrap } from "@/lib/tenancy/bootstrap";

/** Runs once per server process (from instrumentation.ts): migrate, bootstrap, start background work. */
export async function startServer(): Promise<void> {
  const database = await getDatabase();
  const { workspace } = await bootstrap();
  log.info("server ready", { database: database.kind, defaultWorkspaceId: workspace.id });
}
