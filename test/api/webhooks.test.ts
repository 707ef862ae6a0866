import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { configureWebhookEnv, startEngine, startReceiver, waitUntil, type ReceivedRequest } from "../helpers/webhooks";
import { createTenant } from "../helpers/tenant";

/** Interface P webhooks end to end: real route handlers, real engine, a real HTTP receiver on 127.0.0.1. */

let engine: ReturnType<typeof startEngine>;

beforeAll(() => {
  configureWebhookEnv({ allowPrivate: true, retryScale: 0.001 });
  engine = startEngine();
});
afterAll(async () => {
  await engine.stop();
});

function verify(secret: string, request: ReceivedRequest) {
  return new Webhook(secret).verify(request.body, request.headers) as { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

type Api = Awaited<ReturnType<typeof createTenant>>["api"];

async function createSurvey(api: Api, slug: string) {
  const response = await api.post("/v1/surveys", { slug, name: `Survey ${slug}` });
  expect(response.status).toBe(201);
  return response.body.data as { id: string; slug: string };
}
async function deliveriesOf(api: Api, endpointId: string, query = "") {
  const response = await api.get(`/v1/webhook_endpoints/${endpointId}/deliveries${query}`);
  expect(response.status).toBe(200);
  return response.body.data as { id: string; status: string; event_id: string; attempt_count: number; attempts: { status_code: number | null; succeeded: boolean; response_body: string | null; error: string | null }[] }[];
}

describe("webhook endpoints (P)", () => {
  it("registers an endpoint, shows the secret only on create, and lists, reads, updates and deletes it", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", event_types: ["survey.created", "survey.updated"], description: "CRM sync" });
    expect(created.status).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ url: "http://127.0.0.1:9/hook", event_types: ["survey.created", "survey.updated"], description: "CRM sync", enabled: true });
    expect(endpoint.id).toMatch(/^we_[0-9A-Z]{26}$/);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.secret_hint).toBe(endpoint.secret.slice(-4));

    const read = await api.get(`/v1/webhook_endpoints/${endpoint.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty("secret");
    expect(read.text).not.toContain(endpoint.secret);

    const stored = await (await db()).webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secretCiphertext).not.toContain(endpoint.secret.slice(6, 20));

    const list = await api.get("/v1/webhook_endpoints?limit=1");
    expect(list.body).toMatchObject({ data: [{ id: endpoint.id }], pagination: { has_more: false } });

    const patched = await api.patch(`/v1/webhook_endpoints/${endpoint.id}`, { event_types: ["*"], enabled: false, description: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ event_types: ["*"], enabled: false, description: null });

    expect((await api.delete(`/v1/webhook_endpoints/${endpoint.id}`)).status).toBe(204);
    const gone = await api.get(`/v1/webhook_endpoints/${endpoint.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: "not_found", endpoint_id: endpoint.id });
  });

  it("validates event types against the catalog and keeps other workspaces' endpoints invisible", async () => {
    const { api } = await createTenant();
    const unknown = await api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/", event_types: ["survey.exploded"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("validation_error");
    expect(unknown.body.details[0].path).toBe("body.event_types.0");
    const empty = await api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/", event_types: [] });
    expect(empty.status).toBe(400);
    const badUrl = await api.post("/v1/webhook_endpoints", { url: "ftp://example.com/", event_types: ["*"] });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.details).toEqual([{ path: "body.url", message: expect.stringContaining("http") }]);

    const created = await api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/", event_types: ["*", "survey.created"] });
    expect(created.body.data.event_types).toEqual(["*"]);
    const other = await createTenant();
    expect((await other.api.get(`/v1/webhook_endpoints/${created.body.data.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/webhook_endpoints/${created.body.data.id}/deliveries`)).status).toBe(404);
    expect((await other.api.post(`/v1/webhook_endpoints/${created.body.data.id}/rotate`)).status).toBe(404);
    expect((await other.api.get("/v1/webhook_endpoints")).body.data).toEqual([]);
  });
});

describe("webhook delivery (P, Standard Webhooks)", () => {
  it("retries after 500 and 503, succeeds on the third attempt with the same webhook-id, and logs all three attempts", async () => {
    const receiver = await startReceiver(({ index }) => [500, 503][index] ?? { status: 200, body: "thanks" });
    try {
      const { api } = await createTenant();
      const { secret, id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: `${receiver.url}/hooks`, event_types: ["survey.created"] })).body.data;
      const survey = await createSurvey(api, "three-attempts");

      const [delivery] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId);
        return rows[0]?.status === "succeeded" ? rows : null;
      }, 20_000, "the delivery to succeed");
      expect(receiver.requests).toHaveLength(3);
      const ids = new Set(receiver.requests.map((request) => request.headers["webhook-id"]));
      expect(ids.size).toBe(1);
      for (const request of receiver.requests) {
        expect(request.method).toBe("POST");
        expect(request.path).toBe("/hooks");
        expect(request.headers["content-type"]).toBe("application/json");
        const payload = verify(secret, request);
        expect(payload).toMatchObject({ id: delivery.event_id, type: "survey.created", data: { survey: { id: survey.id, slug: "three-attempts" } } });
        expect(request.headers["webhook-id"]).toBe(delivery.event_id);
      }
      expect(delivery.attempt_count).toBe(3);
      expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 503, 200]);
      expect(delivery.attempts.map((attempt) => attempt.succeeded)).toEqual([false, false, true]);
      expect(delivery.attempts[2].response_body).toBe("thanks");

      // The event log has the same event the endpoint received.
      const event = await api.get(`/v1/events/${delivery.event_id}`);
      expect(event.body.data).toEqual(JSON.parse(receiver.requests[2].body));
    } finally {
      await receiver.close();
    }
  });

  it("records the other deliveries of a round when an endpoint is deleted while its request is in flight", async () => {
    let api!: Api;
    let endpointA = "";
    const receiver = await startReceiver(async ({ path }) => {
      // Endpoint A is deleted while the engine waits for A's answer (its delivery row goes with it).
      if (path === "/a") expect((await api.delete(`/v1/webhook_endpoints/${endpointA}`)).status).toBe(204);
      return 200;
    });
    try {
      ({ api } = await createTenant());
      endpointA = (await api.post("/v1/webhook_endpoints", { url: `${receiver.url}/a`, event_types: ["survey.created"] })).body.data.id;
      const endpointB = (await api.post("/v1/webhook_endpoints", { url: `${receiver.url}/b`, event_types: ["survey.created"] })).body.data.id;
      await createSurvey(api, "deleted-mid-round");
      const [delivery] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointB);
        return rows[0]?.status === "succeeded" ? rows : null;
      }, 20_000, "B's delivery to be recorded");
      expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([200]);
      expect(receiver.requests.filter((request) => request.path === "/b")).toHaveLength(1);
      expect(await (await db()).webhookDelivery.count({ where: { endpointId: endpointA } })).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it("redelivers a delivered event with the same webhook-id, and after a rotation signs with the new secret only", async () => {
    const receiver = await startReceiver();
    try {
      const { api } = await createTenant();
      const { secret: oldSecret, id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["*"] })).body.data;
      await createSurvey(api, "redeliver-me");
      const [first] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId, "?status=succeeded");
        return rows.length > 0 ? rows : null;
      });
      const before = receiver.requests.length;

      const redelivered = await api.post(`/v1/webhook_endpoints/${endpointId}/deliveries/${first.id}/redeliver`);
      expect(redelivered.status).toBe(202);
      expect(redelivered.body.data).toMatchObject({ id: first.id, status: "pending" });
      await waitUntil(async () => receiver.requests.length > before);
      const again = receiver.requests.at(-1)!;
      expect(again.headers["webhook-id"]).toBe(first.event_id);
      expect(verify(oldSecret, again).id).toBe(first.event_id);
      const afterRedeliver = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId);
        const row = rows.find((candidate) => candidate.id === first.id);
        return row?.status === "succeeded" && row.attempt_count === 2 ? row : null;
      });
      expect(afterRedeliver.attempts).toHaveLength(2);

      const rotated = await api.post(`/v1/webhook_endpoints/${endpointId}/rotate`);
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.data.secret;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(oldSecret);
      expect(rotated.body.data.secret_hint).toBe(newSecret.slice(-4));

      const count = receiver.requests.length;
      await createSurvey(api, "after-rotation");
      const latest = await waitUntil(() => receiver.requests.slice(count).find((request) => JSON.parse(request.body).data?.survey?.slug === "after-rotation"));
      expect(verify(newSecret, latest).type).toBe("survey.created");
      expect(() => verify(oldSecret, latest)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it("delivers 100 surveys created concurrently as 100 distinct events", async () => {
    const receiver = await startReceiver();
    try {
      const { api } = await createTenant();
      const { secret, id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
      const surveys = await Promise.all(Array.from({ length: 100 }, (_, index) => createSurvey(api, `concurrent-${index}`)));
      await waitUntil(async () => new Set(receiver.requests.map((request) => request.headers["webhook-id"])).size >= 100, 30_000, "100 events");
      const delivered = receiver.requests.map((request) => verify(secret, request));
      expect(new Set(delivered.map((payload) => payload.id)).size).toBe(100);
      expect(new Set(delivered.map((payload) => (payload.data.survey as { id: string }).id))).toEqual(new Set(surveys.map((survey) => survey.id)));
      // Every delivery is recorded as succeeded once the receiver's answers are in (recorded after the sends).
      await waitUntil(async () => (await (await db()).webhookDelivery.count({ where: { endpointId, status: "succeeded" } })) === 100);
      expect(await (await db()).webhookDelivery.count({ where: { endpointId } })).toBe(100);
    } finally {
      await receiver.close();
    }
  });

  it("sends only the subscribed types, nothing to disabled endpoints, and nothing recorded before the endpoint existed", async () => {
    const receiver = await startReceiver();
    try {
      const { api } = await createTenant();
      const early = await createSurvey(api, "before-endpoint");
      const updatesOnly = (await api.post("/v1/webhook_endpoints", { url: `${receiver.url}/updates`, event_types: ["survey.updated"] })).body.data;
      const disabled = (await api.post("/v1/webhook_endpoints", { url: `${receiver.url}/disabled`, event_types: ["*"], enabled: false })).body.data;
      const survey = await createSurvey(api, "typed");
      await api.patch(`/v1/surveys/${survey.id}`, { name: "Renamed" });
      await waitUntil(() => receiver.requests.find((request) => request.path === "/updates"));
      // Give the engine the chance to (wrongly) send more before looking.
      await waitUntil(async () => (await (await db()).event.count({ where: { fannedOutAt: null } })) === 0);
      await engineIdle(updatesOnly.id);
      const paths = receiver.requests.map((request) => `${request.path} ${JSON.parse(request.body).type}`);
      expect(paths).toEqual(["/updates survey.updated"]);
      expect(await deliveriesOf(api, disabled.id)).toEqual([]);
      expect(JSON.stringify(receiver.requests)).not.toContain(early.id);
    } finally {
      await receiver.close();
    }
  });

  it("records a redirect as a failed attempt without following it", async () => {
    const target = await startReceiver();
    const receiver = await startReceiver(({ index }) => (index === 0 ? { status: 302, headers: { location: `${target.url}/elsewhere` } } : 200));
    try {
      const { api } = await createTenant();
      const { id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
      await createSurvey(api, "redirected");
      const [delivery] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId);
        return rows[0]?.status === "succeeded" ? rows : null;
      });
      expect(delivery.attempts[0]).toMatchObject({ status_code: 302, succeeded: false, error: expect.stringContaining("Redirects are not followed") });
      expect(target.requests).toHaveLength(0);
    } finally {
      await receiver.close();
      await target.close();
    }
  });

  it("ends failed when the endpoint is down for the whole retry window, and can be redelivered later", async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 500));
    configureWebhookEnv({ retryScale: 0.0001 }); // the 28-hour schedule in about 10 s
    try {
      const { api } = await createTenant();
      const { id: endpointId } = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
      await createSurvey(api, "always-down");
      const [failed] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId);
        return rows[0]?.status === "failed" ? rows : null;
      }, 40_000, "the delivery to fail");
      expect(failed.attempt_count).toBe(8);
      expect(failed.attempts.map((attempt) => attempt.status_code)).toEqual(Array(8).fill(500));
      expect(receiver.requests).toHaveLength(8);
      const [{ next_attempt_at }] = (await api.get(`/v1/webhook_endpoints/${endpointId}/deliveries`)).body.data;
      expect(next_attempt_at).toBeNull();

      up = true;
      expect((await api.post(`/v1/webhook_endpoints/${endpointId}/deliveries/${failed.id}/redeliver`)).status).toBe(202);
      const delivered = await waitUntil(async () => {
        const rows = await deliveriesOf(api, endpointId);
        return rows[0]?.status === "succeeded" ? rows[0] : null;
      });
      expect(delivered.attempt_count).toBe(9);
      expect(delivered.attempts.at(-1)).toMatchObject({ status_code: 200, succeeded: true });
    } finally {
      configureWebhookEnv({ retryScale: 0.001 });
      await receiver.close();
    }
  }, 60_000);
});

/** Waits until the engine has nothing due for this endpoint (no pending delivery). */
async function engineIdle(endpointId: string) {
  await waitUntil(async () => (await (await db()).webhookDelivery.count({ where: { endpointId, status: "pending" } })) === 0);
}

describe("the SSRF guard", () => {
  it("refuses loopback and private URLs without WEBHOOK_ALLOW_PRIVATE_NETWORKS, at registration and at delivery", async () => {
    const receiver = await startReceiver();
    try {
      const { api } = await createTenant();
      const allowed = (await api.post("/v1/webhook_endpoints", { url: receiver.url, event_types: ["survey.created"] })).body.data;
      configureWebhookEnv({ allowPrivate: false });
      for (const url of [receiver.url, "http://localhost:3000/hook", "http://10.1.2.3/hook", "http://[::1]/hook", "http://169.254.169.254/latest/meta-data"]) {
        const refused = await api.post("/v1/webhook_endpoints", { url, event_types: ["*"] });
        expect(refused.status, url).toBe(400);
        expect(refused.body).toMatchObject({ error: "validation_error", details: [{ path: "body.url" }] });
      }
      expect((await api.patch(`/v1/webhook_endpoints/${allowed.id}`, { url: "http://127.0.0.2/x" })).status).toBe(400);

      // Registered while allowed, delivered after the setting changed: the attempt is refused before connecting.
      await createSurvey(api, "blocked-at-delivery");
      const [delivery] = await waitUntil(async () => {
        const rows = await deliveriesOf(api, allowed.id);
        return rows[0]?.attempts.length ? rows : null;
      });
      expect(delivery.attempts[0]).toMatchObject({ status_code: null, succeeded: false, error: expect.stringContaining("loopback") });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      configureWebhookEnv({ allowPrivate: true });
      await receiver.close();
    }
  });
});
