// POST /oauth/revoke — token revocation (RFC 7009; public clients, rate-limited)
import { OAuthProtocolError, revokeToken } from "@/lib/oauth";
import { limitByAddress, oauthEndpoint, readForm } from "@/lib/oauth/http";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    limitByAddress(request, "revoke");
    const token = (await readForm(request)).get("token");
    if (!token) throw new OAuthProtocolError("invalid_request", "Send the token to revoke in the token parameter.");
    await revokeToken(token);
    return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
  });
}
