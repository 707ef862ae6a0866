import { describe, expect, it } from "vitest";
import { client, request } from "../helpers/api";
import { createTenant } from "../helpers/tenant";

describe("authentication", () => {
  it("answers whoami for any valid key with its workspace, subject and scopes", async () => {
    const { workspace, keyWith } = await createTenant();
    const narrow = await keyWith(["webhooks:read"]);
    const response = await narrow.api.get("/v1/whoami");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      service: "service",
      workspace_id: workspace.id,
      organization_id: workspace.organizationId,
      subject: `api_key:${narrow.id}`,
      auth_method: "api_key",
      permissions: ["webhooks:read"],
    });
  });

  it("answers 401 unauthorized for a missing, malformed or unknown key", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Basic dXNlcjpwYXNz" }, { authorization: "Bearer qpk_live_unknown" }, { authorization: "Bearer" }]) {
      const response = await request("GET", "/v1/whoami", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body.error).toBe("unauthorized");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("ignores the development workspace header outside development", async () => {
    const { workspace } = await createTenant();
    const response = await request("GET", "/v1/surveys", { headers: { "x-service-workspace-id": workspace.id } });
    expect(response.status).toBe(401);
  });

  it("answers 403 forbidden for a valid key without the route's scope, naming the scope", async () => {
    const { keyWith } = await createTenant();
    const reader = await keyWith(["surveys:read"]);
    const response = await reader.api.post("/v1/surveys", { slug: "nope", name: "Nope" });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: "forbidden" });
    expect(response.body.message).toContain("surveys:write");
    expect((await reader.api.get("/v1/surveys")).status).toBe(200);
  });

  it("decides scope before validating the body", async () => {
    const { keyWith } = await createTenant();
    const reader = await keyWith(["surveys:read"]);
    expect((await reader.api.send("POST", "/v1/surveys", { rawBody: "{not json" })).status).toBe(403);
  });
});

describe("error model", () => {
  it("answers malformed JSON with 400 validation_error in the error body", async () => {
    const { key } = await createTenant();
    const response = await request("POST", "/v1/surveys", { key, rawBody: '{"slug": "a",', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body).toMatchObject({ error: "validation_error", message: "The request body is not valid JSON." });
  });

  it("parses a JSON body sent with a form content type, as curl -d does", async () => {
    const { key } = await createTenant();
    const response = await request("POST", "/v1/surveys", {
      key,
      rawBody: JSON.stringify({ slug: "from-curl", name: "From curl" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(201);
  });

  it("refuses a body over 1 MiB with 413 payload_too_large", async () => {
    const { key } = await createTenant();
    const response = await request("POST", "/v1/surveys", { key, body: { slug: "big", name: "x".repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe("payload_too_large");
  });

  it("answers an unknown /v1 path with a JSON 404 and a wrong method with a JSON 405", async () => {
    const { api } = await createTenant();
    const unknown = await api.get("/v1/no/such/route");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "not_found" });
    const root = await api.get("/v1");
    expect(root.status).toBe(404);
    expect(root.headers.get("content-type")).toContain("application/json");
    expect(root.body).toMatchObject({ error: "not_found" });
    const wrongMethod = await api.send("PUT", "/v1/surveys");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toBe("method_not_allowed");
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  it("answers unexpected failures with 500 internal_error and no internals", async () => {
    const { withApi } = await import("@/lib/http/with-api");
    const { whoamiOperation } = await import("@/lib/meta/operations");
    const { key } = await createTenant();
    const failing = withApi(whoamiOperation, async () => {
      throw new Error("secret database detail at /srv/app/lib/x.ts:12");
    });
    const response = await failing(new Request("http://localhost/v1/whoami", { headers: { authorization: `Bearer ${key}` } }), {
      params: Promise.resolve({}),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toMatchObject({ error: "internal_error" });
    expect(text).not.toContain("secret database detail");
    expect(text).not.toContain("lib/x.ts");
    expect(text).toContain(response.headers.get("x-request-id")!);
  });

  it("limits each key's request rate with 429 and Retry-After", async () => {
    const { enforceRateLimit } = await import("@/lib/http/rate-limit");
    const { env } = await import("@/lib/env");
    const limit = env().API_RATE_LIMIT_PER_MINUTE;
    const now = Date.now();
    for (let index = 0; index < limit; index++) enforceRateLimit("key_rate_test", now);
    let caught: unknown;
    try {
      enforceRateLimit("key_rate_test", now);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: "rate_limited", status: 429 });
    expect(Number((caught as { headers: Record<string, string> }).headers["retry-after"])).toBeGreaterThan(0);
    expect(() => enforceRateLimit("key_rate_test", now + 61_000)).not.toThrow();
    expect(() => enforceRateLimit("another_key", now)).not.toThrow();
  });

  it("serves /health with a database check", async () => {
    const response = await client().get("/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });
});
