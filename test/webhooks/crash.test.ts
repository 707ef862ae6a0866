import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { childDatabaseEnv, startWorker } from "../helpers/child-worker";
import { startReceiver } from "../helpers/webhooks";

const WORKER = "test/webhooks/delivery-worker.ts";

describe("webhook delivery survives a crash", () => {
  it("delivers every event after the delivering process is SIGKILLed mid-burst (at-least-once)", async () => {
    const COUNT = 200;
    // Slow answers, so the kill lands while requests are in flight and their outcome is never recorded.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 150 }));
    const env = {
      ...(await childDatabaseEnv("webhook-crash")),
      APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_RETRY_SCALE: "0.001",
    };
    try {
      const first = startWorker(WORKER, ["start", receiver.url, String(COUNT)], env);
      const { endpointId, secret } = JSON.parse(await first.waitForPrefix("READY"));
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (receiver.requests.length >= 50) {
            clearInterval(timer);
            resolve();
          }
        }, 10);
        first.child.once("exit", () => reject(new Error("worker exited early")));
      });
      await first.kill();
      const receivedBeforeCrash = receiver.requests.length;
      expect(receivedBeforeCrash).toBeLessThan(COUNT);

      const second = startWorker(WORKER, ["resume", endpointId], env);
      const summary = JSON.parse(await second.waitForPrefix("SUMMARY"));
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
