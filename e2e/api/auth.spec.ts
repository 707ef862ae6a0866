import { expect, test, uniqueSlug, type Api, type Reply } from "../fixtures";

function expectUnauthorized(response: Reply, why: string) {
  expect(response.status, why).toBe(401);
  expect(response.body, why).toMatchObject({ error: "unauthorized" });
  expect(response.headers["www-authenticate"], why).toContain("Bearer");
}

async function whoamiWith(api: Api, key: string | null) {
  return api.get("/v1/whoami", { key });
}

test.describe("API key authentication on the built app", () => {
  test("no key, a malformed header and an unknown key are 401", async ({ api }) => {
    expectUnauthorized(await whoamiWith(api, null), "no key");
    expectUnauthorized(await api.get("/v1/surveys", { key: null }), "no key on surveys");
    expectUnauthorized(await api.get("/v1/whoami", { key: null, headers: { authorization: "Basic dXNlcjpwYXNz" } }), "basic auth");
    expectUnauthorized(await whoamiWith(api, "qpk_live_thisKeyWasNeverIssuedByTheServer000000000"), "unknown key");
  });

  test("a disabled key is 401 and works again when re-enabled", async ({ api }) => {
    const { id, key } = await api.createKey(["surveys:read"]);
    expect((await whoamiWith(api, key)).status).toBe(200);
    expect((await api.patch(`/v1/api_keys/${id}`, { enabled: false })).body.data.enabled).toBe(false);
    const refused = await whoamiWith(api, key);
    expectUnauthorized(refused, "disabled");
    expect(refused.body.message).toMatch(/disabled/);
    expect((await api.patch(`/v1/api_keys/${id}`, { enabled: true })).status).toBe(200);
    expect((await whoamiWith(api, key)).status).toBe(200);
  });

  test("an expired key is 401", async ({ api }) => {
    const expiresAt = Date.now() + 2_500;
    const { key } = await api.createKey(["surveys:read"], { expires_at: new Date(expiresAt).toISOString() });
    expect((await whoamiWith(api, key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 500));
    const refused = await whoamiWith(api, key);
    expectUnauthorized(refused, "expired");
    expect(refused.body.message).toMatch(/expired/);
  });

  test("rotation issues a new secret with the same scopes and the old secret is 401 at once", async ({ api }) => {
    const { id, key: old } = await api.createKey(["surveys:read", "meta:read"]);
    expect((await whoamiWith(api, old)).status).toBe(200);
    const rotated = await api.post(`/v1/api_keys/${id}/rotate`);
    expect(rotated.status).toBe(200);
    const fresh: string = rotated.body.data.key;
    expect(fresh).toMatch(/^qpk_live_/);
    expect(fresh).not.toBe(old);
    expect(rotated.body.data).toMatchObject({ id, scopes: ["surveys:read", "meta:read"], key_hint: fresh.slice(-4) });
    expectUnauthorized(await whoamiWith(api, old), "rotated-away secret");
    const whoami = await whoamiWith(api, fresh);
    expect(whoami.status).toBe(200);
    expect(whoami.body.permissions).toEqual(["surveys:read", "meta:read"]);
  });

  test("a deleted key is 401 and stays gone", async ({ api }) => {
    const { id, key } = await api.createKey(["surveys:read"]);
    expect((await api.delete(`/v1/api_keys/${id}`)).status).toBe(204);
    expectUnauthorized(await whoamiWith(api, key), "deleted");
    expect((await api.get(`/v1/api_keys/${id}`)).status).toBe(404);
  });

  test("a surveys:read key reads surveys but gets 403 on create and on key management", async ({ api }) => {
    const reader = api.as((await api.createKey(["surveys:read"])).key);
    expect((await reader.get("/v1/surveys")).status).toBe(200);
    const attempts = [
      await reader.post("/v1/surveys", { slug: uniqueSlug("nope"), name: "Nope" }),
      await reader.get("/v1/api_keys"),
      await reader.post("/v1/api_keys", { name: "escalate", scopes: ["*"] }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ error: "forbidden" });
    }
  });

  test("an api_keys:write key cannot mint scopes it does not hold", async ({ api }) => {
    const manager = api.as((await api.createKey(["api_keys:write"])).key);
    const response = await manager.post("/v1/api_keys", { name: "escalate", scopes: ["surveys:write"] });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("forbidden");
  });

  test("the development workspace header is ignored by the production build: no key is 401", async ({ api }) => {
    const workspaceId = (await api.get("/v1/whoami")).body.workspace_id;
    const response = await api.get("/v1/surveys", { key: null, headers: { "x-service-workspace-id": workspaceId } });
    expectUnauthorized(response, "workspace header without a key");
    const whoami = await api.get("/v1/whoami", { key: null, headers: { "x-service-workspace-id": workspaceId } });
    expectUnauthorized(whoami, "workspace header on whoami");
  });
});
