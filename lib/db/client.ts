import { readFileSync, rmSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { migrate, type SqlSession } from "./migrate";

/**
 * One database per process, opened lazily on first use (never at import: `next build` imports route
 * modules) and kept on `globalThis` so dev-mode reloads don't open the PGlite directory twice.
 * PGlite under `DATA_DIR/pglite` by default; PostgreSQL when `DATABASE_URL` is set.
 */

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  prisma: PrismaClient;
  kind: DatabaseKind;
  /** Runs raw SQL on one connection (the migrator's advisory lock needs a single session). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * One parameterised read straight on the driver. Prisma costs 3–5× more CPU per query than the driver
   * itself, which matters on the hottest paths (authenticating a key, listing surveys); see bench/RESULTS.md.
   */
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

type PGliteSource = { dataDir: string } | { memory: true; loadDataDir?: Blob };

const holder = globalThis as typeof globalThis & {
  __surveyDb?: Promise<Database>;
  __surveyDbFactory?: () => Promise<Database>;
};

export function getDatabase(): Promise<Database> {
  if (!holder.__surveyDb) {
    holder.__surveyDb = (holder.__surveyDbFactory ?? openConfiguredDatabase)().catch((error: unknown) => {
      holder.__surveyDb = undefined;
      throw error;
    });
  }
  return holder.__surveyDb;
}

/** The Prisma client of this process's database. */
export async function db(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** A fast read on this process's database (see `Database.query`). */
export async function readRows<T>(sql: string, params: unknown[]): Promise<T[]> {
  return (await getDatabase()).query<T>(sql, params);
}

/** Tests open their own database (a fresh one per test file) on first use instead of the configured one. */
export function setDatabaseFactory(factory: (() => Promise<Database>) | undefined): void {
  holder.__surveyDbFactory = factory;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__surveyDb;
  holder.__surveyDb = undefined;
  if (current) await (await current).close();
}

/** The database the environment names (PGlite under `DATA_DIR/pglite`, or `DATABASE_URL`), not yet migrated. */
export async function connectConfiguredDatabase(): Promise<Database> {
  const config = env();
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPGlite({ dataDir: path.join(config.dataDir, "pglite") });
}

async function openConfiguredDatabase(): Promise<Database> {
  const database = await connectConfiguredDatabase();
  const { applied } = await database.withSession((session) => migrate(session));
  if (applied.length > 0) log.info("database migrated", { kind: database.kind, applied });
  return database;
}

export async function openPostgres(connectionString: string, options: { poolSize?: number } = {}): Promise<Database> {
  const [{ PrismaPg }, pg] = await Promise.all([import("@prisma/adapter-pg"), import("pg")]);
  const pool = new pg.default.Pool({ connectionString, max: options.poolSize ?? 10 });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => log.warn("a PostgreSQL connection was closed by the server", { error: error.message }));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    kind: "postgres",
    async withSession(work) {
      // Advisory locks belong to a connection, so a session's statements share one.
      const client = await pool.connect();
      try {
        return await work({
          shared: true,
          query: async (sql, params) => (await client.query(sql, params)).rows,
          exec: async (sql) => {
            await client.query(sql);
          },
        });
      } finally {
        client.release();
      }
    },
    query: async <T>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as T[],
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export async function openPGlite(source: PGliteSource): Promise<Database> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import("@electric-sql/pglite"), import("pglite-prisma-adapter")]);
  let releaseLock = async () => {};
  let pglite;
  if ("dataDir" in source) {
    await mkdir(source.dataDir, { recursive: true });
    releaseLock = await lockDirectory(source.dataDir);
    pglite = await PGlite.create(source.dataDir);
  } else {
    pglite = await PGlite.create(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    kind: "pglite",
    withSession: (work) =>
      work({
        shared: false,
        query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
        exec: async (sql) => {
          await pglite.exec(sql);
        },
      }),
    query: async <T>(sql: string, params: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      await releaseLock();
    },
  };
}

/** `code` of the error thrown when another live process holds the PGlite directory. */
export const DATA_DIR_LOCKED = "DATA_DIR_LOCKED";

/**
 * PGlite is one in-process PostgreSQL: two processes opening one directory corrupt it. A lock file with
 * the owner's pid turns that into a clear error.
 */
async function lockDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  const owner = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw Object.assign(
      new Error(
        `The embedded database ${dataDir} is in use by process ${owner}. Stop that process (for example the running server) or set DATABASE_URL to a PostgreSQL server.`,
      ),
      { code: DATA_DIR_LOCKED },
    );
  }
  await writeFile(lockFile, String(process.pid));
  const release = async () => {
    const current = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
    if (current === process.pid) await rm(lockFile, { force: true });
  };
  process.once("exit", () => {
    // Synchronous cleanup on exit; the async release above is for orderly closes.
    try {
      if (Number(readFileSync(lockFile, "utf8").trim()) === process.pid) rmSync(lockFile, { force: true });
    } catch {
      // The lock file is already gone.
    }
  });
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
