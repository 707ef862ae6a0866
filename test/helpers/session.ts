import { createSessionRow, SESSION_COOKIE } from "@/lib/auth/session";
import { createUserWithMembership } from "@/lib/tenancy/users";
import { client } from "./api";

/** A person signed in through a real database session, and an API client sending their cookie like the UI does. */
export async function signInUser(email: string) {
  const user = await createUserWithMembership({ email, name: email.split("@")[0] });
  const session = await createSessionRow(user.id);
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  return { user, token: session.token, cookie, api: sessionClient(cookie) };
}

/** Same-origin browser requests: the session cookie plus the header the UI's fetch helper sends. */
export function sessionClient(cookie: string, extra: Record<string, string> = {}) {
  const headers = { cookie, "x-requested-with": "fetch", ...extra };
  const bound = client();
  return {
    get: (path: string) => bound.get(path, { headers }),
    post: (path: string, body?: unknown, more: Record<string, string> = {}) => bound.post(path, body, { headers: { ...headers, ...more } }),
    patch: (path: string, body?: unknown) => bound.patch(path, body, { headers }),
    delete: (path: string) => bound.delete(path, { headers }),
  };
}
