// GET /.well-known/oauth-protected-resource — RFC 9728 metadata of the MCP endpoint (public)
import { protectedResourceMetadata } from "@/lib/oauth";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(protectedResourceMetadata(request), { headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } });
}
