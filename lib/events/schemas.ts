import { z } from "zod";
import { ZPaginationQuery } from "@/lib/http/pagination";
import { EVENT_TYPES } from "./catalog";

export const ZEventTypeName = z.enum(EVENT_TYPES as [string, ...string[]]).meta({ id: "EventTypeName", description: "An event type of the catalog (`GET /v1/event_types`)." });

export const ZEvent = z
  .object({
    id: z.string().describe("Event id, `evt_<ulid>`; also the `webhook-id` of its deliveries."),
    type: z.string().describe("The event type (see `GET /v1/event_types`)."),
    created_at: z.iso.datetime({ offset: true }),
    data: z.record(z.string(), z.unknown()).describe("The payload; its schema depends on `type` (see `GET /v1/event_types`)."),
  })
  .meta({ id: "Event", description: "An immutable entry of the event log; webhook deliveries (P) send exactly this object." });
export type TEvent = z.infer<typeof ZEvent>;

/** `type` may repeat or be comma-separated: `?type=survey.created,survey.updated`. */
export const ZListEventsQuery = ZPaginationQuery.extend({
  type: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(ZEventTypeName).max(50))
    .optional()
    .describe("Only events of these types (repeat the parameter or separate with commas)."),
  since: z.iso.datetime({ offset: true }).optional().describe("Only events created at or after this time."),
});

export const ZEventParams = z.object({ eventId: z.string().min(1).describe("Event id, `evt_…`.") });

export const ZEventTypeInfo = z
  .object({
    type: z.string(),
    description: z.string(),
    schema: z.record(z.string(), z.unknown()).describe("JSON Schema (draft 2020-12) of the event's `data`."),
  })
  .meta({ id: "EventType" });
export type TEventTypeInfo = z.infer<typeof ZEventTypeInfo>;
