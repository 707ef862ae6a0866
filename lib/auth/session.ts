import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { MembershipRole, User } from "@/lib/generated/prisma/client";
import { listMemberships, type MembershipSummary } from "@/lib/tenancy/users";
import type { AuthContext } from "./context";
import { scopesForRole } from "./roles";

/**
 * Browser sessions: next-auth's database sessions, read directly here so that the API (`/v1` in session
 * mode) and the server-rendered pages authenticate a person the same way. The cookie carries a random
 * token; the database keeps only its SHA-256 (see the adapter in ./next-auth-adapter.ts).
 */

/** Session lifetime, renewed (sliding) at most once a day while the person uses the app. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/** next-auth's cookie names: the `__Secure-` one is used when the app is served over https. */
export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";
/** The workspace a person chose in the UI, remembered across visits (only honoured for a member). */
export const WORKSPACE_COOKIE = "sps-workspace";

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether cookies must be `Secure`: the app's public address is https. */
export function secureCookies(requestUrl?: string): boolean {
  const base = env().APP_BASE_URL ?? requestUrl;
  return Boolean(base?.startsWith("https://"));
}

export function sessionCookieName(requestUrl?: string): string {
  return secureCookies(requestUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

type CookieReader = { get(name: string): string | undefined };

export function cookieReader(cookieHeader: string | null | undefined): CookieReader {
  const values = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!values.has(name)) {
      try {
        values.set(name, decodeURIComponent(part.slice(index + 1).trim()));
      } catch {
        values.set(name, part.slice(index + 1).trim());
      }
    }
  }
  return { get: (name) => values.get(name) };
}

/**
 * The session token from the one cookie name that matches the connection: `__Secure-…` over https, the
 * plain name over http. A plain-named cookie on an https app could have been planted over http, and a
 * `__Secure-` one on an http app was not set by it.
 */
export function readSessionToken(cookies: CookieReader, requestUrl?: string): string | undefined {
  return cookies.get(sessionCookieName(requestUrl)) || undefined;
}

export async function createSessionRow(userId: string): Promise<{ token: string; expires: Date }> {
  const token = generateSessionToken();
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await (await db()).session.create({ data: { tokenHash: hashSessionToken(token), userId, expires } });
  return { token, expires };
}

export async function deleteSessionRow(token: string): Promise<void> {
  await (await db()).session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
}

/** The session's person, or null when the token is unknown or expired (an expired row is removed). */
export async function findSessionUser(token: string): Promise<{ user: User; expires: Date } | null> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { user: true } });
  if (!session) return null;
  if (session.expires.getTime() <= Date.now()) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  return { user: session.user, expires: session.expires };
}

/** Slides the expiry forward when it is due (at most once a day); returns the new expiry, if changed. */
export async function renewSession(token: string): Promise<Date | null> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { tokenHash: hashSessionToken(token) } });
  if (!session || session.expires.getTime() <= Date.now()) return null;
  const dueAt = session.expires.getTime() - (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
  if (dueAt > Date.now()) return null;
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await prisma.session.update({ where: { id: session.id }, data: { expires } });
  return expires;
}

export type SessionViewer = {
  user: Pick<User, "id" | "email" | "name" | "image">;
  role: MembershipRole;
  workspace: MembershipSummary;
  memberships: MembershipSummary[];
  /** The caller as every service and route sees it. */
  auth: AuthContext;
};

export type SessionResolution =
  | { status: "signed_in"; viewer: SessionViewer }
  | { status: "no_session" }
  | { status: "no_membership"; user: Pick<User, "id" | "email" | "name"> };

/**
 * Resolves a session token to the person and their current workspace: the one remembered in the
 * workspace cookie when they are a member of it, else the default workspace, else their oldest.
 */
export async function resolveSession(token: string | undefined, preferredWorkspaceId?: string): Promise<SessionResolution> {
  if (!token) return { status: "no_session" };
  const found = await findSessionUser(token);
  if (!found) return { status: "no_session" };
  const { user } = found;
  const memberships = await listMemberships(user.id);
  const workspace = memberships.find((membership) => membership.workspaceId === preferredWorkspaceId) ?? memberships[0];
  if (!workspace) return { status: "no_membership", user: { id: user.id, email: user.email, name: user.name } };
  return {
    status: "signed_in",
    viewer: {
      user: { id: user.id, email: user.email, name: user.name, image: user.image },
      role: workspace.role,
      workspace,
      memberships,
      auth: {
        method: "session",
        workspaceId: workspace.workspaceId,
        organizationId: workspace.organizationId,
        scopes: scopesForRole(workspace.role),
        subject: `user:${user.id}`,
        apiKeyId: null,
        userId: user.id,
      },
    },
  };
}

export async function resolveSessionFromCookies(cookies: CookieReader, requestUrl?: string): Promise<SessionResolution> {
  return resolveSession(readSessionToken(cookies, requestUrl), cookies.get(WORKSPACE_COOKIE));
}
