import { env } from "@/lib/env";

/**
 * Cross-site request forgery protection for cookie-authenticated requests. A browser attaches the
 * session cookie to requests another site triggers, so a state-changing request authenticated by the
 * cookie must prove it comes from this app's own pages:
 *
 * - `Sec-Fetch-Site`, when the browser sends it, must be `same-origin`;
 * - `Origin`, when sent, must be this app's origin (`APP_BASE_URL`, or the request's own host);
 * - a request carrying neither (old browsers, non-browser clients) must carry `X-Requested-With`,
 *   a header no cross-site form can send and no cross-site script can add without a CORS preflight,
 *   which this app never grants.
 *
 * The UI's fetch helper sends `X-Requested-With` on every call. Requests with an API key are not
 * affected: a key is never sent by a browser on its own.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CSRF_HEADER = "x-requested-with";

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

function allowedHosts(request: Request): Set<string> {
  const hosts = new Set<string>();
  const base = env().APP_BASE_URL;
  if (base) {
    try {
      hosts.add(new URL(base).host.toLowerCase());
    } catch {
      // An invalid APP_BASE_URL is reported where it is used to build links.
    }
  }
  for (const value of [request.headers.get("host"), request.headers.get("x-forwarded-host")]) {
    if (value) hosts.add(value.split(",")[0].trim().toLowerCase());
  }
  hosts.add(new URL(request.url).host.toLowerCase());
  return hosts;
}

export function checkSameOrigin(request: Request): CsrfVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return { ok: false, reason: `the request came from another site (Sec-Fetch-Site: ${site})` };
  const origin = request.headers.get("origin");
  if (origin) {
    let host: string | null = null;
    try {
      host = origin === "null" ? null : new URL(origin).host.toLowerCase();
    } catch {
      host = null;
    }
    if (!host || !allowedHosts(request).has(host)) return { ok: false, reason: `the request came from another origin (${origin})` };
    return { ok: true };
  }
  if (site === "same-origin") return { ok: true };
  if (request.headers.get(CSRF_HEADER)) return { ok: true };
  return { ok: false, reason: `the request carries neither Origin nor ${CSRF_HEADER}` };
}
