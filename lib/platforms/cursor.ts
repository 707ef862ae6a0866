import { validationError } from "@/lib/http/errors";

/** Opaque cursors over an upstream page number or offset. */
export function toPageCursor(page: number): string {
  return Buffer.from(`p:${page}`, "utf8").toString("base64url");
}

export function fromPageCursor(cursor: string | undefined, first = 1): number {
  if (!cursor) return first;
  const match = /^p:(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw validationError("Invalid cursor.", [{ path: "query.cursor", message: "Use the next_cursor of a previous page." }]);
  return Number(match[1]);
}
