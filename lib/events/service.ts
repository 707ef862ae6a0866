import { z } from "zod";
import { db } from "@/lib/db/client";
import type { Event } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { EVENT_CATALOG, EVENT_TYPES } from "./catalog";
import type { TEvent, TEventTypeInfo, ZListEventsQuery } from "./schemas";

export function serializeEvent(event: Pick<Event, "id" | "type" | "createdAt" | "data">): TEvent {
  return { id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: (event.data ?? {}) as Record<string, unknown> };
}

export async function listEvents(workspaceId: string, query: z.output<typeof ZListEventsQuery>) {
  const args = pageArgs(query);
  const rows = await (await db()).event.findMany({
    ...args,
    where: {
      ...args.where,
      workspaceId,
      ...(query.type && query.type.length > 0 ? { type: { in: query.type } } : {}),
      ...(query.since ? { createdAt: { gte: new Date(query.since) } } : {}),
    },
    select: { id: true, type: true, createdAt: true, data: true },
  });
  return toPage(rows, query.limit, serializeEvent);
}

export async function getEventOrThrow(workspaceId: string, eventId: string): Promise<TEvent> {
  const event = await (await db()).event.findFirst({ where: { id: eventId, workspaceId }, select: { id: true, type: true, createdAt: true, data: true } });
  if (!event) throw notFound("event", { event_id: eventId });
  return serializeEvent(event);
}

let eventTypes: TEventTypeInfo[] | undefined;

/** The catalog with each payload's JSON Schema, generated from the same zod schemas (built once). */
export function listEventTypes(): TEventTypeInfo[] {
  eventTypes ??= EVENT_TYPES.map((type) => ({
    type,
    description: EVENT_CATALOG[type].description,
    schema: z.toJSONSchema(EVENT_CATALOG[type].data, { io: "output", unrepresentable: "any" }) as Record<string, unknown>,
  }));
  return eventTypes;
}
