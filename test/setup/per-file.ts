import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDatabase, openPGlite, openPostgres, setDatabaseFactory } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { adminQuery, withDatabaseName } from "../helpers/postgres";

/** Each test file writes stored objects and generated keys under its own DATA_DIR, never into the worktree. */
const dataDir = mkdtempSync(path.join(tmpdir(), "sps-data-"));
process.env.DATA_DIR = dataDir;
resetEnvForTests();

/** Each test file gets its own database, opened on first use, so pure unit tests pay nothing. */
const source = inject("database");
let createdDatabase: string | undefined;

setDatabaseFactory(async () => {
  if (source.kind === "pglite") {
    const dump = new Blob([await readFile(source.dumpFile)]);
    return openPGlite({ memory: true, loadDataDir: dump });
  }
  createdDatabase = `${source.template}_${randomBytes(4).toString("hex")}`;
  await adminQuery(source.serverUrl, `CREATE DATABASE "${createdDatabase}" TEMPLATE "${source.template}"`);
  return openPostgres(withDatabaseName(source.serverUrl, createdDatabase), { poolSize: 4 });
});

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
  if (createdDatabase && source.kind === "postgres") {
    await adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${createdDatabase}" WITH (FORCE)`);
  }
});
