import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveAppSubkey } from "@/lib/crypto/app-key";
import type { ObjectRef } from "./types";

/**
 * Signatures of the local driver's URLs (`/v1/_dev/objects/{visibility}/{key}?expires=…&signature=…`):
 * `signature` = base64url HMAC-SHA256 over `METHOD \n visibility/key \n expires` under a subkey of the app
 * key; `expires` = Unix time in seconds. Checked in constant time; a tampered or expired URL is refused.
 */

const PURPOSE = "storage-url-signing";

export type SignatureMethod = "GET" | "PUT";

function canonical(method: SignatureMethod, ref: ObjectRef, expires: number): string {
  return `${method}\n${ref.visibility}/${ref.key}\n${expires}`;
}

export function signObjectUrl(method: SignatureMethod, ref: ObjectRef, expiresAt: Date): { expires: string; signature: string } {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = createHmac("sha256", deriveAppSubkey(PURPOSE)).update(canonical(method, ref, expires)).digest("base64url");
  return { expires: String(expires), signature };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "invalid" | "expired" };

export function verifyObjectUrl(
  method: SignatureMethod,
  ref: ObjectRef,
  query: { expires?: string; signature?: string },
  now = Date.now(),
): SignatureCheck {
  if (!query.expires || !query.signature) return { ok: false, reason: "missing" };
  if (!/^\d{1,12}$/.test(query.expires)) return { ok: false, reason: "invalid" };
  const expires = Number(query.expires);
  // Compare the encoded strings, not decoded bytes: base64url has spare bits, so two spellings can decode alike.
  const expected = Buffer.from(createHmac("sha256", deriveAppSubkey(PURPOSE)).update(canonical(method, ref, expires)).digest("base64url"));
  const given = Buffer.from(query.signature);
  // Equal-length buffers are compared in constant time; a different length is already a mismatch.
  const same = given.length === expected.length && timingSafeEqual(given, expected);
  if (!same) return { ok: false, reason: "invalid" };
  if (expires * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true };
}
