#!/usr/bin/env node
// npm test — the whole test suite, as CI runs it:
//   0. prisma generate (the client always matches prisma/schema, even without a fresh npm install)
//   1. lint (eslint)
//   2. vitest on PGlite (each test file gets its own in-memory database)
//   3. vitest on PostgreSQL, when a server is reachable (TEST_DATABASE_URL, DATABASE_URL, or 127.0.0.1:5432);
//      without the questionnaire compiler's tests, which open no database and already ran in step 2
//   4. the production build (next build, which also type-checks)
//   5. Playwright (every project in playwright.config.ts) against `next start` on a free port with a
//      fresh DATA_DIR and BOOTSTRAP_API_KEY
// Stops at the first failing step and prints a summary. New test files and specs are picked up by the
// vitest and Playwright configurations; nothing here lists them.
//
//   npm test -- --skip=lint,postgres     skip steps (generate, lint, pglite, postgres, build, e2e)
//   npm test -- --only=pglite            run only these steps
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";
const STEPS = ["generate", "lint", "pglite", "postgres", "build", "e2e"];

function parseSelection(argv) {
  const pick = (flag) => {
    const arg = argv.find((value) => value.startsWith(`--${flag}=`));
    if (!arg) return undefined;
    const names = arg.slice(flag.length + 3).split(",").filter(Boolean);
    const unknown = names.filter((name) => !STEPS.includes(name));
    if (unknown.length > 0) {
      console.error(`npm test: unknown step ${unknown.join(", ")}; steps are ${STEPS.join(", ")}.`);
      process.exit(2);
    }
    return names;
  };
  const other = argv.filter((value) => !value.startsWith("--skip=") && !value.startsWith("--only="));
  if (other.length > 0) {
    console.error(`npm test: unexpected argument ${other[0]}. Use --skip=<steps> or --only=<steps> (${STEPS.join(", ")}).`);
    process.exit(2);
  }
  const only = pick("only");
  const skip = pick("skip") ?? [];
  return (step) => (only ? only.includes(step) : true) && !skip.includes(step);
}

/** The environment without database settings, so each step decides which database it uses. */
function baseEnv(extra = {}) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete env[key];
  return env;
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward).off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on("error", (error) => {
      console.error(`npm test: could not start ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** Connects and runs SELECT 1; resolves to an error message or null. */
async function probePostgres(url) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error.message || error.code || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Which PostgreSQL server the second vitest run uses, or why there is none. */
async function resolvePostgres() {
  const explicit = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (explicit) {
    const problem = await probePostgres(explicit);
    return problem ? { error: `PostgreSQL from ${process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : "DATABASE_URL"} is not reachable: ${problem}` } : { url: explicit };
  }
  const problem = await probePostgres(DEFAULT_POSTGRES);
  return problem ? { skip: `no PostgreSQL at 127.0.0.1:5432 (${problem}); set TEST_DATABASE_URL to run this step` } : { url: DEFAULT_POSTGRES };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

const selected = parseSelection(process.argv.slice(2));
const results = [];
const started = Date.now();

async function step(name, title, action) {
  if (!selected(name)) {
    results.push({ title, status: "skipped", note: "not selected" });
    return true;
  }
  console.log(`\n▶ ${title}\n`);
  const begin = Date.now();
  const outcome = await action();
  const seconds = ((Date.now() - begin) / 1000).toFixed(1);
  if (typeof outcome === "object" && outcome.skip) {
    results.push({ title, status: "skipped", note: outcome.skip });
    console.log(`– skipped: ${outcome.skip}`);
    return true;
  }
  const ok = outcome === 0;
  results.push({ title, status: ok ? "passed" : "FAILED", note: `${seconds} s` });
  return ok;
}

function summary() {
  console.log("\n──────── npm test summary ────────");
  for (const result of results) {
    const mark = result.status === "passed" ? "✓" : result.status === "skipped" ? "–" : "✗";
    console.log(`${mark} ${result.title.padEnd(34)} ${result.status}${result.note ? ` (${result.note})` : ""}`);
  }
  const failed = results.some((result) => result.status === "FAILED");
  console.log(`${failed ? "FAILED" : "All passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  return failed ? 1 : 0;
}

// The questionnaire compiler's tests (extraction, parsing, the regular-expression fuzz) never open a database, so the
// PostgreSQL pass leaves them to the PGlite pass instead of running them twice.
const DATABASE_FREE_TESTS = "lib/questionnaire/**";

const pipeline = [
  ["generate", "Prisma client (prisma generate)", () => run(bin("prisma"), ["generate"], baseEnv())],
  ["lint", "lint (eslint)", () => run(bin("eslint"), ["."], baseEnv())],
  ["pglite", "vitest on PGlite", () => run(bin("vitest"), ["run"], baseEnv())],
  [
    "postgres",
    "vitest on PostgreSQL",
    async () => {
      const server = await resolvePostgres();
      if (server.error) {
        console.error(`npm test: ${server.error}`);
        return 1;
      }
      if (server.skip) return { skip: server.skip };
      console.log(`(server ${redact(server.url)}: the run creates and drops its own databases)\n`);
      return run(bin("vitest"), ["run", "--exclude", DATABASE_FREE_TESTS], baseEnv({ TEST_DATABASE_URL: server.url }));
    },
  ],
  ["build", "production build (next build)", () => run("npm", ["run", "-s", "build"], baseEnv())],
  [
    "e2e",
    "Playwright against next start",
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "sps-e2e-"));
      try {
        const port = process.env.E2E_PORT || String(await freePort());
        console.log(`(server on 127.0.0.1:${port}, DATA_DIR ${dataDir})\n`);
        // E2E_BASE_URL would point Playwright at another server; here it always starts the fresh build.
        return await run(bin("playwright"), ["test"], baseEnv({ E2E_PORT: port, E2E_DATA_DIR: dataDir, E2E_BASE_URL: undefined, E2E_BOOTSTRAP_API_KEY: undefined }));
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  ],
];

for (const [name, title, action] of pipeline) {
  if (!(await step(name, title, action))) {
    for (const [, rest] of pipeline.slice(pipeline.findIndex(([candidate]) => candidate === name) + 1)) {
      results.push({ title: rest, status: "skipped", note: "not run after a failure" });
    }
    break;
  }
}
process.exit(summary());
