#!/usr/bin/env node
// API throughput on the production build: GET /v1/whoami and GET /v1/surveys (100 surveys in the
// workspace, default page of 25) at 50 connections, each as a ratio to GET /bench/static (a constant
// route handler of the same app) measured in the same run. Once on PGlite, once on PostgreSQL.
//
//   npm run build && node bench/api.mjs [--duration=5] [--rounds=6] [--only=pglite|postgres]
//
// Environment: BENCH_PORT (default: a free port), BENCH_DATABASE_URL (PostgreSQL server; default
// postgresql://postgres@127.0.0.1:5432/postgres — the run creates and drops its own database).
// Results: printed, and written to bench/.out/api-<time>.json.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const DURATION = Number(args.duration ?? 5);
const ROUNDS = Number(args.rounds ?? 6);
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
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

/** utime + stime of a process in milliseconds (Linux), to report server CPU per request. */
async function cpuMs(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

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
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order each round so no route always runs right after another.
      const order = ROUTES.map((_, index) => ROUTES[(index + round) % ROUTES.length]);
      const roundResults = {};
      for (const route of order) {
        const cpuBefore = await cpuMs(server.pid);
        const result = await measure(base, route, DURATION);
        const cpu = (await cpuMs(server.pid)) - cpuBefore;
        const bad = result.non2xx + result.errors + result.timeouts;
        if (bad > 0) throw new Error(`${route.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        roundResults[route.name] = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, cpuMsPerRequest: cpu / result.requests.total };
        console.log(`[${kind}] round ${round + 1} ${route.path.padEnd(14)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  server CPU ${(cpu / result.requests.total).toFixed(3)} ms/req`);
      }
      for (const route of ROUTES) {
        const sample = roundResults[route.name];
        sample.ratio = sample.rps / roundResults.static.rps;
        samples[route.name].push(sample);
      }
    }
    // Medians: other work on a shared machine makes single runs swing; the same-round ratio is the robust figure.
    return Object.fromEntries(
      Object.entries(samples).map(([name, runs]) => [
        name,
        {
          rps: median(runs.map((run) => run.rps)),
          ratio: median(runs.map((run) => run.ratio)),
          ratioMin: Math.min(...runs.map((run) => run.ratio)),
          ratioMax: Math.max(...runs.map((run) => run.ratio)),
          p50: median(runs.map((run) => run.p50)),
          p99: median(runs.map((run) => run.p99)),
          cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
          runs,
        },
      ]),
    );
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

console.log(`\nGET at ${CONNECTIONS} connections, ${ROUNDS} rounds × ${DURATION} s per route; medians over rounds.`);
console.log("ratio = req/s of the route ÷ req/s of /bench/static in the same round (min–max over rounds)");
console.log("database   static req/s   whoami req/s  ratio             surveys req/s  ratio             server CPU ms/req static/whoami/surveys");
for (const [kind, summary] of Object.entries(results)) {
  const cell = (name) => `${summary[name].rps.toFixed(0).padStart(6)}        ${summary[name].ratio.toFixed(2)} (${summary[name].ratioMin.toFixed(2)}–${summary[name].ratioMax.toFixed(2)})`;
  const cpu = ["static", "whoami", "surveys"].map((name) => summary[name].cpuMsPerRequest.toFixed(3)).join(" / ");
  console.log(`${kind.padEnd(9)} ${summary.static.rps.toFixed(0).padStart(8)}       ${cell("whoami")}    ${cell("surveys")}    ${cpu}`);
}
const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadavg: os.loadavg() };
await mkdir(path.join(root, "bench", ".out"), { recursive: true });
const file = path.join(root, "bench", ".out", `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
await writeFile(file, JSON.stringify({ connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, surveys: SURVEYS, machine, results }, null, 2));
console.log(`\nmachine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, node ${machine.node}; details in ${path.relative(root, file)}`);
