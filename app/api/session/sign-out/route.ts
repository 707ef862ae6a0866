// POST /api/session/sign-out — ends the browser session (same-origin form post), then back to sign-in
import { clearedCookie, refuseCrossSite, seeOther } from "@/lib/auth/http";
import { cookieReader, deleteSessionRow, readSessionToken, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session";

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const token = readSessionToken(cookieReader(request.headers.get("cookie")), request.url);
  if (token) await deleteSessionRow(token);
  return seeOther("/sign-in?signed_out=1", [clearedCookie(request, SESSION_COOKIE), clearedCookie(request, SECURE_SESSION_COOKIE)]);
}
