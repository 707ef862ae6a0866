import { describe, expect, it } from "vitest";
import { cookieReader, hashSessionToken, SESSION_COOKIE, WORKSPACE_COOKIE } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { ensureDefaultWorkspace } from "@/lib/tenancy/bootstrap";
import { request } from "../helpers/api";
import { signInUser } from "../helpers/session";
import { createTenant } from "../helpers/tenant";

// One database for the whole file: the first person to sign in is the owner, everyone after a member.
describe("browser sessions on /v1", () => {
  it("makes the first person of a fresh install the owner of the default workspace, later people members", async () => {
    const { workspace } = await ensureDefaultWorkspace();
    const owner = await signInUser("owner@example.test");
    const member = await signInUser("member@example.test");
    const memberships = await (await db()).membership.findMany({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "asc" } });
    expect(memberships.map((membership) => [membership.userId, membership.role])).toEqual([
      [owner.user.id, "owner"],
      [member.user.id, "member"],
    ]);
  });

  it("authenticates a session cookie on /v1 routes as auth_method session, subject user:<id>, in the person's workspace", async () => {
    const { workspace } = await ensureDefaultWorkspace();
    const owner = await (await db()).user.findUniqueOrThrow({ where: { email: "owner@example.test" } });
    const { createSessionRow } = await import("@/lib/auth/session");
    const session = await createSessionRow(owner.id);
    const whoami = await request("GET", "/v1/whoami", { headers: { cookie: `${SESSION_COOKIE}=${session.token}` } });
    expect(whoami.status).toBe(200);
    expect(whoami.body).toEqual({
      service: "service",
      workspace_id: workspace.id,
      organization_id: workspace.organizationId,
      subject: `user:${owner.id}`,
      auth_method: "session",
      permissions: ["*"],
    });

    const created = await request("POST", "/v1/surveys", {
      headers: { cookie: `${SESSION_COOKIE}=${session.token}`, "x-requested-with": "fetch" },
      body: { slug: "session-made", name: "Made in the browser" },
    });
    expect(created.status).toBe(201);
    const row = await (await db()).survey.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(row).toMatchObject({ workspaceId: workspace.id, userId: owner.id });
  });

  it("gives a member every read and survey work, but 403 on managing API keys", async () => {
    const member = await signInUser("member2@example.test");
    const whoami = await member.api.get("/v1/whoami");
    expect(whoami.body.permissions).toEqual(
      expect.arrayContaining(["surveys:read", "surveys:write", "surveys:share", "workflows:write", "api_keys:read", "webhooks:read", "integrations:read"]),
    );
    expect(whoami.body.permissions).not.toContain("api_keys:write");
    expect(whoami.body.permissions).not.toContain("*");

    expect((await member.api.get("/v1/api_keys")).status).toBe(200);
    const refused = await member.api.post("/v1/api_keys", { name: "mine", scopes: ["surveys:read"] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "forbidden" });
    expect(refused.body.message).toContain("api_keys:write");
    expect((await member.api.post("/v1/surveys", { slug: "member-survey", name: "Member survey" })).status).toBe(201);
  });

  it("lets an owner create an API key in the browser that then works on its own", async () => {
    const owner = await (await db()).user.findUniqueOrThrow({ where: { email: "owner@example.test" } });
    const { createSessionRow } = await import("@/lib/auth/session");
    const cookie = `${SESSION_COOKIE}=${(await createSessionRow(owner.id)).token}`;
    const created = await request("POST", "/v1/api_keys", {
      headers: { cookie, "x-requested-with": "fetch" },
      body: { name: "from the UI", scopes: ["meta:read"] },
    });
    expect(created.status).toBe(201);
    const row = await (await db()).apiKey.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(row.createdByUserId).toBe(owner.id);
    const whoami = await request("GET", "/v1/whoami", { key: created.body.data.key });
    expect(whoami.body).toMatchObject({ auth_method: "api_key", subject: `api_key:${created.body.data.id}` });
  });

  it("refuses a cross-site state-changing request that carries the session cookie", async () => {
    const owner = await signInUser("csrf-target@example.test");
    const body = { slug: "forged", name: "Forged" };
    const crossSite = await request("POST", "/v1/surveys", {
      headers: { cookie: owner.cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ error: "forbidden" });
    expect(crossSite.body.message).toContain("Cross-site request refused");

    const foreignOrigin = await request("DELETE", "/v1/surveys/00000000-0000-7000-8000-000000000000", {
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
    });
    expect(foreignOrigin.status).toBe(403);

    const sameSiteSibling = await request("POST", "/v1/surveys", { headers: { cookie: owner.cookie, "sec-fetch-site": "same-site" }, body });
    expect(sameSiteSibling.status).toBe(403);

    const bare = await request("POST", "/v1/surveys", { headers: { cookie: owner.cookie }, body });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toContain("x-requested-with");

    expect(await (await db()).survey.count({ where: { slug: "forged" } })).toBe(0);

    const sameOrigin = await request("POST", "/v1/surveys", {
      headers: { cookie: owner.cookie, origin: "http://localhost", "sec-fetch-site": "same-origin" },
      body,
    });
    expect(sameOrigin.status).toBe(201);
    // Reads are not state-changing: a plain GET with the cookie works (CORS keeps other sites from reading it).
    expect((await request("GET", "/v1/surveys", { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it("does not apply the session's CSRF rule to API-key requests, and prefers the key over a cookie", async () => {
    const owner = await signInUser("both@example.test");
    const { key, workspace } = await createTenant(["surveys:write"]);
    const response = await request("POST", "/v1/surveys", {
      key,
      headers: { cookie: owner.cookie, origin: "https://elsewhere.example" },
      body: { slug: "key-made", name: "Key made" },
    });
    expect(response.status).toBe(201);
    const row = await (await db()).survey.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(row.workspaceId).toBe(workspace.id);
  });

  it("accepts only the session cookie name that matches the connection (__Secure- over https)", async () => {
    const owner = await (await db()).user.findUniqueOrThrow({ where: { email: "owner@example.test" } });
    const { createSessionRow, SECURE_SESSION_COOKIE } = await import("@/lib/auth/session");
    const { token } = await createSessionRow(owner.id);
    // Over http the cookie is `next-auth.session-token`; a `__Secure-` one there was not set by this app.
    expect((await request("GET", "/v1/whoami", { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).status).toBe(200);
    expect((await request("GET", "/v1/whoami", { headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` } })).status).toBe(401);
    // Over https only the `__Secure-` name counts (a plain-named cookie can be planted over http).
    expect((await request("GET", "https://localhost/v1/whoami", { headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` } })).status).toBe(200);
    expect((await request("GET", "https://localhost/v1/whoami", { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).status).toBe(401);
  });

  it("answers 401 for an unknown, expired or signed-out session", async () => {
    const person = await signInUser("expiring@example.test");
    expect((await request("GET", "/v1/whoami", { headers: { cookie: `${SESSION_COOKIE}=not-a-session` } })).status).toBe(401);

    await (await db()).session.updateMany({ where: { tokenHash: hashSessionToken(person.token) }, data: { expires: new Date(Date.now() - 1000) } });
    const expired = await request("GET", "/v1/whoami", { headers: { cookie: person.cookie } });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe("unauthorized");
    expect(await (await db()).session.count({ where: { tokenHash: hashSessionToken(person.token) } })).toBe(0);

    const again = await signInUser("signing-out@example.test");
    const signOut = await request("POST", "/api/session/sign-out", { headers: { cookie: again.cookie, origin: "http://localhost" } });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe("/sign-in?signed_out=1");
    expect(signOut.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=;`);
    expect((await request("GET", "/v1/whoami", { headers: { cookie: again.cookie } })).status).toBe(401);
  });

  it("stores only the SHA-256 of the session token", async () => {
    const person = await signInUser("hashed@example.test");
    const rows = await (await db()).session.findMany({ where: { userId: person.user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashSessionToken(person.token));
    expect(JSON.stringify(rows)).not.toContain(person.token);
  });

  it("uses the workspace remembered in the workspace cookie only when the person is a member of it", async () => {
    const person = await signInUser("two-workspaces@example.test");
    const other = await createTenant();
    const { workspace: defaultWorkspace } = await ensureDefaultWorkspace();
    const prisma = await db();
    await prisma.membership.create({ data: { workspaceId: other.workspace.id, userId: person.user.id, role: "admin" } });

    const chosen = await request("GET", "/v1/whoami", { headers: { cookie: `${person.cookie}; ${WORKSPACE_COOKIE}=${other.workspace.id}` } });
    expect(chosen.body).toMatchObject({ workspace_id: other.workspace.id, permissions: ["*"] });
    const fallback = await request("GET", "/v1/whoami", { headers: { cookie: person.cookie } });
    expect(fallback.body).toMatchObject({ workspace_id: defaultWorkspace.id });

    const stranger = await signInUser("stranger@example.test");
    const notMine = await request("GET", "/v1/whoami", { headers: { cookie: `${stranger.cookie}; ${WORKSPACE_COOKIE}=${other.workspace.id}` } });
    expect(notMine.body.workspace_id).toBe(defaultWorkspace.id);
    // And their session never reaches the other workspace's surveys.
    const surveys = await request("GET", "/v1/surveys", { headers: { cookie: `${stranger.cookie}; ${WORKSPACE_COOKIE}=${other.workspace.id}` } });
    expect(surveys.body.data.every((survey: { slug: string }) => survey.slug !== "key-made")).toBe(true);
  });

  it("answers 403 to a signed-in person who belongs to no workspace", async () => {
    const person = await signInUser("removed@example.test");
    await (await db()).membership.deleteMany({ where: { userId: person.user.id } });
    const response = await request("GET", "/v1/whoami", { headers: { cookie: person.cookie } });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain("not a member");
  });

  it("has no development sign-in outside `next dev`", async () => {
    const response = await request("POST", "/api/session/dev-sign-in", {
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      rawBody: "email=intruder%40example.test",
    });
    expect(response.status).toBe(404);
    expect(await (await db()).user.count({ where: { email: "intruder@example.test" } })).toBe(0);
  });

  it("parses cookie headers the way browsers send them", () => {
    const reader = cookieReader("a=1; next-auth.session-token=abc%3D; b=two=2");
    expect(reader.get("next-auth.session-token")).toBe("abc=");
    expect(reader.get("b")).toBe("two=2");
    expect(reader.get("missing")).toBeUndefined();
  });
});
