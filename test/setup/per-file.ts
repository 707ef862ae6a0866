import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, inject } from "vitest";
import { closeDatabase, openPGlite, openPostgres, setDatabaseFactory } from "@/lib/db/client";
import { adminQuery, withDatabaseName } from "../helpers/postgres";

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
  if (createdDatabase && source.kind === "postgres") {
    await adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${createdDatabase}" WITH (FORCE)`);
  }
});
