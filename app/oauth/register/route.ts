// POST /oauth/register — dynamic client registration (RFC 7591) for MCP clients (public, rate-limited)
import { OAuthProtocolError, registerClient } from "@/lib/oauth";
import { limitByAddress, oauthEndpoint, readSmallBody } from "@/lib/oauth/http";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    limitByAddress(request, "register");
    let body: unknown;
    try {
      body = JSON.parse(await readSmallBody(request));
    } catch (error) {
      if (error instanceof OAuthProtocolError) throw error;
      throw new OAuthProtocolError("invalid_client_metadata", "The body must be a JSON object.");
    }
    return Response.json(await registerClient(body), { status: 201, headers: { "cache-control": "no-store" } });
  });
}
