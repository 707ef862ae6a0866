import { checkSameOrigin } from "./csrf";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, secureCookies } from "./session";

/** Small helpers of the session routes under /api/session (sign-out, development sign-in, workspace). */

/** A same-site path to return to after sign-in; anything else (other hosts, `//x`, `/\x`) becomes `fallback`. */
export function safeReturnPath(value: unknown, fallback = "/surveys"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

export function sessionCookie(request: Request, token: string, expires: Date): string {
  const secure = secureCookies(request.url);
  return [
    `${sessionCookieName(request.url)}=${encodeURIComponent(token)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expires.toUTCString()}`,
    `Max-Age=${Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) || SESSION_MAX_AGE_SECONDS}`,
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

export function clearedCookie(request: Request, name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureCookies(request.url) ? "; Secure" : ""}`;
}

/** A browser form post answered with a redirect (303, so the browser follows with GET). */
export function seeOther(location: string, cookies: string[] = []): Response {
  // A relative Location: the browser resolves it against the address it used, whatever proxies sit between.
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

export function refuseCrossSite(request: Request): Response | null {
  const verdict = checkSameOrigin(request);
  if (verdict.ok) return null;
  return Response.json({ error: "forbidden", message: `Cross-site request refused: ${verdict.reason}.` }, { status: 403 });
}

export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === "string")) as Record<string, string>;
  }
  const form = await request.formData().catch(() => null);
  if (!form) return {};
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) as Record<string, string>;
}
