import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR_LOCKED, openMigrated, openPGlite } from "@/lib/db/client";

/** Issue 18 item 14: the PGlite directory lock. */

async function dataDirectory() {
  const parent = await mkdtemp(path.join(tmpdir(), "pglite-lock-"));
  return { dataDir: path.join(parent, "pglite"), lockFile: path.join(parent, "pglite.lock") };
}

const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
);

describe("PGlite directory lock", () => {
  it("refuses a directory whose lock another process is creating right now (the file exists, its pid not yet written)", async () => {
    const { dataDir, lockFile } = await dataDirectory();
    await writeFile(lockFile, "");
    await expect(openPGlite({ dataDir })).rejects.toMatchObject({ code: DATA_DIR_LOCKED, message: expect.stringContaining("in use by another process") });
    expect(await readFile(lockFile, "utf8")).toBe("");
  });

  it("refuses a directory locked by a live process, and takes over a lock whose process is gone", async () => {
    const { dataDir, lockFile } = await dataDirectory();
    await writeFile(lockFile, String(process.ppid));
    await expect(openPGlite({ dataDir })).rejects.toMatchObject({ code: DATA_DIR_LOCKED });
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    await writeFile(lockFile, gone);
    const database = await openPGlite({ dataDir });
    expect(await readFile(lockFile, "utf8")).toBe(String(process.pid));
    await database.close();
    expect(await exists(lockFile)).toBe(false);
  });

  it("closes the database (releasing the lock) when migrating fails, so the next attempt opens it afresh", async () => {
    const { dataDir, lockFile } = await dataDirectory();
    const migrations = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await mkdir(path.join(migrations, "29990101000000_broken"));
    await writeFile(path.join(migrations, "29990101000000_broken", "migration.sql"), `SELECT * FROM "no_such_table";`);
    await expect(openMigrated(await openPGlite({ dataDir }), migrations)).rejects.toThrow(/29990101000000_broken failed/);
    expect(await exists(lockFile)).toBe(false);
    const again = await openPGlite({ dataDir });
    expect(await again.query("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
    await again.close();
  });
});
