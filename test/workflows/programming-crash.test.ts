import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabaseName } from "../helpers/postgres";

const source = inject("database");

async function processEnv(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "programming-crash-"));
  if (source.kind === "postgres") {
    const name = `${source.template}_pcrash_${randomBytes(3).toString("hex")}`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    return { DATA_DIR: dataDir, DATABASE_URL: withDatabaseName(source.serverUrl, name) };
  }
  return { DATA_DIR: dataDir };
}

function worker(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/workflows/programming-worker.ts", ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const seen: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  lines.on("line", (line) => {
    seen.push(line);
    for (const waiter of [...waiters]) if (waiter.test(line)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const waitFor = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const found = seen.find(test);
      if (found) return resolve(found);
      waiters.push({ test, resolve });
      child.once("exit", (code) => reject(new Error(`worker exited (${code}); output: ${seen.slice(-5).join(" | ")}`)));
    });
  return { child, waitFor };
}

describe("programming crash recovery", () => {
  it("completes a programming run after SIGKILL mid-compile: finished steps are not repeated and exactly one content revision is written", async () => {
    const env = await processEnv();
    const first = worker(["start"], env);
    const runId = (await first.waitFor((line) => line.startsWith("RUN "))).slice(4);
    const targetStep = await first.waitFor((line) => line.startsWith("STEP resolve-target "));
    const targetFinishedAt = targetStep.split(" ")[2];
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = worker(["resume", runId], env);
    const summary = JSON.parse((await second.waitFor((line) => line.startsWith("SUMMARY "))).slice(8));
    expect(summary.error).toBeNull();
    expect(summary.status).toBe("completed");
    expect(summary.revisions).toEqual([1]);
    expect(summary.output).toMatchObject({ content_revision: 1 });
    expect(summary.steps.map((step: { id: string }) => step.id).sort()).toEqual(["audit-content", "compile-questionnaire", "resolve-target", "write-content"]);
    // The step finished before the crash keeps its record: it was not run again.
    expect(summary.steps.find((step: { id: string }) => step.id === "resolve-target").finishedAt).toBe(targetFinishedAt);
    expect(summary.targetChunks).toBe(1);
    expect(summary.indexes).toEqual(summary.indexes.map((_: number, index: number) => index));
  }, 180_000);
});
