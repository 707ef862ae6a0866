import { db } from "@/lib/db/client";
import { findClient } from "./clients";
import { OAuthProtocolError } from "./errors";
import { authorizationRedirect, createGrant, type AuthorizationParams } from "./server";

/** The parameters of an authorization request that travel from the consent page to its decision. */
export const AUTHORIZATION_PARAMS = ["response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "state", "scope", "resource"] as const;

export type AuthorizationRequest = {
  params: AuthorizationParams;
  client: { id: string; name: string };
  redirectUri: string;
};

/**
 * Checks an authorization request (OAuth 2.1 §4.1.1 with PKCE S256 only and RFC 8707 resources).
 * - `page`: the client or its redirect URI cannot be trusted — show the error, never redirect.
 * - `redirect`: the request is bad but the redirect URI is the client's own — tell the client there.
 */
export type AuthorizationCheck =
  | { kind: "ok"; request: AuthorizationRequest }
  | { kind: "page"; message: string }
  | { kind: "redirect"; url: string };

export async function checkAuthorizationRequest(input: Record<string, string | string[] | undefined>, resource: string, issuer: string): Promise<AuthorizationCheck> {
  const params: AuthorizationParams = {};
  for (const name of AUTHORIZATION_PARAMS) {
    const value = input[name];
    if (Array.isArray(value)) return { kind: "page", message: `The parameter ${name} was given more than once.` };
    if (typeof value === "string" && value !== "") params[name] = value;
  }
  const client = params.client_id ? await findClient(params.client_id) : null;
  if (!client) return { kind: "page", message: "The application asking for access is not registered with this service. Start again from the application." };
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { kind: "page", message: "The application sent a redirect address it did not register. Start again from the application." };
  }
  params.redirect_uri = redirectUri;

  const refuse = (error: string, description: string) => {
    const url = new URL(redirectUri);
    url.searchParams.set("error", error);
    url.searchParams.set("error_description", description);
    if (params.state) url.searchParams.set("state", params.state);
    url.searchParams.set("iss", issuer);
    return { kind: "redirect" as const, url: url.toString() };
  };
  if (params.response_type !== "code") return refuse("unsupported_response_type", "Only response_type=code is supported.");
  if (!params.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge)) return refuse("invalid_request", "PKCE is required: send a code_challenge (S256).");
  if (params.code_challenge_method !== "S256") return refuse("invalid_request", "Only the S256 code_challenge_method is supported.");
  if (params.resource !== undefined && params.resource !== resource) return refuse("invalid_target", `This server protects only ${resource}.`);
  params.resource = resource;
  return { kind: "ok", request: { params, client: { id: client.id, name: client.name }, redirectUri } };
}

/**
 * The person's decision on the consent page: approval records a grant for the chosen workspace (which
 * must be one of theirs) and sends a code; refusal sends `access_denied`.
 */
export async function decideAuthorization(
  request: AuthorizationRequest,
  decision: { approve: boolean; userId: string; workspaceId: string },
  issuer: string,
): Promise<string> {
  if (!decision.approve) return authorizationRedirect(request.params, null, issuer);
  const membership = await (await db()).membership.findUnique({ where: { workspaceId_userId: { workspaceId: decision.workspaceId, userId: decision.userId } } });
  if (!membership) throw new OAuthProtocolError("access_denied", "You are not a member of that workspace.", 403);
  const grantId = await createGrant({ clientId: request.client.id, userId: decision.userId, workspaceId: decision.workspaceId, resource: request.params.resource! });
  return authorizationRedirect(request.params, { grantId, userId: decision.userId }, issuer);
}
