import type { Database } from "@/lib/db/client";
import type { MigrationResult } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * Shared plumbing of the command-line scripts: one-line errors, exit code 1, the database they act on.
 * The database modules (Prisma, PGlite) are imported only when a command needs them, so usage errors
 * answer at once.
 */

const DATA_DIR_LOCKED = "DATA_DIR_LOCKED"; // lib/db/client.ts, kept here to avoid loading Prisma for it
let opened = false;

/** An error whose message is already what the user should read. */
export class CliError extends Error {}

/** Where the configured database lives, without credentials: for messages. */
export function describeDatabase(): string {
  const { DATABASE_URL, dataDir } = env();
  if (!DATABASE_URL) return `PGlite in ${dataDir}/pglite`;
  try {
    const url = new URL(DATABASE_URL);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/**
 * Opens and migrates the configured database and makes it this process's database, so the services
 * (`db()`) use it. Migrating here rather than inside `db()` lets the script report what was applied.
 */
export async function openDatabase(): Promise<{ database: Database; migrations: MigrationResult }> {
  const [{ connectConfiguredDatabase, getDatabase, setDatabaseFactory }, { migrate }] = await Promise.all([
    import("@/lib/db/client"),
    import("@/lib/db/migrate"),
  ]);
  const database = await connectConfiguredDatabase();
  try {
    const migrations = await database.withSession((session) => migrate(session));
    setDatabaseFactory(async () => database);
    opened = true;
    await getDatabase(); // now held by the process, so `closeDatabase()` in `runCli` closes it
    return { database, migrations };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Runs a script's main function: any failure becomes one line on stderr and exit code 1; the database
 * is closed either way (PGlite writes its files and releases the directory lock on close).
 */
export async function runCli(name: string, main: () => Promise<void>, whenLocked: string): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    console.error(`${name}: ${messageOf(error, whenLocked)}`);
  } finally {
    if (opened) await (await import("@/lib/db/client")).closeDatabase().catch(() => {});
  }
}

function messageOf(error: unknown, whenLocked: string): string {
  if (error instanceof CliError || error instanceof ApiError) return error.message;
  if ((error as { code?: unknown })?.code === DATA_DIR_LOCKED) return `${(error as Error).message} ${whenLocked}`;
  if (error instanceof Error) {
    // pg reports an unreachable server as an AggregateError with an empty message.
    const message = error.message || (error as { code?: string }).code || error.name;
    return error.message.startsWith("Invalid environment") ? message : `${message} (${describeDatabase()})`;
  }
  return String(error);
}
