import { createHmac, randomBytes } from "node:crypto";

/**
 * Signing secrets and signatures of both delivery formats.
 *
 * - P (Standard Webhooks): `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed
 *   with the base64-decoded part of the `whsec_…` secret.
 * - O: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the secret string as
 *   given to the subscriber (the way GitHub-style receivers and `@octokit/webhooks-methods` verify).
 */

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 24;

/** `whsec_` + base64 of 24 random bytes (the Standard Webhooks format). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The last four characters, enough to tell two secrets apart without revealing either. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

export function signStandardWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const digest = createHmac("sha256", standardKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

export function signServiceHmac(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
