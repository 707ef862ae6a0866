import { expect, test } from "../fixtures";

test.describe("health, identity and the error model on the built app", () => {
  test("GET /health answers ok without a key", async ({ api }) => {
    const health = await api.get("/health", { key: null });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
  });

  test("whoami answers for the bootstrap key with auth_method api_key and full access", async ({ api }) => {
    const whoami = await api.get("/v1/whoami");
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({ service: "service", auth_method: "api_key", permissions: ["*"] });
    expect(whoami.body.workspace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(whoami.body.subject).toMatch(/^api_key:key_/);
  });

  test("malformed JSON is a 400 validation_error in JSON", async ({ api }) => {
    const response = await api.send("POST", "/v1/surveys", { raw: '{"slug": "a",', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.body).toMatchObject({ error: "validation_error" });
  });

  test("an unknown /v1 path — and /v1 itself — is a 404 JSON error, with or without a key", async ({ api }) => {
    for (const path of ["/v1/no/such/route", "/v1/surveys/00000000-0000-7000-8000-000000000000/nope", "/v1"]) {
      for (const key of [undefined, null]) {
        const response = await api.get(path, { key });
        expect(response.status, path).toBe(404);
        expect(response.headers["content-type"], path).toContain("application/json");
        expect(response.body, path).toMatchObject({ error: "not_found" });
      }
    }
  });

  test("an unsupported method on a known route is a 405 JSON error naming the allowed ones", async ({ api }) => {
    const response = await api.send("PUT", "/v1/surveys", { json: {} });
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ error: "method_not_allowed" });
    expect(response.headers.allow).toBe("GET, POST");
  });

  test("error responses never carry a stack trace or an HTML page", async ({ api }) => {
    const responses = [
      await api.get("/v1/surveys/not-a-uuid"),
      await api.post("/v1/surveys", { slug: 42 }),
      await api.get("/v1/surveys?limit=1000"),
      await api.get("/v1/surveys?cursor=garbage"),
      await api.get("/v1/whoami", { key: "qpk_live_nope" }),
    ];
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.text).not.toMatch(/<html|at \w+ \(|\.ts:\d+|node_modules/i);
      expect(typeof response.body.error).toBe("string");
    }
  });
});
