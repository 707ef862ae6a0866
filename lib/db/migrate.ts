import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Applies `prisma/migrations/<name>/migration.sql` in order, each in its own transaction, recording
 * them in a `_prisma_migrations` table identical to Prisma's, so `prisma migrate deploy` on a machine
 * with the native engine accepts a database migrated here (ENVIRONMENT.md, "Prisma 7 offline").
 */

export interface SqlSession {
  /** Runs one parameterised statement. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** True when other processes may migrate the same database at the same time (PostgreSQL server). */
  readonly shared: boolean;
}

export type MigrationResult = { applied: string[]; skipped: string[] };

// Arbitrary but fixed: every process of this app takes the same advisory lock while migrating.
const MIGRATION_LOCK_ID = 72_016_541;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function migrationsDirectory(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

export async function readMigrations(directory = migrationsDirectory()) {
  const entries = await readdir(directory, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(directory, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export async function migrate(session: SqlSession, directory = migrationsDirectory()): Promise<MigrationResult> {
  const migrations = await readMigrations(directory);
  if (session.shared) await session.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
  try {
    await session.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await session.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const result: MigrationResult = { applied: [], skipped: [] };
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch).`);
        }
        result.skipped.push(migration.name);
        continue;
      }
      await session.exec("BEGIN");
      try {
        await session.exec(migration.sql);
        await session.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await session.exec("COMMIT");
      } catch (error) {
        await session.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    if (session.shared) await session.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  }
}
