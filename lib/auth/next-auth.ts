import type { AuthOptions } from "next-auth";
import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { db } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { createUserWithMembership, findUserByEmail, normalizeEmail } from "@/lib/tenancy/users";
import { hashSessionToken, generateSessionToken, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session";
import type { OidcSettings, SignInConfiguration } from "./sign-in-config";

/**
 * next-auth 4 configuration: one generic OpenID Connect provider (id `oidc`, callback
 * `/api/auth/callback/oidc`) and database sessions in Prisma.
 */

const toAdapterUser = (user: User): AdapterUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  emailVerified: user.emailVerified,
});

/** Only the columns of `Account`: providers may return extra token fields that are not stored. */
const ACCOUNT_FIELDS = ["refresh_token", "access_token", "expires_at", "token_type", "scope", "id_token", "session_state"] as const;

/**
 * The Prisma adapter of `@next-auth/prisma-adapter`, with three differences: the database is opened
 * lazily; a new person joins the default workspace in the same step (first one as owner); and the
 * session token is stored as its SHA-256 only. Every method receives and returns the raw token, as
 * next-auth expects.
 */
export function prismaAdapter(): Adapter {
  return {
    async createUser(data: Omit<AdapterUser, "id">) {
      return toAdapterUser(await createUserWithMembership({ email: data.email, name: data.name, image: data.image, emailVerified: data.emailVerified }));
    },
    async getUser(id) {
      const user = await (await db()).user.findUnique({ where: { id } });
      return user ? toAdapterUser(user) : null;
    },
    async getUserByEmail(email) {
      const user = await findUserByEmail(email);
      return user ? toAdapterUser(user) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = await (await db()).account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        include: { user: true },
      });
      return account ? toAdapterUser(account.user) : null;
    },
    async updateUser({ id, name, image, emailVerified, email }) {
      const user = await (await db()).user.update({
        where: { id },
        data: { name, image, emailVerified, email: email ? normalizeEmail(email) : undefined },
      });
      return toAdapterUser(user);
    },
    async deleteUser(id) {
      await (await db()).user.delete({ where: { id } });
    },
    async linkAccount(account: AdapterAccount) {
      const tokens = Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, account[field] ?? null]));
      await (await db()).account.create({
        data: {
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          ...tokens,
          expires_at: typeof account.expires_at === "number" ? Math.trunc(account.expires_at) : null,
          session_state: account.session_state == null ? null : String(account.session_state),
        },
      });
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">) {
      await (await db()).account.deleteMany({ where: { provider, providerAccountId } });
    },
    async createSession({ sessionToken, userId, expires }) {
      await (await db()).session.create({ data: { tokenHash: hashSessionToken(sessionToken), userId, expires } });
      return { sessionToken, userId, expires };
    },
    async getSessionAndUser(sessionToken) {
      const session = await (await db()).session.findUnique({ where: { tokenHash: hashSessionToken(sessionToken) }, include: { user: true } });
      if (!session) return null;
      return { session: { sessionToken, userId: session.userId, expires: session.expires }, user: toAdapterUser(session.user) };
    },
    async updateSession({ sessionToken, expires }) {
      const prisma = await db();
      const { count } = await prisma.session.updateMany({ where: { tokenHash: hashSessionToken(sessionToken) }, data: { expires } });
      if (count === 0) return null;
      const session = await prisma.session.findUniqueOrThrow({ where: { tokenHash: hashSessionToken(sessionToken) } });
      return { sessionToken, userId: session.userId, expires: session.expires };
    },
    async deleteSession(sessionToken) {
      await (await db()).session.deleteMany({ where: { tokenHash: hashSessionToken(sessionToken) } });
    },
    async createVerificationToken(token) {
      return (await db()).verificationToken.create({ data: token });
    },
    async useVerificationToken({ identifier, token }) {
      const prisma = await db();
      const found = await prisma.verificationToken.findUnique({ where: { identifier_token: { identifier, token } } });
      if (!found) return null;
      await prisma.verificationToken.deleteMany({ where: { identifier, token } });
      return found;
    },
  };
}

type OidcProfile = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

const discoveryCache = new Map<string, Promise<{ userinfo_endpoint?: string }>>();

/** Some providers put `email` only in the userinfo response, not in the ID token: ask there too. */
async function userinfoClaims(settings: OidcSettings, accessToken: string | undefined): Promise<Partial<OidcProfile>> {
  if (!accessToken) return {};
  try {
    let discovery = discoveryCache.get(settings.issuer);
    if (!discovery) {
      discovery = fetch(`${settings.issuer}/.well-known/openid-configuration`).then((response) => response.json());
      discoveryCache.set(settings.issuer, discovery);
    }
    const endpoint = (await discovery).userinfo_endpoint;
    if (!endpoint) return {};
    const response = await fetch(endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
    return response.ok ? ((await response.json()) as Partial<OidcProfile>) : {};
  } catch (error) {
    log.warn("could not read the identity provider's userinfo", { error });
    return {};
  }
}

export function oidcProvider(settings: OidcSettings): OAuthConfig<OidcProfile> {
  return {
    id: "oidc",
    name: settings.name,
    type: "oauth",
    wellKnown: `${settings.issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    clientId: settings.clientId,
    clientSecret: settings.clientSecret ?? "",
    client: settings.clientSecret ? undefined : { token_endpoint_auth_method: "none" },
    // This install trusts exactly one identity provider: a person is found by its subject first; the
    // address links a first sign-in to an existing person only when verified (see `mayLinkByEmail`).
    allowDangerousEmailAccountLinking: true,
    async profile(claims, tokens) {
      const extra = claims.email ? {} : await userinfoClaims(settings, tokens.access_token);
      const profile: OidcProfile = { ...extra, ...claims, email: claims.email ?? extra.email };
      // The address came from userinfo: so does the word on whether it was verified (read in `signIn`).
      if (!claims.email && extra.email) claims.email_verified = extra.email_verified;
      const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
      return {
        id: claims.sub,
        email: profile.email ?? "",
        name: profile.name ?? (fullName || profile.preferred_username || null),
        image: profile.picture ?? null,
      };
    },
  };
}

/**
 * A person is found by the identity provider's subject (`sub`, stored as the account's
 * `providerAccountId`). Only when no account carries that subject may the email address link the
 * sign-in to an existing person, and only if the provider says it verified the address
 * (`email_verified === true`; a missing claim is not verified).
 */
export async function mayLinkByEmail(
  email: string,
  account: { provider: string; providerAccountId: string } | null | undefined,
  profile: Pick<OidcProfile, "email_verified"> | undefined,
): Promise<boolean> {
  if (account) {
    const linked = await (await db()).account.findUnique({
      where: { provider_providerAccountId: { provider: account.provider, providerAccountId: account.providerAccountId } },
      select: { id: true },
    });
    if (linked) return true;
  }
  if (!(await findUserByEmail(email))) return true;
  if (profile?.email_verified === true) return true;
  log.warn("sign-in refused: an existing person's address, not verified by the identity provider");
  return false;
}

export function nextAuthOptions(config: SignInConfiguration & { oidc: OidcSettings; secret: string }): AuthOptions {
  return {
    adapter: prismaAdapter(),
    providers: [oidcProvider(config.oidc)],
    secret: config.secret,
    session: {
      strategy: "database",
      maxAge: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      generateSessionToken,
    },
    pages: { signIn: "/sign-in", error: "/sign-in", signOut: "/sign-in" },
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!user.email) {
          log.warn("sign-in refused: the identity provider sent no email address", { subject: user.id });
          return "/sign-in?error=NoEmail";
        }
        return (await mayLinkByEmail(user.email, account, profile as OidcProfile | undefined)) ? true : "/sign-in?error=EmailNotVerified";
      },
    },
    logger: {
      error: (code, metadata) => log.error(`next-auth: ${code}`, { metadata }),
      warn: (code) => log.warn(`next-auth: ${code}`),
      debug: () => {},
    },
  };
}
