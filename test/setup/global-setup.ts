import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "@/lib/db/migrate";
import { adminQuery, withDatabaseName } from "../helpers/postgres";

/**
 * Prepares one migrated database for the whole run; each test file then starts from a copy of it:
 * a PGlite data-directory dump (0.8 s instead of 5 s per file), or a PostgreSQL template database
 * when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `sps_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: withDatabaseName(serverUrl, template) });
    await client.connect();
    await migrate({ shared: true, query: async (sql, params) => (await client.query(sql, params)).rows, exec: async (sql) => void (await client.query(sql)) });
    await client.end();
    project.provide("database", { kind: "postgres", serverUrl, template });
    return async () => {
      const rows = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${template}%'`);
      for (const row of rows) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  await migrate({ shared: false, query: async (sql, params) => (await pglite.query(sql, params)).rows as never[], exec: async (sql) => void (await pglite.exec(sql)) });
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const directory = await mkdtemp(path.join(tmpdir(), "sps-test-"));
  const dumpFile = path.join(directory, "pglite.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("database", { kind: "pglite", dumpFile });
  return async () => rm(directory, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    database: { kind: "pglite"; dumpFile: string } | { kind: "postgres"; serverUrl: string; template: string };
  }
}
