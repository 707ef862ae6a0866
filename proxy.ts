import { NextResponse, type NextRequest } from "next/server";

/**
 * Sends signed-out visitors of app pages to sign-in before anything renders. This only looks for the
 * session cookie (no database here); every page still resolves the session on the server and redirects
 * when it has expired or was revoked. Also hands the requested path to server components (`x-pathname`)
 * so that sign-in can return there.
 */

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * An API path that is not valid percent-encoding (`/v1/surveys/%E0`) makes Next answer a plain-text 500
 * before any route handler runs; answer the interface's JSON 400 instead. Only such paths (with a `%`)
 * reach the proxy under /v1 and /o/v1 (see the matcher), so valid API requests pay nothing for it.
 */
function malformedApiPath(request: NextRequest): Response | null {
  const raw = new URL(request.url).pathname;
  if (!/^\/(o\/)?v1(\/|$)/.test(raw)) return null;
  try {
    raw.split("/").forEach((segment) => decodeURIComponent(segment));
    return null;
  } catch {
    return Response.json(
      { error: "validation_error", message: "The request path is not valid percent-encoding.", details: [{ path: "path", message: "malformed %-escape" }] },
      { status: 400, headers: { "cache-control": "no-store" } },
    );
  }
}

export function proxy(request: NextRequest) {
  const malformed = malformedApiPath(request);
  if (malformed) return malformed;
  if (/^\/(o\/)?v1(\/|$)/.test(request.nextUrl.pathname)) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.get(name)?.value);
  if (!hasSession) {
    const url = request.nextUrl.clone();
    url.pathname = "/sign-in";
    url.search = `?callbackUrl=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(url);
  }
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // App pages only: not sign-in, the APIs (and the MCP endpoint with its OAuth metadata and token endpoints), respondent links, health, the API benchmark's baseline (bench/), Next's assets or files with an extension.
  matcher: ["/((?!sign-in|api/|v1/|v1$|o/|r/|mcp$|\\.well-known/|oauth/register$|oauth/token$|oauth/revoke$|health|bench/|_next/|favicon\\.ico|.*\\.[a-zA-Z0-9]+$).*)", "/v1/(.*%.*)", "/o/v1/(.*%.*)"],
};
