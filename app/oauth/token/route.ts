// POST /oauth/token — authorization_code (PKCE S256) and refresh_token (rotating) grants (public clients, rate-limited)
import { mcpResourceUrl, OAuthProtocolError, tokenResponse } from "@/lib/oauth";
import { limitByAddress, oauthEndpoint, readForm } from "@/lib/oauth/http";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    limitByAddress(request, "token");
    const form = await readForm(request);
    // RFC 8707: tokens are only ever issued for the MCP endpoint of this service.
    const resource = form.get("resource");
    if (resource !== null && resource !== mcpResourceUrl(request)) throw new OAuthProtocolError("invalid_target", `This server issues tokens only for ${mcpResourceUrl(request)}.`);
    return tokenResponse(form);
  });
}
