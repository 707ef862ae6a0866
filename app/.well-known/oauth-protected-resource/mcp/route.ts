// GET /.well-known/oauth-protected-resource/mcp — the same metadata at the RFC 9728 §3.1 path of `/mcp` (public)
export { GET } from "../route";

// Route segment config must be a literal in this file: Next refuses a re-exported `dynamic`.
export const dynamic = "force-dynamic";
