import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { inject } from "vitest";
import { adminQuery, withDatabaseName } from "./postgres";

/**
 * Crash tests run the server's background work in a child process (a `test/**\/…-worker.ts` script)
 * that the test SIGKILLs and starts again. The child needs a database of its own that outlives it: a
 * PGlite directory, or a fresh database on the test PostgreSQL server (dropped with the run's template).
 */

export async function childDatabaseEnv(label: string): Promise<Record<string, string>> {
  const source = inject("database");
  const dataDir = await mkdtemp(path.join(tmpdir(), `${label}-`));
  if (source.kind === "postgres") {
    const name = `${source.template}_${label.replace(/\W/g, "")}_${randomBytes(3).toString("hex")}`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    return { DATA_DIR: dataDir, DATABASE_URL: withDatabaseName(source.serverUrl, name) };
  }
  return { DATA_DIR: dataDir };
}

/** Starts `script` under tsx as a production-mode process; `waitFor` resolves with the first stdout line a test accepts. */
export function startWorker(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const seen: string[] = [];
  const waiters: { accepts: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    seen.push(line);
    for (const waiter of [...waiters]) {
      if (!waiter.accepts(line)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const waitFor = (accepts: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const earlier = seen.find(accepts);
      if (earlier) return resolve(earlier);
      waiters.push({ accepts, resolve });
      void exited.then((code) => reject(new Error(`${script} exited (${code}); last output: ${seen.slice(-5).join(" | ")}`)));
    });
  /** The rest of the first line starting with `prefix`. */
  const waitForPrefix = async (prefix: string) => (await waitFor((line) => line.startsWith(prefix))).slice(prefix.length).trim();
  const kill = async () => {
    child.kill("SIGKILL");
    await exited;
  };
  return { child, waitFor, waitForPrefix, kill, exited };
}
