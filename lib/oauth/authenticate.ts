import type { AuthContext } from "@/lib/auth/context";
import { scopesForRole } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { mcpResourceUrl, protectedResourceMetadataUrl } from "./resource";
import { ACCESS_TOKEN_PREFIX, hashOAuthSecret } from "./server";

/** Touching `last_used_at` on every request would write per call; once a minute is enough for the UI. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Authenticates a request to `/mcp`: an OAuth access token issued by this service for this resource
 * (never an API key or a session cookie). The token acts as the person who consented, in the workspace
 * they chose, with the scopes of their current role there. Anything else is a 401 whose
 * `WWW-Authenticate` points MCP clients at the protected-resource metadata (RFC 9728 §5.1).
 */
export async function authenticateMcpToken(request: Request): Promise<AuthContext> {
  const challenge = (error?: string, description?: string) => {
    const parts = [`Bearer resource_metadata="${protectedResourceMetadataUrl(request)}"`];
    if (error) parts.push(`error="${error}"`);
    if (description) parts.push(`error_description="${description}"`);
    return new ApiError("unauthorized", description ?? "Sign in through OAuth: this endpoint takes an access token of this service's authorization server.", {}, { headers: { "www-authenticate": parts.join(", ") } });
  };

  const authorization = request.headers.get("authorization");
  if (!authorization) throw challenge();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw challenge("invalid_request", "Send the access token as Authorization: Bearer <token>.");
  const token = match[1];
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) throw challenge("invalid_token", "This endpoint takes OAuth access tokens only; API keys are for /v1 and /o/v1.");

  const prisma = await db();
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashOAuthSecret(token) }, include: { grant: { include: { workspace: true } } } });
  if (!row || row.kind !== "access") throw challenge("invalid_token", "The access token is not valid.");
  if (row.grant.revokedAt) throw challenge("invalid_token", "The access token was revoked.");
  if (row.expiresAt.getTime() <= Date.now()) throw challenge("invalid_token", "The access token has expired; refresh it.");
  if (row.grant.resource !== mcpResourceUrl(request)) throw challenge("invalid_token", "The access token was issued for another resource.");

  const membership = await prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId: row.grant.workspaceId, userId: row.grant.userId } } });
  if (!membership) throw challenge("invalid_token", "The person who authorized this client is no longer a member of the workspace.");

  if (!row.grant.lastUsedAt || Date.now() - row.grant.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.oAuthGrant.update({ where: { id: row.grantId }, data: { lastUsedAt: new Date() } });
  }
  return {
    method: "oauth",
    workspaceId: row.grant.workspaceId,
    organizationId: row.grant.workspace.organizationId,
    scopes: scopesForRole(membership.role),
    subject: `user:${row.grant.userId}`,
    apiKeyId: null,
    userId: row.grant.userId,
  };
}
