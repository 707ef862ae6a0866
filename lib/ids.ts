import { monotonicFactory } from "ulid";

/** Prefixed, time-ordered public ids (`key_…`, `evt_…`, `wrun_…`): ULIDs sort by creation time. */
const nextUlid = monotonicFactory();

export type IdPrefix = "key" | "evt" | "wrun" | "wsig" | "whook" | "we" | "whd" | "wha" | "conv" | "msg" | "int" | "clar" | "cses";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid()}`;
}
