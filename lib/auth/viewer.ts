import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { resolveSessionFromCookies, type SessionResolution, type SessionViewer } from "./session";

/**
 * The signed-in person of the current page request, resolved once per request. Server components read
 * through `lib/` services with `viewer.auth`, exactly the caller the `/v1` routes would see.
 */
export const getSession = cache(async (): Promise<SessionResolution> => {
  const jar = await cookies();
  return resolveSessionFromCookies({ get: (name) => jar.get(name)?.value });
});

/** The viewer, or a redirect to sign-in (returning to this page afterwards). */
export async function requireViewer(): Promise<SessionViewer> {
  const session = await getSession();
  if (session.status === "signed_in") return session.viewer;
  if (session.status === "no_membership") redirect("/sign-in?error=NoWorkspace");
  const path = (await headers()).get("x-pathname") ?? "/surveys";
  redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
}
