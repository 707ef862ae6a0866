import { createHash, randomBytes } from "node:crypto";
import { createSessionRow, SESSION_COOKIE } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import type { MembershipRole } from "@/lib/generated/prisma/enums";
import { TEST_REDIRECT_URI } from "./mcp-oauth-provider";

export { MemoryOAuthProvider, TEST_REDIRECT_URI } from "./mcp-oauth-provider";

/** A person with `role` in a workspace, signed in through a real database session (the consent page's caller). */
export async function signedInMember(workspaceId: string, role: MembershipRole = "owner") {
  const prisma = await db();
  const email = `person-${randomBytes(4).toString("hex")}@example.test`;
  const user = await prisma.user.create({ data: { email, name: email.split("@")[0] } });
  await prisma.membership.create({ data: { workspaceId, userId: user.id, role } });
  const session = await createSessionRow(user.id);
  return { user, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/**
 * The consent page's form post, as the browser sends it after the person presses Allow (or Deny):
 * the authorization request's parameters, the chosen workspace and the session cookie, same-origin.
 */
export async function postConsent(serverUrl: string, authorizationUrl: URL, person: { cookie: string }, workspaceId: string, decision: "approve" | "deny" = "approve") {
  const form = new URLSearchParams(authorizationUrl.searchParams);
  form.set("workspace_id", workspaceId);
  form.set("decision", decision);
  const response = await fetch(`${serverUrl}/oauth/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: person.cookie, origin: serverUrl },
    body: form,
  });
  return { status: response.status, location: response.headers.get("location") ? new URL(response.headers.get("location")!) : null, response };
}

/**
 * The whole authorization code flow by hand over HTTP (registration, consent, code exchange with the
 * PKCE verifier), for tests that need a token for a given person and workspace.
 */
export async function authorizeByHand(serverUrl: string, workspaceId: string, role: MembershipRole = "owner") {
  const person = await signedInMember(workspaceId, role);
  const registration = await fetch(`${serverUrl}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Hand-driven client", redirect_uris: [TEST_REDIRECT_URI] }),
  });
  const client = (await registration.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const authorizationUrl = new URL(`${serverUrl}/oauth/authorize`);
  authorizationUrl.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: TEST_REDIRECT_URI,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "xyz",
    resource: `${serverUrl}/mcp`,
  }).toString();
  const consent = await postConsent(serverUrl, authorizationUrl, person, workspaceId);
  const code = consent.location?.searchParams.get("code");
  if (!code) throw new Error(`consent gave no code: ${consent.status} ${consent.location}`);
  const token = await fetch(`${serverUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: TEST_REDIRECT_URI, client_id: client.client_id, code_verifier: verifier, resource: `${serverUrl}/mcp` }),
  });
  const tokens = (await token.json()) as { access_token: string; refresh_token: string; expires_in: number };
  if (!tokens.access_token) throw new Error(`token exchange failed: ${JSON.stringify(tokens)}`);
  return { ...tokens, clientId: client.client_id, person };
}
