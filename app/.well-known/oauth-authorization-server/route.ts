// GET /.well-known/oauth-authorization-server — RFC 8414 authorization-server metadata (public)
import { authorizationServerMetadata } from "@/lib/oauth";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(authorizationServerMetadata(request), { headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } });
}
