import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { listConnectedApps, revokeConnectedApp } from "@/lib/oauth";
import { startRouteServer } from "../helpers/http-server";
import { authorizeByHand, MemoryOAuthProvider, postConsent, signedInMember, TEST_REDIRECT_URI } from "../helpers/mcp-oauth";
import { createTenant } from "../helpers/tenant";

/**
 * OAuth 2.1 for MCP clients over real HTTP: the MCP SDK's own client with its OAuth provider discovers
 * the metadata from the 401, registers itself, is sent to the consent page (whose form post the test
 * sends with a signed-in person's session cookie), exchanges the code with PKCE and calls tools.
 */

let server: Awaited<ReturnType<typeof startRouteServer>>;

beforeAll(async () => {
  server = await startRouteServer();
});

afterAll(async () => {
  await server.close();
});

function tokenRequest(body: Record<string, string>) {
  return fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
}

describe("OAuth 2.1 for MCP clients", () => {
  it("publishes protected-resource (RFC 9728) and authorization-server (RFC 8414) metadata", async () => {
    const resource = await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [server.url] });
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
  });

  it("the SDK's client connects unauthenticated, registers, is authorized through consent with PKCE, and calls tools as the person", async () => {
    const tenant = await createTenant(["*"]);
    const person = await signedInMember(tenant.workspace.id, "owner");
    const provider = new MemoryOAuthProvider();
    const url = new URL(`${server.url}/mcp`);

    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: "assistant", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${server.url}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${server.url}/mcp`);
    expect(provider.clientInformation()?.client_id).toMatch(/^mcpc_/);

    const consent = await postConsent(server.url, authorizationUrl, person, tenant.workspace.id);
    expect(consent.status).toBe(303);
    expect(consent.location!.origin + consent.location!.pathname).toBe(TEST_REDIRECT_URI);
    expect(consent.location!.searchParams.get("iss")).toBe(server.url);
    await first.finishAuth(consent.location!.searchParams.get("code")!);
    expect(provider.tokens()).toMatchObject({ token_type: expect.stringMatching(/bearer/i), refresh_token: expect.stringMatching(/^mcp_rt_/) });

    const client = new Client({ name: "assistant", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    const created = await client.callTool({ name: "create_survey", arguments: { slug: "from-assistant", name: "From the assistant" } });
    expect(created.isError).not.toBe(true);
    const survey = await (await db()).survey.findFirst({ where: { workspaceId: tenant.workspace.id, slug: "from-assistant" } });
    expect(survey).not.toBeNull();
    const apps = await listConnectedApps(person.user.id);
    expect(apps).toEqual([expect.objectContaining({ clientName: "Test assistant", workspaceName: tenant.workspace.name })]);
    await client.close();
  });

  it("refuses bad registrations with RFC 7591 errors", async () => {
    const register = (body: unknown) => fetch(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const plainHttp = await register({ redirect_uris: ["http://evil.example/cb"] });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toMatchObject({ error: "invalid_redirect_uri" });
    expect(await (await register({ redirect_uris: ["javascript:alert(1)"] })).json()).toMatchObject({ error: "invalid_redirect_uri" });
    expect(await (await register({ redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: "client_secret_basic" })).json()).toMatchObject({ error: "invalid_client_metadata" });
    expect(await (await register({})).json()).toMatchObject({ error: "invalid_client_metadata" });
    const notJson = await fetch(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("requires S256 PKCE and this resource, sends errors to a registered redirect only, and honours a refusal", async () => {
    const tenant = await createTenant(["*"]);
    const person = await signedInMember(tenant.workspace.id);
    const { client_id } = await (await fetch(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [TEST_REDIRECT_URI] }) })).json();
    const base = { response_type: "code", client_id, redirect_uri: TEST_REDIRECT_URI, code_challenge: createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url"), code_challenge_method: "S256", state: "s1" };
    const consent = (params: Record<string, string>, decision: "approve" | "deny" = "approve", workspaceId = tenant.workspace.id) => {
      const url = new URL(`${server.url}/oauth/authorize`);
      url.search = new URLSearchParams(params).toString();
      return postConsent(server.url, url, person, workspaceId, decision);
    };
    const plain = await consent({ ...base, code_challenge_method: "plain" });
    expect(plain.location!.searchParams.get("error")).toBe("invalid_request");
    expect(plain.location!.searchParams.get("state")).toBe("s1");
    const other = await consent({ ...base, resource: "https://elsewhere.example/mcp" });
    expect(other.location!.searchParams.get("error")).toBe("invalid_target");
    const foreignRedirect = await consent({ ...base, redirect_uri: "https://attacker.example/cb" });
    expect(foreignRedirect.status).toBe(400);
    expect(foreignRedirect.location).toBeNull();
    const denied = await consent(base, "deny");
    expect(denied.location!.searchParams.get("error")).toBe("access_denied");
    const otherWorkspace = await createTenant(["*"]);
    expect((await consent(base, "approve", otherWorkspace.workspace.id)).status).toBe(403);
  });

  it("codes are single-use and bound to the verifier; refresh tokens rotate; revocation and expiry end access; tokens work only on /mcp", async () => {
    const tenant = await createTenant(["*"]);
    const grant = await authorizeByHand(server.url, tenant.workspace.id);
    const mcp = (token: string) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    expect((await mcp(grant.access_token)).status).toBe(200);
    // An MCP token is not an API credential.
    expect((await fetch(`${server.url}/v1/surveys`, { headers: { authorization: `Bearer ${grant.access_token}` } })).status).toBe(401);

    const wrongVerifier = await tokenRequest({ grant_type: "authorization_code", code: "whatever", redirect_uri: TEST_REDIRECT_URI, client_id: grant.clientId, code_verifier: "x".repeat(43) });
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });

    const refreshed = await (await tokenRequest({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId })).json();
    expect(refreshed.access_token).toMatch(/^mcp_at_/);
    expect(refreshed.refresh_token).not.toBe(grant.refresh_token);
    const reused = await tokenRequest({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId });
    expect(await reused.json()).toMatchObject({ error: "invalid_grant" });
    expect((await mcp(refreshed.access_token)).status).toBe(200);

    const prisma = await db();
    const stored = await prisma.oAuthToken.findMany({ where: { grant: { clientId: grant.clientId } } });
    expect(stored.every((row) => !row.tokenHash.startsWith("mcp_") && row.tokenHash.length === 64)).toBe(true);
    await prisma.oAuthToken.updateMany({ where: { grant: { clientId: grant.clientId }, kind: "access" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await mcp(refreshed.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');

    const again = await (await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshed.refresh_token, client_id: grant.clientId })).json();
    expect((await mcp(again.access_token)).status).toBe(200);
    const revoke = await fetch(`${server.url}/oauth/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: again.refresh_token }) });
    expect(revoke.status).toBe(200);
    expect((await mcp(again.access_token)).status).toBe(401);
    expect(await (await tokenRequest({ grant_type: "refresh_token", refresh_token: again.refresh_token, client_id: grant.clientId })).json()).toMatchObject({ error: "invalid_grant" });
  });

  it("a code is exchanged once, and Settings → Connected apps revokes a grant at once", async () => {
    const tenant = await createTenant(["*"]);
    const person = await signedInMember(tenant.workspace.id);
    const { client_id } = await (await fetch(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "Desk", redirect_uris: [TEST_REDIRECT_URI] }) })).json();
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${server.url}/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: "code", client_id, redirect_uri: TEST_REDIRECT_URI, code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256" }).toString();
    const code = (await postConsent(server.url, url, person, tenant.workspace.id)).location!.searchParams.get("code")!;
    const exchange = () => tokenRequest({ grant_type: "authorization_code", code, redirect_uri: TEST_REDIRECT_URI, client_id, code_verifier: verifier });
    const [one, two] = await Promise.all([exchange(), exchange()]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    const tokens = await (one.status === 200 ? one : two).json();

    const [app] = await listConnectedApps(person.user.id);
    expect(app).toMatchObject({ clientName: "Desk" });
    await revokeConnectedApp(person.user.id, app.grantId);
    const after = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(after.status).toBe(401);
    expect(await listConnectedApps(person.user.id)).toEqual([]);
  });
});
