import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZEvent, ZEventParams, ZEventTypeInfo, ZListEventsQuery } from "./schemas";

const tags = ["Events"];

export const listEventsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/events",
  access: { scope: "webhooks:read" },
  summary: "List events",
  description: "The workspace's immutable event log, newest first. Filter by `type` and `since`.",
  tags,
  query: ZListEventsQuery,
  response: { status: 200, description: "A page of events.", schema: paginated(ZEvent) },
});

export const getEventOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/events/{eventId}",
  access: { scope: "webhooks:read" },
  summary: "Get an event",
  tags,
  params: ZEventParams,
  response: { status: 200, description: "The event.", schema: z.object({ data: ZEvent }) },
  errors: ["not_found"],
});

export const listEventTypesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/event_types",
  access: { scope: "webhooks:read" },
  summary: "List event types",
  description: "Every event type with its description and the JSON Schema of its `data`.",
  tags,
  response: { status: 200, description: "The event type registry.", schema: z.object({ data: z.array(ZEventTypeInfo) }) },
});
