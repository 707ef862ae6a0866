// POST /mcp — the MCP endpoint (Streamable HTTP, stateless; API key as Bearer; each tool checks its scope)
import { handleMcpRequest } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";

export const POST = handleMcpRequest;

/** Stateless: no standalone SSE stream (GET) and no session to end (DELETE); clients handle 405 for both. */
function notAllowed(): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST." }, id: null },
    { status: 405, headers: { allow: "POST" } },
  );
}

export const GET = notAllowed;
export const DELETE = notAllowed;
