import { z } from "zod";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { OAuthProtocolError } from "./errors";

/**
 * Dynamic client registration (RFC 7591) for MCP clients. Every client is public: it has no secret, so
 * `token_endpoint_auth_method` is `none` and every authorization must use PKCE S256.
 */

/** Schemes a page could use to run code or read local files: never a redirect target. */
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * OAuth 2.1 redirect URIs: https anywhere; plain http only on the loopback interface (native apps and
 * CLIs, RFC 8252 §7.3); a private-use scheme of a native app (`vscode://…`, `com.example.app:/cb`, §7.1).
 * Never with a fragment.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value.slice(0, 200))} is not an absolute URI.`;
  }
  if (url.hash) return `${value} has a fragment; redirect URIs must not.`;
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `${url.protocol} URIs cannot be redirect URIs.`;
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) return `${value} uses http on a host that is not the loopback interface; use https.`;
  return null;
}

export const ZClientRegistration = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  client_uri: z.string().max(2000).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  scope: z.string().max(1000).optional(),
});

export type RegisteredClient = {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: "none";
};

export async function registerClient(body: unknown): Promise<RegisteredClient> {
  const parsed = ZClientRegistration.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OAuthProtocolError("invalid_client_metadata", `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const metadata = parsed.data;
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthProtocolError("invalid_redirect_uri", problem);
  }
  const method = metadata.token_endpoint_auth_method ?? "none";
  if (method !== "none") throw new OAuthProtocolError("invalid_client_metadata", `token_endpoint_auth_method ${method} is not supported: clients are public and use PKCE (none).`);
  const grantTypes = metadata.grant_types ?? ["authorization_code", "refresh_token"];
  const unsupportedGrant = grantTypes.find((grant) => grant !== "authorization_code" && grant !== "refresh_token");
  if (unsupportedGrant) throw new OAuthProtocolError("invalid_client_metadata", `grant_types: ${unsupportedGrant} is not supported (authorization_code, refresh_token).`);
  const responseTypes = metadata.response_types ?? ["code"];
  if (responseTypes.some((type) => type !== "code")) throw new OAuthProtocolError("invalid_client_metadata", "response_types: only code is supported.");

  const client = await (await db()).oAuthClient.create({
    data: { id: newId("mcpc"), name: metadata.client_name ?? "Unnamed MCP client", redirectUris: metadata.redirect_uris },
  });
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: grantTypes,
    response_types: responseTypes,
    token_endpoint_auth_method: "none",
  };
}

export async function findClient(clientId: string) {
  if (!/^mcpc_[0-9A-Z]{26}$/.test(clientId)) return null;
  return (await db()).oAuthClient.findUnique({ where: { id: clientId } });
}
