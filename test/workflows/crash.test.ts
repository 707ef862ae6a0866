import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabaseName } from "../helpers/postgres";

const source = inject("database");

async function databaseEnv(): Promise<Record<string, string>> {
  if (source.kind === "postgres") {
    const name = `${source.template}_crash_${randomBytes(3).toString("hex")}`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    return { DATABASE_URL: withDatabaseName(source.serverUrl, name) };
  }
  return { DATA_DIR: await mkdtemp(path.join(tmpdir(), "crash-")) };
}

function runWorker(args: string[], extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/workflows/crash-worker.ts", ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...extraEnv, NODE_ENV: "production", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const waitFor = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      lines.on("line", (line) => {
        if (line.startsWith(prefix)) resolve(line.slice(prefix.length).trim());
      });
      child.once("exit", (code) => reject(new Error(`worker exited (${code}) before printing ${prefix}`)));
    });
  return { child, waitFor };
}

describe("crash recovery", () => {
  it("finishes a run after its executor process is SIGKILLed mid-step, without repeating finished steps", async () => {
    const env = await databaseEnv();
    const first = runWorker(["start"], env);
    const runId = await first.waitFor("RUN");
    await first.waitFor("IN_STEP_TWO");
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = runWorker(["resume", runId], env);
    const summary = JSON.parse(await second.waitFor("SUMMARY"));
    expect(summary.status).toBe("completed");
    expect(summary.output).toEqual({ done: true });
    expect(summary.steps).toEqual(["one", "three", "two"]);
    // "one" finished before the crash and ran once; "two" was interrupted, so it ran again; "three" once.
    expect(summary.effects).toEqual(["one", "three", "two", "two"]);
    expect(summary.invocations).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
