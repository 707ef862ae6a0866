/**
 * Addresses and credentials shared by the UI tests' global setup (which starts the identity provider)
 * and whatever starts the app (`scripts/test.mjs` or the local config): the app must be started with
 * `uiServerEnvironment()` so that its single sign-on points at the test IdP.
 */

/**
 * The app's address, from the same variables as playwright.config.ts (E2E_BASE_URL, else 127.0.0.1 on
 * E2E_PORT). A function, not a constant: the config sets E2E_PORT after its imports are evaluated.
 */
export function appOrigin(): string {
  return process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;
}
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 3590);
export const IDP_ISSUER = `http://127.0.0.1:${IDP_PORT}`;
export const IDP_CLIENT_ID = "survey-service-e2e";
export const IDP_CLIENT_SECRET = "e2e-client-secret-not-for-production";
export const IDP_NAME = "Test IdP";
/** A local HTTP server the webhook steps register as an endpoint. */
export const WEBHOOK_RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 3592);

export function uiServerEnvironment(): Record<string, string> {
  return {
    AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789abcdef",
    AUTH_OIDC_ISSUER: IDP_ISSUER,
    AUTH_OIDC_CLIENT_ID: IDP_CLIENT_ID,
    AUTH_OIDC_CLIENT_SECRET: IDP_CLIENT_SECRET,
    AUTH_OIDC_NAME: IDP_NAME,
    // The webhook steps deliver to a receiver on 127.0.0.1 over http, and want retries in milliseconds.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    WEBHOOK_RETRY_SCALE: "0.001",
  };
}
