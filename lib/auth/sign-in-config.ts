import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, isDevelopment } from "@/lib/env";

/**
 * How people can sign in on this install, from the environment:
 * - single sign-on through any OpenID Connect provider (`AUTH_OIDC_ISSUER`, `AUTH_OIDC_CLIENT_ID`,
 *   `AUTH_OIDC_CLIENT_SECRET`, display name `AUTH_OIDC_NAME`), which needs `AUTH_SECRET` in production;
 * - in `npm run dev` only, when no provider is configured, a development sign-in by email alone.
 */

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string | undefined; name: string };

export type SignInConfiguration = {
  oidc: OidcSettings | null;
  /** The email-only development sign-in: `next dev` without a provider, never a production build. */
  development: boolean;
  /** The secret next-auth signs its cookies with; null when it is missing in production. */
  secret: string | null;
  /** Why sign-in cannot work, for the sign-in page and the operator's log. */
  problem: string | null;
};

export function signInConfiguration(): SignInConfiguration {
  const config = env();
  const oidc: OidcSettings | null =
    config.AUTH_OIDC_ISSUER && config.AUTH_OIDC_CLIENT_ID
      ? {
          issuer: config.AUTH_OIDC_ISSUER.replace(/\/+$/, ""),
          clientId: config.AUTH_OIDC_CLIENT_ID,
          clientSecret: config.AUTH_OIDC_CLIENT_SECRET,
          name: config.AUTH_OIDC_NAME ?? "single sign-on",
        }
      : null;
  const development = isDevelopment() && !oidc;
  const secret = config.AUTH_SECRET ?? (isDevelopment() ? developmentSecret(config.dataDir) : null);
  let problem: string | null = null;
  if (!oidc && !development) {
    problem =
      "Single sign-on is not configured. Set AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID and AUTH_OIDC_CLIENT_SECRET (and AUTH_SECRET) to your identity provider's values, with the redirect URL <app address>/api/auth/callback/oidc.";
  } else if (oidc && !secret) {
    problem = "Sign-in is disabled because AUTH_SECRET is not set. Set AUTH_SECRET to a long random value (for example `openssl rand -base64 32`) and restart.";
  }
  return { oidc, development, secret, problem };
}

let cachedDevelopmentSecret: string | undefined;

/** In development a stable secret is kept under DATA_DIR, so sessions survive restarts without setup. */
function developmentSecret(dataDir: string): string {
  if (cachedDevelopmentSecret) return cachedDevelopmentSecret;
  const file = path.join(/*turbopackIgnore: true*/ dataDir, "auth-secret");
  try {
    cachedDevelopmentSecret = readFileSync(file, "utf8").trim();
  } catch {
    cachedDevelopmentSecret = "";
  }
  if (cachedDevelopmentSecret.length < 32) {
    cachedDevelopmentSecret = randomBytes(32).toString("base64url");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${cachedDevelopmentSecret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return cachedDevelopmentSecret;
}

/** Tells the operator at start-up when people cannot sign in to the browser UI, and why. */
export function reportSignInConfiguration(warn: (message: string, fields?: Record<string, unknown>) => void): void {
  const config = signInConfiguration();
  if (config.problem) warn(`browser sign-in unavailable: ${config.problem}`);
}
