import { readFileSync, rmSync } from "node:fs";
import { link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
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
  return openMigrated(await connectConfiguredDatabase());
}

/**
 * Migrates an open database. If migrating fails the database is closed (releasing PGlite's directory)
 * before the error is thrown, so the next attempt opens it afresh instead of a second time.
 */
export async function openMigrated(database: Database, directory?: string): Promise<Database> {
  try {
    const { applied } = await database.withSession((session) => migrate(session, directory));
    if (applied.length > 0) log.info("database migrated", { kind: database.kind, applied });
    return database;
  } catch (error) {
    await database.close().catch((closeError: unknown) => log.warn("could not close the database after a failed migration", { error: closeError }));
    throw error;
  }
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
  // Embedded PGlite runs every query of the process on one connection, one at a time, so an interactive transaction's
  // time includes waiting behind other requests' queries; Prisma's default 5 s budget fails busy single-machine
  // installations, not slow transactions.
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: { timeout: 20_000, maxWait: 20_000 } });
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
 * the owner's pid, created exclusively (`wx`), turns that into a clear error. A lock left by a process that
 * is gone is taken over; an empty one younger than a few seconds belongs to a process writing it now.
 */
async function lockDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
    }
    const owner = await lockOwner(lockFile);
    if (owner === process.pid) break; // this process holds it already (reopened after a close that did not release)
    if (owner !== "stale") throw directoryLocked(dataDir, owner);
    await takeOverStaleLock(lockFile, dataDir);
  }
  const release = async () => {
    if ((await lockOwner(lockFile)) === process.pid) await rm(lockFile, { force: true });
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

/** Empty lock files younger than this are being written by their owner. */
const LOCK_WRITE_GRACE_MS = 5_000;

/** The live pid holding the lock, "writing" while its owner is writing it, or "stale" (gone, dead owner, or unreadable). */
async function lockOwner(lockFile: string): Promise<number | "writing" | "stale"> {
  const [content, info] = await Promise.all([readFile(lockFile, "utf8").catch(() => null), stat(lockFile).catch(() => null)]);
  if (content === null || info === null) return "stale";
  const pid = Number(content.trim());
  if (Number.isInteger(pid) && pid > 0) return pid === process.pid || isAlive(pid) ? pid : "stale";
  return Date.now() - info.mtimeMs < LOCK_WRITE_GRACE_MS ? "writing" : "stale";
}

/**
 * Removes a stale lock without removing a fresh one another process created in the meantime: the file is
 * moved aside first, and put back (never over a newer one) if it turns out to be live.
 */
async function takeOverStaleLock(lockFile: string, dataDir: string): Promise<void> {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    await rename(lockFile, aside);
  } catch {
    return; // gone already: try creating it again
  }
  const owner = await lockOwner(aside);
  if (owner === "stale") {
    await rm(aside, { force: true });
    return;
  }
  await link(aside, lockFile).catch(() => undefined);
  await rm(aside, { force: true });
  throw directoryLocked(dataDir, owner);
}

function directoryLocked(dataDir: string, owner: number | "writing"): Error {
  return Object.assign(
    new Error(
      `The embedded database ${dataDir} is in use by ${owner === "writing" ? "another process" : `process ${owner}`}. Stop that process (for example the running server) or set DATABASE_URL to a PostgreSQL server.`,
    ),
    { code: DATA_DIR_LOCKED },
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
