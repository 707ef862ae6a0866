import { randomBytes } from "node:crypto";
import { monotonicFactory } from "ulid";

/** Prefixed, time-ordered public ids (`key_…`, `evt_…`, `wrun_…`): ULIDs sort by creation time. */
const nextUlid = monotonicFactory();

export type IdPrefix = "aif" | "key" | "evt" | "wrun" | "wsig" | "whook" | "we" | "whd" | "wha" | "conv" | "msg" | "int" | "clar" | "clr" | "cses" | "link" | "resp" | "mcpc" | "ogr";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid()}`;
}

/**
 * A UUIDv7 (RFC 9562: 48-bit Unix milliseconds, version 7, variant 10, random rest), for rows whose id the
 * service needs before inserting them (a survey file's id is part of its storage key). Same format as the
 * schema's `@default(uuid(7))`.
 */
export function newUuidV7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
