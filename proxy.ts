import { NextResponse, type NextRequest } from "next/server";

/**
 * Sends signed-out visitors of app pages to sign-in before anything renders. This only looks for the
 * session cookie (no database here); every page still resolves the session on the server and redirects
 * when it has expired or was revoked. Also hands the requested path to server components (`x-pathname`)
 * so that sign-in can return there.
 */

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export function proxy(request: NextRequest) {
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
  // App pages only: not sign-in, the APIs, health, Next's assets or files with an extension.
  matcher: ["/((?!sign-in|api/|v1/|v1$|o/|health|_next/|favicon\\.ico|.*\\.[a-zA-Z0-9]+$).*)"],
};
