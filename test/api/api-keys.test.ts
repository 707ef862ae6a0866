import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../helpers/api";
import { createTenant } from "../helpers/tenant";

describe("API keys", () => {
  it("returns the secret once on create; list and get show only the last four characters", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/api_keys", { name: "CI", scopes: ["surveys:read", "surveys:write"] });
    expect(created.status).toBe(201);
    const secret: string = created.body.data.key;
    expect(secret).toMatch(/^qpk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.body.data).toMatchObject({ name: "CI", scopes: ["surveys:read", "surveys:write"], enabled: true, expires_at: null });
    expect(created.body.data.key_hint).toBe(secret.slice(-4));

    const listed = await api.get("/v1/api_keys");
    const got = await api.get(`/v1/api_keys/${created.body.data.id}`);
    for (const text of [listed.text, got.text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(9, 30));
    }
    expect(got.body.data).not.toHaveProperty("key");
    expect(got.body.data.key_hint).toBe(secret.slice(-4));
  });

  it("stores only the SHA-256 of the secret", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/api_keys", { name: "hashed", scopes: ["meta:read"] });
    const row = await (await db()).apiKey.findUniqueOrThrow({ where: { id: created.body.data.id } });
    const { createHash } = await import("node:crypto");
    expect(row.keyHash).toBe(createHash("sha256").update(created.body.data.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.body.data.key);
  });

  it("rejects an empty or unknown scope list", async () => {
    const { api } = await createTenant();
    expect((await api.post("/v1/api_keys", { name: "none", scopes: [] })).body.error).toBe("validation_error");
    expect((await api.post("/v1/api_keys", { name: "bad", scopes: ["surveys:delete"] })).status).toBe(400);
    expect((await api.post("/v1/api_keys", { name: "missing" })).body.details[0].path).toBe("body.scopes");
  });

  it("disables, re-enables and expires keys; disabled and expired keys get 401", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/api_keys", { name: "temp", scopes: ["surveys:read"] });
    const temp = client(created.body.data.key);
    expect((await temp.get("/v1/surveys")).status).toBe(200);

    await api.patch(`/v1/api_keys/${created.body.data.id}`, { enabled: false });
    const disabled = await temp.get("/v1/surveys");
    expect(disabled.status).toBe(401);
    expect(disabled.body).toMatchObject({ error: "unauthorized", message: "The API key is disabled." });

    await api.patch(`/v1/api_keys/${created.body.data.id}`, { enabled: true });
    expect((await temp.get("/v1/surveys")).status).toBe(200);

    await (await db()).apiKey.update({ where: { id: created.body.data.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await temp.get("/v1/surveys");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("The API key has expired.");
  });

  it("accepts a future expires_at and refuses a past one", async () => {
    const { api } = await createTenant();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const created = await api.post("/v1/api_keys", { name: "expiring", scopes: ["meta:read"], expires_at: future });
    expect(created.body.data.expires_at).toBe(future);
    const past = await api.patch(`/v1/api_keys/${created.body.data.id}`, { expires_at: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    const cleared = await api.patch(`/v1/api_keys/${created.body.data.id}`, { expires_at: null, name: "forever" });
    expect(cleared.body.data).toMatchObject({ expires_at: null, name: "forever" });
  });

  it("rotates: the new secret works with the same scopes and the old one is 401 at once", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/api_keys", { name: "rotating", scopes: ["surveys:read"] });
    const rotated = await api.post(`/v1/api_keys/${created.body.data.id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.key).not.toBe(created.body.data.key);
    expect(rotated.body.data.scopes).toEqual(["surveys:read"]);
    expect((await client(created.body.data.key).get("/v1/surveys")).status).toBe(401);
    expect((await client(rotated.body.data.key).get("/v1/surveys")).status).toBe(200);
  });

  it("deletes a key permanently", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/api_keys", { name: "doomed", scopes: ["surveys:read"] });
    expect((await api.delete(`/v1/api_keys/${created.body.data.id}`)).status).toBe(204);
    expect((await client(created.body.data.key).get("/v1/surveys")).status).toBe(401);
    expect((await api.get(`/v1/api_keys/${created.body.data.id}`)).status).toBe(404);
  });

  it("needs api_keys:write to manage keys; a surveys:read key gets 403", async () => {
    const { keyWith, apiKeyId } = await createTenant();
    const reader = await keyWith(["surveys:read"]);
    expect((await reader.api.post("/v1/api_keys", { name: "x", scopes: ["surveys:read"] })).status).toBe(403);
    expect((await reader.api.post(`/v1/api_keys/${apiKeyId}/rotate`)).status).toBe(403);
    expect((await reader.api.delete(`/v1/api_keys/${apiKeyId}`)).status).toBe(403);
    expect((await reader.api.get("/v1/api_keys")).status).toBe(403);
    const viewer = await keyWith(["api_keys:read"]);
    expect((await viewer.api.get("/v1/api_keys")).status).toBe(200);
    expect((await viewer.api.patch(`/v1/api_keys/${apiKeyId}`, { enabled: false })).status).toBe(403);
  });

  it("does not let a key grant scopes it does not hold", async () => {
    const { keyWith } = await createTenant();
    const manager = await keyWith(["api_keys:write", "surveys:read"]);
    const escalate = await manager.api.post("/v1/api_keys", { name: "root", scopes: ["*"] });
    expect(escalate.status).toBe(403);
    expect(escalate.body.message).toContain("*");
    expect((await manager.api.post("/v1/api_keys", { name: "reader", scopes: ["surveys:read"] })).status).toBe(201);
  });

  it("does not let a key rotate or re-enable a key with scopes it does not hold (rotate hands out the secret)", async () => {
    const { keyWith, apiKeyId: fullKeyId } = await createTenant(["*"]);
    const manager = await keyWith(["api_keys:write", "surveys:read"]);
    const rotated = await manager.api.post(`/v1/api_keys/${fullKeyId}/rotate`);
    expect(rotated.status).toBe(403);
    expect(rotated.body).toMatchObject({ error: "forbidden" });
    expect(rotated.text).not.toContain("qpk_live_");
    expect((await manager.api.patch(`/v1/api_keys/${fullKeyId}`, { enabled: false })).status).toBe(403);
    expect((await manager.api.patch(`/v1/api_keys/${fullKeyId}`, { expires_at: null })).status).toBe(403);
    // Keys within the manager's own scopes stay manageable, and revoking any key stays possible.
    const reader = await keyWith(["surveys:read"]);
    expect((await manager.api.post(`/v1/api_keys/${reader.id}/rotate`)).status).toBe(200);
    expect((await manager.api.patch(`/v1/api_keys/${reader.id}`, { enabled: false })).status).toBe(200);
    expect((await manager.api.delete(`/v1/api_keys/${fullKeyId}`)).status).toBe(204);
  });

  it("hides another workspace's keys as 404", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    expect((await stranger.api.get(`/v1/api_keys/${owner.apiKeyId}`)).status).toBe(404);
    expect((await stranger.api.patch(`/v1/api_keys/${owner.apiKeyId}`, { enabled: false })).status).toBe(404);
    expect((await stranger.api.post(`/v1/api_keys/${owner.apiKeyId}/rotate`)).status).toBe(404);
    expect((await stranger.api.delete(`/v1/api_keys/${owner.apiKeyId}`)).status).toBe(404);
    expect((await owner.api.get("/v1/whoami")).status).toBe(200);
  });

  it("reads the key on every request: a change made outside this process (another server) applies to the next request", async () => {
    const { api, apiKeyId, workspace } = await createTenant(["surveys:read"]);
    const whoami = await api.get("/v1/whoami");
    expect(whoami.body).toMatchObject({ workspace_id: workspace.id, organization_id: workspace.organizationId });
    const prisma = await db();
    // Raw SQL, as another process would write it: nothing in this process hears about the change.
    await prisma.$executeRaw`UPDATE "api_keys" SET "enabled" = false WHERE "id" = ${apiKeyId}`;
    expect((await api.get("/v1/whoami")).status).toBe(401);
    await prisma.$executeRaw`UPDATE "api_keys" SET "enabled" = true, "scopes" = ARRAY['meta:read'] WHERE "id" = ${apiKeyId}`;
    expect((await api.get("/v1/surveys")).status).toBe(403);
    await prisma.$executeRaw`UPDATE "api_keys" SET "key_hash" = 'rotated elsewhere' WHERE "id" = ${apiKeyId}`;
    expect((await api.get("/v1/whoami")).status).toBe(401);
  });

  it("records last_used_at in the background after use", async () => {
    const { api, apiKeyId } = await createTenant();
    expect((await (await db()).apiKey.findUniqueOrThrow({ where: { id: apiKeyId } })).lastUsedAt).toBeNull();
    await api.get("/v1/whoami");
    await expect.poll(async () => (await (await db()).apiKey.findUniqueOrThrow({ where: { id: apiKeyId } })).lastUsedAt).not.toBeNull();
  });
});
