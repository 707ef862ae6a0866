// POST /api/session/refresh — slides the session's expiry forward (at most once a day) and re-issues its cookie
import { refuseCrossSite, sessionCookie } from "@/lib/auth/http";
import { cookieReader, findSessionUser, readSessionToken, renewSession } from "@/lib/auth/session";

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const token = readSessionToken(cookieReader(request.headers.get("cookie")), request.url);
  const found = token ? await findSessionUser(token) : null;
  if (!token || !found) return Response.json({ error: "unauthorized", message: "Your session has ended. Sign in again." }, { status: 401 });
  const expires = await renewSession(token);
  const headers = new Headers({ "cache-control": "no-store" });
  if (expires) headers.append("set-cookie", sessionCookie(request, token, expires));
  return new Response(null, { status: 204, headers });
}
