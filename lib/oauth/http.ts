import { ApiError } from "@/lib/http/errors";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { OAuthProtocolError } from "./errors";

/** The OAuth endpoints' bodies are small; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

/** Per client address: the OAuth endpoints take no credential to key a limit on. */
export function limitByAddress(request: Request, endpoint: string): void {
  const address = request.headers.get("x-forwarded-for")?.split(",")[0].trim() || request.headers.get("x-real-ip") || "local";
  try {
    enforceRateLimit(`oauth:${endpoint}:${address}`);
  } catch (error) {
    if (error instanceof ApiError) throw new OAuthProtocolError("slow_down", "Too many requests; wait a minute.", 429);
    throw error;
  }
}

export async function readSmallBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new OAuthProtocolError("invalid_request", "The request body is too large.", 413);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new OAuthProtocolError("invalid_request", "The request body is too large.", 413);
  return text;
}

export async function readForm(request: Request): Promise<URLSearchParams> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthProtocolError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  }
  return new URLSearchParams(await readSmallBody(request));
}

/** Maps OAuth errors to their body; anything else is a 500 without internals. */
export async function oauthEndpoint(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof OAuthProtocolError) return error.toResponse();
    const { log } = await import("@/lib/log");
    log.error("OAuth endpoint failed", { error });
    return new OAuthProtocolError("server_error", "Something went wrong on our side.", 500).toResponse();
  }
}
