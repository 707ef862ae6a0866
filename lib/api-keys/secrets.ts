import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "qpk_live_";

/** 32 random bytes, base64url, behind a recognisable prefix (secret scanners can match it). */
export function generateApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function apiKeyHint(secret: string): string {
  return secret.slice(-4);
}
