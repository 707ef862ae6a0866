import { type ChildProcess, execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { closeDatabase, openPGlite, openPostgres, setDatabaseFactory } from "@/lib/db/client";
import { request } from "../test/helpers/api";
import { adminQuery, withDatabaseName } from "../test/helpers/postgres";

/**
 * The command-line scripts as a user runs them: a real child process (tsx, as `npm run` does) against
 * its own database — a fresh PGlite directory, or a fresh PostgreSQL database when the run uses one.
 * Between commands this test process opens the same database to check keys through the real route handlers.
 */

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const source = inject("database");

type Run = { code: number; stdout: string; stderr: string };

// Each command is a cold tsx start (a few seconds, several times that on a loaded machine) and some tests run two or
// three, so the default 30 s per test is too tight; a command that outlives its test is killed so that it cannot
// keep the embedded database locked for the next test.
vi.setConfig({ testTimeout: 180_000 });
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

function run(script: "api-key" | "db-migrate", args: string[], environment: Record<string, string>): Promise<Run> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.TEST_DATABASE_URL;
  delete inherited.BOOTSTRAP_API_KEY;
  return new Promise((resolve) => {
    const child = execFile(
      tsx,
      [path.join(root, "scripts", `${script}.ts`), ...args],
      { cwd: root, env: { ...inherited, LOG_LEVEL: "warn", ...environment }, timeout: 90_000 },
      (error, stdout, stderr) => {
        running.delete(child);
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
    running.add(child);
  });
}

let dataDir: string;
let databaseUrl: string | undefined;
let cliEnv: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "sps-cli-"));
  if (source.kind === "postgres") {
    // Empty (not from the migrated template), so db:migrate has work to do; dropped with the run's databases.
    const name = `${source.template}_cli_${randomBytes(3).toString("hex")}`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    databaseUrl = withDatabaseName(source.serverUrl, name);
  }
  cliEnv = databaseUrl ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  // This file's own requests go to the database the scripts write.
  setDatabaseFactory(() => (databaseUrl ? openPostgres(databaseUrl, { poolSize: 2 }) : openPGlite({ dataDir: path.join(dataDir, "pglite") })));
});

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `check` with this process holding the database, then lets go so the next command can open it. */
async function withDatabase(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } finally {
    await closeDatabase();
  }
}

describe("npm run db:migrate", () => {
  it("applies the migrations to a fresh database and reports it is up to date the second time", async () => {
    const first = await run("db-migrate", [], cliEnv);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/applied \d+ migrations?:\n {2}\d{14}_foundation/);
    const second = await run("db-migrate", [], cliEnv);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/up to date \(\d+ migrations? already applied\)/);
  });
});

describe("npm run api-key", () => {
  let secret: string;

  it("create prints only the new secret on stdout, and that key works with exactly its scopes", async () => {
    const created = await run("api-key", ["create", "--name", "ci", "--scopes", "surveys:read, surveys:write"], cliEnv);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^qpk_live_[A-Za-z0-9_-]{43}\n$/);
    expect(created.stderr).toContain("shown once");
    secret = created.stdout.trim();

    await withDatabase(async () => {
      const whoami = await request("GET", "/v1/whoami", { key: secret });
      expect(whoami.status).toBe(200);
      expect(whoami.body).toMatchObject({ auth_method: "api_key", permissions: ["surveys:read", "surveys:write"] });
      const survey = await request("POST", "/v1/surveys", { key: secret, body: { slug: "from-cli", name: "From the CLI" } });
      expect(survey.status).toBe(201);
      const keys = await request("GET", "/v1/api_keys", { key: secret });
      expect(keys.status).toBe(403);
    });
  });

  it("list shows the key with its hint and never the secret", async () => {
    const listed = await run("api-key", ["list", "--json"], cliEnv);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(secret);
    const keys = JSON.parse(listed.stdout).data;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ name: "ci", key_hint: secret.slice(-4), enabled: true, expires_at: null });
    expect(keys[0]).not.toHaveProperty("key");
    const table = await run("api-key", ["list"], cliEnv);
    expect(table.stdout).toContain(`…${secret.slice(-4)}`);
    expect(table.stdout).not.toContain(secret);
  });

  it("create --expires-at stores the expiry; --json returns the API's key shape", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await run("api-key", ["create", "--name", "temporary", "--scopes", "*", "--expires-at", expiresAt, "--json"], cliEnv);
    expect(created.code).toBe(0);
    const { data } = JSON.parse(created.stdout);
    expect(data).toMatchObject({ name: "temporary", scopes: ["*"], expires_at: expiresAt });
    expect(data.key).toMatch(/^qpk_live_/);
  });

  it("revoke makes the secret answer 401 at once", async () => {
    const listed = JSON.parse((await run("api-key", ["list", "--json"], cliEnv)).stdout).data as { id: string; name: string }[];
    const id = listed.find((key) => key.name === "ci")!.id;
    const revoked = await run("api-key", ["revoke", id], cliEnv);
    expect(revoked.code).toBe(0);
    await withDatabase(async () => {
      const whoami = await request("GET", "/v1/whoami", { key: secret });
      expect(whoami.status).toBe(401);
    });
    const again = await run("api-key", ["revoke", id], cliEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not found/i);
  });

  it("rejects bad input with one line on stderr and exit code 1, before touching the database", async () => {
    const cases: [string[], RegExp][] = [
      [["create", "--name", "x", "--scopes", "surveys:read,surveys:delete"], /unknown scope "surveys:delete"; valid scopes: \*, surveys:read/],
      [["create", "--name", "x"], /--scopes is required/],
      [["create", "--scopes", "*"], /--name is required/],
      [["create", "--name", "x", "--scopes", "*", "--expires-at", "2001-01-01T00:00:00Z"], /invalid --expires-at: must be in the future/],
      [["create", "--name", "x", "--scopes", "*", "--expires-at", "tomorrow"], /invalid --expires-at/],
      [["create", "--name", "x", "--scopes", "*", "--nmae", "y"], /unknown option --nmae/],
      [["frobnicate"], /unknown command "frobnicate"/],
    ];
    const emptyDir = await mkdtemp(path.join(tmpdir(), "sps-cli-untouched-"));
    try {
      for (const [args, message] of cases) {
        const result = await run("api-key", args, { DATA_DIR: emptyDir });
        expect(result.code, args.join(" ")).toBe(1);
        expect(result.stdout, args.join(" ")).toBe("");
        expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
        expect(result.stderr, args.join(" ")).toMatch(message);
      }
      const { readdir } = await import("node:fs/promises");
      expect(await readdir(emptyDir)).toEqual([]);
    } finally {
      await rm(emptyDir, { recursive: true, force: true });
    }
  });

  it("says when the embedded database is held by a running server, and how to proceed", async () => {
    // The scripts' own directory when it already holds a database (a fresh one takes seconds to create).
    const lockedDir = databaseUrl ? await mkdtemp(path.join(tmpdir(), "sps-cli-locked-")) : dataDir;
    const held = await openPGlite({ dataDir: path.join(lockedDir, "pglite") });
    try {
      const result = await run("api-key", ["create", "--name", "x", "--scopes", "*"], { DATA_DIR: lockedDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
      expect(result.stderr).toContain("POST /v1/api_keys");
      const migrate = await run("db-migrate", [], { DATA_DIR: lockedDir });
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain("already applied the migrations");
    } finally {
      await held.close();
      if (lockedDir !== dataDir) await rm(lockedDir, { recursive: true, force: true });
    }
  });
});
