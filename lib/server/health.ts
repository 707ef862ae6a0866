import { db } from "@/lib/db/client";
import { log } from "@/lib/log";

export async function checkHealth(): Promise<{ status: "ok" } | { status: "error"; message: string }> {
  try {
    await (await db()).$queryRaw`SELECT 1`;
    return { status: "ok" };
  } catch (error) {
    log.error("health check failed", { error });
    return { status: "error", message: "The database is unavailable." };
  }
}
