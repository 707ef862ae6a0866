import { InngestTestEngine } from "@inngest/test";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveryWorkflow } from "@/inngest/functions/webhook-delivery";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import { toInngestFunction } from "@/lib/workflows/inngest-adapter";
import { createRun, getRunWithDetails } from "@/lib/workflows/runs";
import { createTenant } from "../helpers/tenant";
import { configureWebhookEnv, startEngine, startReceiver, waitUntil } from "../helpers/webhooks";

beforeAll(() => configureWebhookEnv({ allowPrivate: true, retryScale: 0.001 }));

/** A burst of `count` events recorded straight into the log, as a busy service would. */
async function recordBurst(workspaceId: string, count: number, prefix: string) {
  const prisma = await db();
  for (let start = 0; start < count; start += 100) {
    await prisma.$transaction(async (tx) => {
      for (let index = start; index < Math.min(count, start + 100); index++) {
        const now = new Date().toISOString();
        const id = `0190${String(index).padStart(4, "0")}-0000-7000-8000-000000000000`;
        await recordEvent(tx, workspaceId, "survey.created", { survey: { id, slug: `${prefix}-${index}`, name: `Burst ${index}`, description: null, created_at: now, updated_at: now } });
      }
    });
  }
}

async function succeededCount(endpointId: string) {
  return (await db()).webhookDelivery.count({ where: { endpointId, status: "succeeded" } });
}

describe("at-least-once delivery across worker restarts", () => {
  it("loses no event when the delivery worker stops mid-way and another one takes over", async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 15 }));
    const { api, workspace } = await createTenant();
    const { id: endpointId, secret } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
    await recordBurst(workspace.id, 300, "restart");

    const first = startEngine({ engine: { deliveryBatch: 25 } });
    try {
      await waitUntil(() => receiver.requests.length >= 50, 20_000, "the first worker to deliver some");
    } finally {
      await first.stop();
    }
    const deliveredByFirst = await succeededCount(endpointId);
    expect(deliveredByFirst).toBeGreaterThan(0);
    expect(deliveredByFirst).toBeLessThan(300);
    // The stopped executor handed its worker run back instead of finishing it.
    const handedBack = await (await db()).workflowRun.findMany({ where: { functionId: webhookDeliveryWorkflow.id, status: "running" } });
    expect(handedBack.every((run) => run.leaseOwner === null)).toBe(true);

    const second = startEngine({ engine: { deliveryBatch: 25 } });
    try {
      await waitUntil(async () => (await succeededCount(endpointId)) === 300, 30_000, "all 300 deliveries");
    } finally {
      await second.stop();
      await receiver.close();
    }
    const ids = new Set(receiver.requests.map((request) => (new Webhook(secret).verify(request.body, request.headers) as { id: string }).id));
    expect(ids.size).toBe(300);
    const events = await (await db()).event.findMany({ where: { workspaceId: workspace.id }, select: { id: true } });
    expect(new Set(events.map((event) => event.id))).toEqual(ids);
  });

  it("fans out events committed while no worker was running, once one starts", async () => {
    const receiver = await startReceiver();
    const { api, workspace } = await createTenant();
    const { id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["*"] })).body.data;
    await recordBurst(workspace.id, 20, "offline");
    expect(await (await db()).webhookDelivery.count({ where: { endpointId } })).toBe(0);
    const engine = startEngine();
    try {
      await waitUntil(async () => (await succeededCount(endpointId)) === 20);
    } finally {
      await engine.stop();
      await receiver.close();
    }
    expect(new Set(receiver.requests.map((request) => request.headers["webhook-id"])).size).toBe(20);
  });
});

describe("the delivery engine as an Inngest function (@inngest/test)", () => {
  it("fans out and delivers under Inngest with the same definition", async () => {
    const receiver = await startReceiver();
    try {
      const { api, workspace } = await createTenant();
      const { id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
      await recordBurst(workspace.id, 5, "inngest");
      const run = await (await db()).$transaction((tx) => createRun(tx, webhookDeliveryWorkflow, { workspaceId: null, input: {} }));
      const engine = new InngestTestEngine({ function: toInngestFunction(webhookDeliveryWorkflow as never) });
      const { result } = await engine.execute({ events: [{ name: webhookDeliveryWorkflow.event, data: { runId: run.id } }] });
      expect(result).toMatchObject({ fanned_out: 5, attempted: 5, succeeded: 5 });
      expect(await succeededCount(endpointId)).toBe(5);
      expect(receiver.requests).toHaveLength(5);
      const stored = await getRunWithDetails({ id: run.id });
      expect(stored).toMatchObject({ status: "completed", kind: "webhooks.delivery", workspaceId: null });
    } finally {
      await receiver.close();
    }
  });
});
