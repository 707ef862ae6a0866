import { baseUrlFor } from "@/lib/http/base-url";

/**
 * The one protected resource of the authorization server: the MCP endpoint. Tokens are bound to it
 * (RFC 8707 resource indicators), so a token issued for this service's `/mcp` is useless elsewhere.
 */
export function mcpResourceUrl(request: Request): string {
  return `${baseUrlFor(request)}/mcp`;
}

/** RFC 9728 §3: the metadata of `<origin>/mcp` lives at `<origin>/.well-known/oauth-protected-resource/mcp`. */
export function protectedResourceMetadataUrl(request: Request): string {
  return `${baseUrlFor(request)}/.well-known/oauth-protected-resource/mcp`;
}

/** RFC 9728 protected-resource metadata for `/mcp`. */
export function protectedResourceMetadata(request: Request) {
  const origin = baseUrlFor(request);
  return {
    resource: mcpResourceUrl(request),
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    scopes_supported: ["mcp"],
    resource_name: "Survey programming service (MCP)",
    resource_documentation: `${origin}/docs/mcp`,
  };
}

/** RFC 8414 authorization-server metadata. */
export function authorizationServerMetadata(request: Request) {
  const origin = baseUrlFor(request);
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    registration_endpoint: `${origin}/oauth/register`,
    revocation_endpoint: `${origin}/oauth/revoke`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: ["mcp"],
    authorization_response_iss_parameter_supported: true,
  };
}
