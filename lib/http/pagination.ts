import { z } from "zod";
import { validationError } from "./errors";

/** Cursor pagination shared by every P list (DESIGN §6): newest first, opaque cursor, limit 1–100. */

export const ZPaginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25).describe("Page size, 1–100 (default 25)."),
  cursor: z.string().min(1).optional().describe("Opaque cursor from `pagination.next_cursor` of the previous page."),
});

export const ZPagination = z
  .object({
    next_cursor: z.string().nullable().describe("Pass as `cursor` to get the next page; null on the last page."),
    has_more: z.boolean(),
  })
  .meta({ id: "Pagination" });

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: ZPagination });
}

export type Page<T> = { data: T[]; pagination: z.infer<typeof ZPagination> };

/**
 * Ids of every listed table sort by creation time (UUIDv7, ULID), so the cursor is the last id seen.
 * It is wrapped so clients treat it as opaque.
 */
export function encodeCursor(id: string): string {
  return Buffer.from(`v1:${id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, "base64url").toString("utf8");
  if (!decoded.startsWith("v1:") || decoded.length < 4 || decoded.includes("\u0000") || !decoded.isWellFormed()) {
    throw validationError("Invalid cursor.", [{ path: "query.cursor", message: "Use the next_cursor of a previous page." }]);
  }
  return decoded.slice(3);
}

/** The Prisma arguments of one page: filter below the cursor, newest first, one extra row to see if more exist. */
export function pageArgs(query: { limit: number; cursor?: string }) {
  const after = decodeCursor(query.cursor);
  return {
    where: after ? { id: { lt: after } } : {},
    orderBy: { id: "desc" as const },
    take: query.limit + 1,
  };
}

export function toPage<Row extends { id: string }, T>(rows: Row[], limit: number, serialize: (row: Row) => T): Page<T> {
  const hasMore = rows.length > limit;
  const visible = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: visible.map(serialize),
    pagination: { next_cursor: hasMore ? encodeCursor(visible[visible.length - 1].id) : null, has_more: hasMore },
  };
}
