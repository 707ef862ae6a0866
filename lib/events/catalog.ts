import { z } from "zod";
import { ZSurvey } from "@/lib/surveys/schemas";

/**
 * Every event type with its description and payload schema: the single source for `/v1/event_types`,
 * the OpenAPI document and the type of `recordEvent`. Later features add their types here.
 */
export const EVENT_CATALOG = {
  "survey.created": {
    description: "A survey was created.",
    data: z.object({ survey: ZSurvey }),
  },
  "survey.updated": {
    description: "A survey's name, slug or description changed.",
    data: z.object({ survey: ZSurvey, changed: z.array(z.string()) }),
  },
  "survey.deleted": {
    description: "A survey and everything in it was deleted.",
    data: z.object({ survey: z.object({ id: z.string(), slug: z.string(), name: z.string() }) }),
  },
} as const satisfies Record<string, { description: string; data: z.ZodType }>;

export type EventType = keyof typeof EVENT_CATALOG;
export type EventData<T extends EventType> = z.input<(typeof EVENT_CATALOG)[T]["data"]>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];
