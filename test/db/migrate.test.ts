import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";

describe("migrator", () => {
  it("records every migration in _prisma_migrations with Prisma's checksum and skips them next time", async () => {
    const database = await getDatabase();
    const rows = await database.withSession((session) =>
      session.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const files = await readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    expect(rows.map((row) => row.checksum)).toEqual(files.map((file) => createHash("sha256").update(file.sql).digest("hex")));
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    const again = await database.withSession((session) => migrate(session));
    expect(again.applied).toEqual([]);
    expect(again.skipped).toEqual(files.map((file) => file.name));
  });

  it("rolls back a failing migration completely and does not record it", async () => {
    const database = await getDatabase();
    const directory = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await mkdir(path.join(directory, "29990101000000_broken"));
    await writeFile(
      path.join(directory, "29990101000000_broken", "migration.sql"),
      `CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";`,
    );
    await expect(database.withSession((session) => migrate(session, directory))).rejects.toThrow(/29990101000000_broken failed/);
    const tables = await database.withSession((session) =>
      session.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`),
    );
    expect(tables).toEqual([]);
    const recorded = await database.withSession((session) =>
      session.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '29990101000000_broken'`),
    );
    expect(recorded).toEqual([]);
  });
});
