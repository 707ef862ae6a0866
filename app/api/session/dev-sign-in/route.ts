// POST /api/session/dev-sign-in — development sign-in by email (`npm run dev` without an identity provider only; 404 in production builds)
import { z } from "zod";
import { readForm, refuseCrossSite, safeReturnPath, seeOther, sessionCookie } from "@/lib/auth/http";
import { createSessionRow } from "@/lib/auth/session";
import { signInConfiguration } from "@/lib/auth/sign-in-config";
import { isDevelopment } from "@/lib/env";
import { log } from "@/lib/log";
import { createUserWithMembership, findUserByEmail } from "@/lib/tenancy/users";

const ZEmail = z.email().max(320);

export async function POST(request: Request): Promise<Response> {
  // `isDevelopment()` is inlined by the build, so a production build answers 404 before anything else.
  if (!isDevelopment() || !signInConfiguration().development) {
    return Response.json({ error: "not_found", message: "No route POST /api/session/dev-sign-in." }, { status: 404 });
  }
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const form = await readForm(request);
  const returnTo = safeReturnPath(form.callbackUrl);
  const email = ZEmail.safeParse(form.email?.trim());
  if (!email.success) {
    return seeOther(`/sign-in?error=InvalidEmail&callbackUrl=${encodeURIComponent(returnTo)}`);
  }
  const user = (await findUserByEmail(email.data)) ?? (await createUserWithMembership({ email: email.data, name: email.data.split("@")[0] }));
  const session = await createSessionRow(user.id);
  log.info("development sign-in", { userId: user.id });
  return seeOther(returnTo, [sessionCookie(request, session.token, session.expires)]);
}
