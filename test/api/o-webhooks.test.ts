import { verify } from "@octokit/webhooks-methods";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createOrg } from "../helpers/o-api";
import { addKey, createTenant } from "../helpers/tenant";
import { configureWebhookEnv, startEngine, startReceiver, waitUntil } from "../helpers/webhooks";

/** Interface O webhooks: organization-scoped, `X-Service-Signature: sha256=…`, five attempts. */

let engine: ReturnType<typeof startEngine>;

beforeAll(() => {
  configureWebhookEnv({ allowPrivate: true, retryScale: 0.01 });
  engine = startEngine();
});
afterAll(async () => {
  await engine.stop();
});

type DeliveryLog = {
  id: string;
  event: string;
  status: string;
  attempts: number;
  request_payload: { event: string; data: Record<string, unknown>; timestamp: string };
  response_status: number | null;
  response_body: string | null;
  attempt_log: { attempted_at: string; response_status: number | null }[];
};

describe("O webhooks", () => {
  it("creates a webhook with its secret once, and lists, reads, updates and deletes it within the organization", async () => {
    const { o } = await createOrg();
    const created = await o.post("/webhooks", { url: "http://127.0.0.1:9/o-hook", description: "ops" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: "http://127.0.0.1:9/o-hook", events: [], description: "ops", active: true });
    expect(created.body.secret).toMatch(/^whsec_/);
    const { id } = created.body;

    const read = await o.get(`/webhooks/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("secret");
    expect((await o.get("/webhooks")).body).toMatchObject({ total: 1, items: [{ id }] });

    const updated = await o.put(`/webhooks/${id}`, { events: ["programming.finished"], active: false });
    expect(updated.body).toMatchObject({ events: ["programming.finished"], active: false });
    expect((await o.post("/webhooks", { url: "http://127.0.0.1:9/", events: ["survey.exploded"] })).status).toBe(400);

    const other = await createOrg();
    expect((await other.o.get(`/webhooks/${id}`)).status).toBe(404);
    // P endpoints and O webhooks are separate lists.
    expect((await (await createOrg()).api.get("/v1/webhook_endpoints")).body.data).toEqual([]);

    const removed = await o.delete(`/webhooks/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Webhook deleted." });
    expect((await o.get(`/webhooks/${id}`)).status).toBe(404);
  });

  it("sends a signed synthetic survey.created on test, verified by @octokit/webhooks-methods, and logs it", async () => {
    const receiver = await startReceiver(() => ({ status: 204 }));
    try {
      const { o } = await createOrg();
      const { id, secret } = (await o.post("/webhooks", { url: `${receiver.url}/o` })).body;
      const queued = await o.post(`/webhooks/${id}/test`);
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ event: "survey.created", status: "pending", attempts: 0 });

      const request = await waitUntil(() => receiver.requests[0]);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-service-event"]).toBe("survey.created");
      expect(request.headers["x-service-delivery"]).toBe(queued.body.id);
      expect(request.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(await verify(secret, request.body, request.headers["x-service-signature"])).toBe(true);
      const body = JSON.parse(request.body);
      expect(body).toMatchObject({ event: "survey.created", data: { test: true, survey: { slug: "webhook-test" } } });
      expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);

      const log = await waitUntil(async () => {
        const response = await o.get(`/webhooks/${id}/deliveries?limit=5`);
        const item = response.body.items[0] as DeliveryLog | undefined;
        return item?.status === "succeeded" ? response.body : null;
      });
      expect(log.total).toBe(1);
      expect(log.items[0]).toMatchObject({ id: queued.body.id, attempts: 1, response_status: 204, request_payload: body });
    } finally {
      await receiver.close();
    }
  });

  it("receives survey.created from every workspace of the organization, and only subscribed types", async () => {
    const receiver = await startReceiver();
    try {
      const tenant = await createOrg();
      const all = (await tenant.o.post("/webhooks", { url: `${receiver.url}/all`, events: [] })).body;
      await tenant.o.post("/webhooks", { url: `${receiver.url}/programming`, events: ["programming.finished"] });
      const second = await (await db()).workspace.create({ data: { organizationId: tenant.organization.id, name: "Second", slug: "second" } });
      const secondKey = await addKey(second.id, ["*"]);
      const outsider = await createTenant();

      await tenant.api.post("/v1/surveys", { slug: "first-ws", name: "First" });
      await secondKey.api.post("/v1/surveys", { slug: "second-ws", name: "Second" });
      await outsider.api.post("/v1/surveys", { slug: "outside", name: "Outside" });
      await tenant.api.patch(`/v1/surveys/${(await tenant.api.get("/v1/surveys")).body.data[0].id}`, { name: "Renamed" });

      await waitUntil(() => receiver.requests.length >= 2);
      await waitUntil(async () => (await (await db()).webhookDelivery.count({ where: { endpointId: all.id, status: "pending" } })) === 0);
      await waitUntil(async () => (await (await db()).event.count({ where: { fannedOutAt: null } })) === 0);
      const received = receiver.requests.map((request) => ({ path: request.path, body: JSON.parse(request.body) }));
      expect(received.map((entry) => entry.path)).toEqual(["/all", "/all"]);
      expect(received.map((entry) => entry.body.data.survey.slug).sort()).toEqual(["first-ws", "second-ws"]);
      expect(received.map((entry) => entry.body.data.workspace_id).sort()).toEqual([tenant.workspace.id, second.id].sort());
      for (const request of receiver.requests) expect(await verify(all.secret, request.body, request.headers["x-service-signature"])).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("retries after about 1, 2, 4 and 8 s (scaled) and is failed after 5 failed attempts", async () => {
    const receiver = await startReceiver(() => ({ status: 500, body: "down" }));
    try {
      const { o } = await createOrg();
      const { id } = (await o.post("/webhooks", { url: receiver.url })).body;
      await o.post(`/webhooks/${id}/test`);
      const log = await waitUntil(async () => {
        const item = (await o.get(`/webhooks/${id}/deliveries`)).body.items[0] as DeliveryLog | undefined;
        return item?.status === "failed" ? item : null;
      }, 20_000, "the O delivery to fail");
      expect(log.attempts).toBe(5);
      expect(log.response_status).toBe(500);
      expect(log.response_body).toBe("down");
      expect(log.attempt_log.map((attempt) => attempt.response_status)).toEqual([500, 500, 500, 500, 500]);
      expect(receiver.requests).toHaveLength(5);
      // WEBHOOK_RETRY_SCALE=0.01: at least 10, 20, 40 and 80 ms between attempts (1, 2, 4, 8 s unscaled).
      const times = receiver.requests.map((request) => request.receivedAt);
      const gaps = times.slice(1).map((time, index) => time - times[index]);
      [10, 20, 40, 80].forEach((minimum, index) => expect(gaps[index]).toBeGreaterThanOrEqual(minimum - 2));
    } finally {
      await receiver.close();
    }
  });

  it("rotates the secret: the next delivery verifies with the new secret only", async () => {
    const receiver = await startReceiver();
    try {
      const { o } = await createOrg();
      const { id, secret: oldSecret } = (await o.post("/webhooks", { url: receiver.url })).body;
      const rotated = await o.post(`/webhooks/${id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.body).toMatchObject({ id, active: true });
      expect(rotated.body.secret).not.toBe(oldSecret);
      await o.post(`/webhooks/${id}/test`);
      const request = await waitUntil(() => receiver.requests[0]);
      expect(await verify(rotated.body.secret, request.body, request.headers["x-service-signature"])).toBe(true);
      expect(await verify(oldSecret, request.body, request.headers["x-service-signature"])).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it("refuses a test on an inactive webhook", async () => {
    const { o } = await createOrg();
    const { id } = (await o.post("/webhooks", { url: "http://127.0.0.1:9/" })).body;
    await o.put(`/webhooks/${id}`, { active: false });
    const refused = await o.post(`/webhooks/${id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("conflict");
  });
});
