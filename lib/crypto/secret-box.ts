import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getAppKey } from "./app-key";

/**
 * Secrets the server must use again (webhook signing secrets, integration credentials) are stored
 * AES-256-GCM encrypted under the application key (DESIGN §6). The `context` (e.g. the owning row's id)
 * is bound as additional authenticated data, so a ciphertext copied onto another row does not decrypt.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = "v1";

export function encryptSecret(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", getAppKey(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export function decryptSecret(sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised encrypted secret format.");
  // A full 16-byte tag only: GCM would otherwise verify a truncated (as short as 4-byte) tag.
  const decipher = createDecipheriv("aes-256-gcm", getAppKey(), Buffer.from(iv, "base64url"), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("A stored secret could not be decrypted: APP_ENCRYPTION_KEY differs from the key it was encrypted with.");
  }
}
