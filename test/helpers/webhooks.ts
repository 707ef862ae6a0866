import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { webhookDeliveryWorkflow } from "@/inngest/functions/webhook-delivery";
import { resetAppKeyForTests } from "@/lib/crypto/app-key";
import { resetEnvForTests } from "@/lib/env";
import { configureWebhookEngine, type EngineOptions } from "@/lib/webhooks/engine";
import { WebhookScheduler } from "@/lib/webhooks/scheduler";
import { LocalExecutor } from "@/lib/workflows/executor";

/**
 * Webhook test kit: the environment the engine reads, a real HTTP receiver on 127.0.0.1, and the real
 * delivery engine (embedded executor + scheduler) with short polls.
 */

export function configureWebhookEnv(values: { allowPrivate?: boolean; retryScale?: number }): void {
  process.env.APP_ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
  if (values.allowPrivate !== undefined) process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = values.allowPrivate ? "true" : "false";
  if (values.retryScale !== undefined) process.env.WEBHOOK_RETRY_SCALE = String(values.retryScale);
  resetEnvForTests();
  resetAppKeyForTests();
}

export type ReceivedRequest = { index: number; method: string; path: string; headers: Record<string, string>; body: string; receivedAt: number };
export type Reply = number | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/** A local receiver; `reply` decides each answer (default 200) from the request and its 0-based index. */
export async function startReceiver(reply: (request: ReceivedRequest) => Reply | Promise<Reply> = () => 200) {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const received: ReceivedRequest = {
        index: requests.length,
        method: incoming.method ?? "",
        path: incoming.url ?? "",
        headers: Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      requests.push(received);
      const answer = await reply(received);
      const { status, body, headers, delayMs } = typeof answer === "number" ? { status: answer, body: undefined, headers: undefined, delayMs: 0 } : answer;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (outgoing.destroyed) return;
      outgoing.writeHead(status, { "content-type": "text/plain", ...headers });
      outgoing.end(body ?? `status ${status}`);
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The real engine: the embedded executor running the delivery workflow, and the scheduler starting it. */
export function startEngine(options: { pollMs?: number; workers?: number; engine?: Partial<EngineOptions> } = {}) {
  configureWebhookEngine({ timeoutMs: 5_000, leaseMs: 10_000, ...options.engine });
  const executor = new LocalExecutor({ workflows: [webhookDeliveryWorkflow], pollMs: 20, leaseMs: 5_000, retryBaseMs: 20 });
  const scheduler = new WebhookScheduler({ pollMs: options.pollMs ?? 50, workers: options.workers ?? 2 });
  executor.start();
  scheduler.start();
  return {
    executor,
    scheduler,
    async stop() {
      await scheduler.stop();
      await executor.stop();
      configureWebhookEngine("reset");
    },
  };
}

export async function waitUntil<T>(check: () => Promise<T | false | null | undefined> | T | false | null | undefined, timeoutMs = 20_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
