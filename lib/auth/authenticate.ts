import { verifyApiKeySecret } from "@/lib/api-keys/service";
import { db } from "@/lib/db/client";
import { isDevelopment } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { AuthContext } from "./context";
import { checkSameOrigin } from "./csrf";
import { cookieReader, readSessionToken, resolveSession, WORKSPACE_COOKIE } from "./session";

export const DEV_WORKSPACE_HEADER = "x-service-workspace-id";

const REASONS = {
  unknown: "The API key is not valid.",
  disabled: "The API key is disabled.",
  expired: "The API key has expired.",
} as const;

function unauthorized(message: string, realm = "v1"): ApiError {
  return new ApiError("unauthorized", message, {}, { headers: { "www-authenticate": `Bearer realm="${realm}"` } });
}

/**
 * Reads the caller's credential, in this order: an API key (`Authorization: Bearer …`); the browser
 * session cookie of a signed-in person (`auth_method: "session"`, scopes from their role, CSRF-checked
 * for state-changing methods); in development only, the workspace header.
 */
export async function authenticateRequest(request: Request): Promise<AuthContext> {
  if (request.headers.get("authorization")) return authenticateApiKey(request);
  const cookies = cookieReader(request.headers.get("cookie"));
  const sessionToken = readSessionToken(cookies, request.url);
  if (sessionToken) return authenticateSession(request, sessionToken, cookies.get(WORKSPACE_COOKIE));
  // The development workspace header: never honoured outside `next dev` (NODE_ENV is inlined at build).
  if (isDevelopment()) {
    const workspaceId = request.headers.get(DEV_WORKSPACE_HEADER);
    if (workspaceId) return developmentContext(workspaceId);
  }
  throw unauthorized("Missing API key. Send `Authorization: Bearer <key>`.");
}

/**
 * The API key of `Authorization: Bearer …` only: no session cookie, no development header. The MCP
 * endpoint uses this alone, so a browser's cookies can never drive it from another site.
 */
export async function authenticateApiKey(request: Request, realm = "v1"): Promise<AuthContext> {
  const authorization = request.headers.get("authorization");
  if (!authorization) throw unauthorized("Missing API key. Send `Authorization: Bearer <key>`.", realm);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized("Send the API key as `Authorization: Bearer <key>`.", realm);
  const check = await verifyApiKeySecret(match[1]);
  if (!check.ok) throw unauthorized(REASONS[check.reason], realm);
  return {
    method: "api_key",
    workspaceId: check.key.workspaceId,
    organizationId: check.key.organizationId,
    scopes: check.key.scopes,
    subject: `api_key:${check.key.id}`,
    apiKeyId: check.key.id,
    userId: check.key.createdByUserId,
  };
}

async function authenticateSession(request: Request, token: string, preferredWorkspaceId: string | undefined): Promise<AuthContext> {
  const resolution = await resolveSession(token, preferredWorkspaceId);
  if (resolution.status === "no_session") {
    throw new ApiError("unauthorized", "Your session has ended. Sign in again, or send an API key as `Authorization: Bearer <key>`.");
  }
  if (resolution.status === "no_membership") {
    throw new ApiError("forbidden", "Your account is not a member of any workspace. Ask a workspace owner to add you.");
  }
  const csrf = checkSameOrigin(request);
  if (!csrf.ok) throw new ApiError("forbidden", `Cross-site request refused: ${csrf.reason}.`);
  return resolution.viewer.auth;
}

async function developmentContext(workspaceId: string): Promise<AuthContext> {
  const workspace = await (await db()).workspace.findUnique({ where: { id: workspaceId }, select: { id: true, organizationId: true } });
  if (!workspace) throw unauthorized(`Unknown workspace ${workspaceId} in ${DEV_WORKSPACE_HEADER}.`);
  return {
    method: "development",
    workspaceId: workspace.id,
    organizationId: workspace.organizationId,
    scopes: ["*"],
    subject: "development",
    apiKeyId: null,
    userId: null,
  };
}
