#!/usr/bin/env node
// API throughput on the production build: GET /v1/whoami and GET /v1/surveys (100 surveys in the
// workspace, default page of 25) at 50 connections, each as a ratio to GET /bench/static (a constant
// route handler of the same app) measured in the same run. Once on PGlite, once on PostgreSQL.
//
//   npm run build && node bench/api.mjs [--duration=10] [--rounds=2] [--only=pglite|postgres]
//
// Environment: BENCH_PORT (default: a free port), BENCH_DATABASE_URL (PostgreSQL server; default
// postgresql://postgres@127.0.0.1:5432/postgres — the run creates and drops its own database).
// Results: printed, and written to bench/.out/api-<time>.json.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const DURATION = Number(args.duration ?? 10);
const ROUNDS = Number(args.rounds ?? 2);
const CONNECTIONS = 50;
const SURVEYS = 100;
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const KEY = `qpk_live_bench_${randomBytes(24).toString("base64url")}`;

const ROUTES = [
  { name: "static", path: "/bench/static", auth: false },
  { name: "whoami", path: "/v1/whoami", auth: true },
  { name: "surveys", path: "/v1/surveys", auth: true },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function admin(sql) {
  const url = new URL(POSTGRES_SERVER);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startServer(port, env) {
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", API_RATE_LIMIT_PER_MINUTE: "0", BOOTSTRAP_API_KEY: KEY, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("next start did not become healthy in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function seed(base) {
  const prefix = randomBytes(3).toString("hex");
  for (let index = 0; index < SURVEYS; index++) {
    const response = await fetch(`${base}/v1/surveys`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: `bench-${prefix}-${index}`, name: `Benchmark survey ${index}`, description: "Seeded by bench/api.mjs" }),
    });
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }
}

function measure(base, route, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${route.path}`,
        connections: CONNECTIONS,
        duration,
        headers: route.auth ? { authorization: `Bearer ${KEY}` } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function benchDatabase(kind) {
  const port = Number(process.env.BENCH_PORT || (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sps-bench-"));
  let database;
  const env = { DATA_DIR: dataDir };
  if (kind === "postgres") {
    database = `sps_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await admin(`CREATE DATABASE "${database}"`);
    const url = new URL(POSTGRES_SERVER);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const server = await startServer(port, env);
  try {
    await seed(base);
    console.log(`\n[${kind}] server ready on ${base}; ${SURVEYS} surveys seeded. Warming up…`);
    for (const route of ROUTES) await measure(base, route, 3);
    const samples = Object.fromEntries(ROUTES.map((route) => [route.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of ROUTES) {
        const result = await measure(base, route, DURATION);
        const bad = result.non2xx + result.errors + result.timeouts;
        if (bad > 0) throw new Error(`${route.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        samples[route.name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total });
        console.log(`[${kind}] round ${round} ${route.path.padEnd(14)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`);
      }
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const summary = Object.fromEntries(
      Object.entries(samples).map(([name, runs]) => [name, { rps: mean(runs.map((run) => run.rps)), p50: mean(runs.map((run) => run.p50)), p99: mean(runs.map((run) => run.p99)), runs }]),
    );
    for (const name of ["whoami", "surveys"]) summary[name].ratio = summary[name].rps / summary.static.rps;
    return summary;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    if (database) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("bench/api.mjs: no production build; run `npm run build` first.");
  process.exit(1);
}

const kinds = args.only ? [args.only] : ["pglite", "postgres"];
const results = {};
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresReachable())) {
    console.log(`\n[postgres] skipped: no PostgreSQL at ${POSTGRES_SERVER} (set BENCH_DATABASE_URL)`);
    continue;
  }
  results[kind] = await benchDatabase(kind);
}

console.log(`\nGET at ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per route (mean req/s; ratio to /bench/static):`);
console.log("database   static   whoami (ratio)     surveys (ratio)");
for (const [kind, summary] of Object.entries(results)) {
  const cell = (name) => `${summary[name].rps.toFixed(0).padStart(6)} (${summary[name].ratio.toFixed(2)})`;
  console.log(`${kind.padEnd(9)} ${summary.static.rps.toFixed(0).padStart(7)}   ${cell("whoami")}     ${cell("surveys")}`);
}
const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadavg: os.loadavg() };
await mkdir(path.join(root, "bench", ".out"), { recursive: true });
const file = path.join(root, "bench", ".out", `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
await writeFile(file, JSON.stringify({ connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, surveys: SURVEYS, machine, results }, null, 2));
console.log(`\nmachine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, node ${machine.node}; details in ${path.relative(root, file)}`);
