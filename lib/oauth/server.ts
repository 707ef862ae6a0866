import { createHash, randomBytes } from "node:crypto";
import OAuth2Server from "@node-oauth/oauth2-server";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { OAuthProtocolError, NO_STORE } from "./errors";

/**
 * The OAuth 2.1 authorization server for MCP clients, on `@node-oauth/oauth2-server` (a maintained,
 * framework-free implementation of the code and refresh grants with PKCE). This file holds its storage
 * model — codes and tokens are stored only as SHA-256 hashes — and the adapters between the web
 * `Request`/`Response` of route handlers and the library's own request and response objects.
 */

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const AUTHORIZATION_CODE_SECONDS = 120;
/** The one scope: what a token may do is the person's role in the workspace, checked per request. */
const SCOPE = ["mcp"];

export const ACCESS_TOKEN_PREFIX = "mcp_at_";
const REFRESH_TOKEN_PREFIX = "mcp_rt_";

export function hashOAuthSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function secret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** Who consented, where, for what: carried on codes and refresh tokens through the library. */
type GrantUser = { id: string; grantId: string };
type Client = { id: string; redirectUris: string[]; grants: string[] };

function asClient(row: { id: string; redirectUris: string[] }): Client {
  return { id: row.id, redirectUris: row.redirectUris, grants: ["authorization_code", "refresh_token"] };
}

const model: OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel = {
  async getClient(clientId: string) {
    const row = typeof clientId === "string" && /^mcpc_[0-9A-Z]{26}$/.test(clientId) ? await (await db()).oAuthClient.findUnique({ where: { id: clientId } }) : null;
    return row ? asClient(row) : null;
  },

  async validateScope() {
    return SCOPE;
  },

  async generateAuthorizationCode() {
    return randomBytes(32).toString("base64url");
  },

  async generateAccessToken() {
    return secret(ACCESS_TOKEN_PREFIX);
  },

  async generateRefreshToken() {
    return secret(REFRESH_TOKEN_PREFIX);
  },

  async saveAuthorizationCode(code, client, user) {
    const grantUser = user as GrantUser;
    await (await db()).oAuthAuthorizationCode.create({
      data: {
        codeHash: hashOAuthSecret(code.authorizationCode),
        grantId: grantUser.grantId,
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge ?? "",
        expiresAt: code.expiresAt,
      },
    });
    return { ...code, client, user };
  },

  async getAuthorizationCode(authorizationCode) {
    const row = await (await db()).oAuthAuthorizationCode.findUnique({
      where: { codeHash: hashOAuthSecret(authorizationCode) },
      include: { grant: { include: { client: true } } },
    });
    if (!row || row.grant.revokedAt) return null;
    return {
      authorizationCode,
      expiresAt: row.expiresAt,
      redirectUri: row.redirectUri,
      scope: SCOPE,
      client: asClient(row.grant.client),
      user: { id: row.grant.userId, grantId: row.grantId } satisfies GrantUser,
      codeChallenge: row.codeChallenge,
      codeChallengeMethod: "S256",
    };
  },

  /** One use only: of two concurrent exchanges of one code, exactly one deletes it and gets tokens. */
  async revokeAuthorizationCode(code) {
    const { count } = await (await db()).oAuthAuthorizationCode.deleteMany({ where: { codeHash: hashOAuthSecret(code.authorizationCode) } });
    return count === 1;
  },

  async saveToken(token, client, user) {
    const grantUser = user as GrantUser;
    const prisma = await db();
    const rows = [{ tokenHash: hashOAuthSecret(token.accessToken), grantId: grantUser.grantId, kind: "access", expiresAt: token.accessTokenExpiresAt! }];
    if (token.refreshToken) rows.push({ tokenHash: hashOAuthSecret(token.refreshToken), grantId: grantUser.grantId, kind: "refresh", expiresAt: token.refreshTokenExpiresAt! });
    await prisma.oAuthToken.createMany({ data: rows });
    return { ...token, scope: SCOPE, client, user };
  },

  async getAccessToken(accessToken) {
    const row = await findLiveToken(accessToken, "access");
    return row ? { accessToken, accessTokenExpiresAt: row.expiresAt, scope: SCOPE, client: asClient(row.grant.client), user: { id: row.grant.userId, grantId: row.grantId } } : null;
  },

  async getRefreshToken(refreshToken) {
    const row = await findLiveToken(refreshToken, "refresh");
    return row ? { refreshToken, refreshTokenExpiresAt: row.expiresAt, scope: SCOPE, client: asClient(row.grant.client), user: { id: row.grant.userId, grantId: row.grantId } } : null;
  },

  /** Refresh tokens rotate: the used one is deleted before the new pair is saved, once only. */
  async revokeToken(token) {
    const { count } = await (await db()).oAuthToken.deleteMany({ where: { tokenHash: hashOAuthSecret(token.refreshToken), kind: "refresh" } });
    return count === 1;
  },
};

async function findLiveToken(value: string, kind: "access" | "refresh") {
  const row = await (await db()).oAuthToken.findUnique({ where: { tokenHash: hashOAuthSecret(value) }, include: { grant: { include: { client: true } } } });
  if (!row || row.kind !== kind || row.grant.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

const server = new OAuth2Server({
  model,
  accessTokenLifetime: ACCESS_TOKEN_SECONDS,
  refreshTokenLifetime: REFRESH_TOKEN_SECONDS,
  authorizationCodeLifetime: AUTHORIZATION_CODE_SECONDS,
  allowEmptyState: true,
  alwaysIssueNewRefreshToken: true,
  requireClientAuthentication: { authorization_code: false, refresh_token: false },
});

export type AuthorizationParams = Record<string, string>;

/**
 * Issues a code for an approved (or refused, `allowed: false`) consent and returns where to send the
 * browser: the client's redirect URI with `code` (or `error`), `state` and `iss` (RFC 9207).
 */
export async function authorizationRedirect(params: AuthorizationParams, grant: { grantId: string; userId: string } | null, issuer: string): Promise<string> {
  const request = new OAuth2Server.Request({ method: "GET", headers: {}, query: { ...params, allowed: grant ? "true" : "false" }, body: {} });
  const response = new OAuth2Server.Response({});
  const user: GrantUser | null = grant ? { id: grant.userId, grantId: grant.grantId } : null;
  try {
    await server.authorize(request, response, { authenticateHandler: { handle: () => user ?? { id: "denied", grantId: "" } } });
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
  }
  const location = response.get("location") as string | undefined;
  if (!location) throw new OAuthProtocolError("invalid_request", "The authorization request could not be completed.");
  const url = new URL(location);
  url.searchParams.set("iss", issuer);
  return url.toString();
}

/** The token endpoint (authorization_code with PKCE, refresh_token with rotation). */
export async function tokenResponse(form: URLSearchParams): Promise<Response> {
  const request = new OAuth2Server.Request({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "1" },
    query: {},
    body: Object.fromEntries(form),
  });
  const response = new OAuth2Server.Response({});
  try {
    await server.token(request, response);
  } catch (error) {
    if (error instanceof OAuth2Server.OAuthError) {
      const code = error.name === "server_error" ? "server_error" : error.name;
      return new OAuthProtocolError(code, error.message, error.code).toResponse();
    }
    throw error;
  }
  return Response.json(response.body, { status: response.status ?? 200, headers: NO_STORE });
}

export async function createGrant(input: { clientId: string; userId: string; workspaceId: string; resource: string }): Promise<string> {
  const grant = await (await db()).oAuthGrant.create({ data: { id: newId("ogr"), ...input } });
  return grant.id;
}
