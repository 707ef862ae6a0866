// GET, POST /api/auth/* — next-auth: OIDC sign-in (`/api/auth/signin/oidc`), callback (`/api/auth/callback/oidc`), session, sign-out
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { nextAuthOptions } from "@/lib/auth/next-auth";
import { signInConfiguration } from "@/lib/auth/sign-in-config";
import { configureNextAuthEnvironment } from "@/lib/env";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  const config = signInConfiguration();
  if (!config.oidc || !config.secret) {
    const message = config.problem ?? "Single sign-on is not configured on this server.";
    return Response.json({ error: "sign_in_unavailable", message }, { status: 503, headers: { "cache-control": "no-store" } });
  }
  configureNextAuthEnvironment();
  return NextAuth(request, context, nextAuthOptions({ ...config, oidc: config.oidc, secret: config.secret }));
}

export { handler as GET, handler as POST };
