import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Webhook } from "standardwebhooks";
import { describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabaseName } from "../helpers/postgres";
import { startReceiver } from "../helpers/webhooks";

const source = inject("database");

async function databaseEnv(): Promise<Record<string, string>> {
  if (source.kind === "postgres") {
    const name = `${source.template}_whcrash_${randomBytes(3).toString("hex")}`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    return { DATABASE_URL: withDatabaseName(source.serverUrl, name) };
  }
  return { DATA_DIR: await mkdtemp(path.join(tmpdir(), "webhook-crash-")) };
}

function runWorker(args: string[], extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/webhooks/delivery-worker.ts", ...args], {
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

describe("webhook delivery survives a crash", () => {
  it("delivers every event after the delivering process is SIGKILLed mid-burst (at-least-once)", async () => {
    const COUNT = 200;
    // Slow answers, so the kill lands while requests are in flight and their outcome is never recorded.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 150 }));
    const env = {
      ...(await databaseEnv()),
      APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_RETRY_SCALE: "0.001",
    };
    try {
      const first = runWorker(["start", receiver.url, String(COUNT)], env);
      const { endpointId, secret } = JSON.parse(await first.waitFor("READY"));
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (receiver.requests.length >= 50) {
            clearInterval(timer);
            resolve();
          }
        }, 10);
        first.child.once("exit", () => reject(new Error("worker exited early")));
      });
      first.child.kill("SIGKILL");
      await new Promise((resolve) => first.child.once("exit", resolve));
      const receivedBeforeCrash = receiver.requests.length;
      expect(receivedBeforeCrash).toBeLessThan(COUNT);

      const second = runWorker(["resume", endpointId], env);
      const summary = JSON.parse(await second.waitFor("SUMMARY"));
      expect(summary).toMatchObject({ succeeded: COUNT });
      expect(summary.failed).toBeUndefined();

      const webhook = new Webhook(secret);
      const ids = receiver.requests.map((request) => (webhook.verify(request.body, request.headers) as { id: string }).id);
      expect(new Set(ids).size).toBe(COUNT);
      // Requests in flight at the kill were sent again: at least once, possibly twice, never lost.
      expect(ids.length).toBeGreaterThanOrEqual(COUNT);
      expect(summary.attempts).toBeGreaterThanOrEqual(COUNT);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
