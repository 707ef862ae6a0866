import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/catalog";
import { ZPaginationQuery } from "@/lib/http/pagination";
import { O_EVENT_TYPE_NAMES } from "./o-events";
import { MAX_URL_LENGTH } from "./url-guard";

const timestamp = z.iso.datetime({ offset: true });

// ------------------------------------------------------------------------------------------ Interface P

export const ZEventTypeSelector = z
  .enum(["*", ...EVENT_TYPES] as [string, ...string[]])
  .meta({ id: "EventTypeSelector", description: "An event type of the catalog, or `*` for every type (including future ones)." });

const ZEventTypeSelection = z
  .array(ZEventTypeSelector)
  .min(1, "List at least one event type, or `[\"*\"]` for all.")
  .max(100)
  .transform((types) => (types.includes("*") ? ["*"] : [...new Set(types)]));

const ZUrlInput = z.string().trim().min(1).max(MAX_URL_LENGTH).describe("The https URL that receives deliveries.");

export const ZWebhookEndpoint = z
  .object({
    id: z.string().describe("Endpoint id, `we_<ulid>`."),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.string()).describe("Subscribed event types; `[\"*\"]` means all."),
    enabled: z.boolean().describe("Disabled endpoints get no new deliveries, and pending ones wait until re-enabled."),
    secret_hint: z.string().describe("Last four characters of the signing secret."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().describe("The signing secret (`whsec_…`), shown only now. Verify deliveries with any Standard Webhooks library."),
}).meta({ id: "WebhookEndpointWithSecret" });

export const ZCreateWebhookEndpointBody = z
  .object({
    url: ZUrlInput,
    event_types: ZEventTypeSelection,
    description: z.string().trim().max(500).optional(),
    enabled: z.boolean().default(true),
  })
  .meta({ id: "CreateWebhookEndpointBody" });

export const ZUpdateWebhookEndpointBody = z
  .object({
    url: ZUrlInput.optional(),
    event_types: ZEventTypeSelection.optional(),
    description: z.string().trim().max(500).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateWebhookEndpointBody" });

export const ZEndpointParams = z.object({ endpointId: z.string().min(1).describe("Endpoint id, `we_…`.") });
export const ZDeliveryParams = ZEndpointParams.extend({ deliveryId: z.string().min(1).describe("Delivery id, `whd_…`.") });

export const ZDeliveryStatus = z.enum(["pending", "succeeded", "failed"]).meta({
  id: "WebhookDeliveryStatus",
  description: "`pending` until an attempt gets a 2xx (`succeeded`) or the last retry fails (`failed`); redeliver makes it `pending` again.",
});

export const ZWebhookDeliveryAttempt = z
  .object({
    id: z.string().describe("Attempt id, `wha_<ulid>`."),
    number: z.number().int().describe("1-based, over the delivery's life."),
    attempted_at: timestamp,
    status_code: z.number().int().nullable().describe("HTTP status of the answer; null when none arrived."),
    duration_ms: z.number().int(),
    response_body: z.string().nullable().describe("The first 4 KiB of the response body."),
    error: z.string().nullable().describe("Why the attempt failed without a response (refused, timed out, …), or a note on a 3xx."),
    succeeded: z.boolean(),
  })
  .meta({ id: "WebhookDeliveryAttempt" });

export const ZWebhookDelivery = z
  .object({
    id: z.string().describe("Delivery id, `whd_<ulid>`."),
    endpoint_id: z.string(),
    event_id: z.string().nullable(),
    event_type: z.string(),
    status: ZDeliveryStatus,
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable().describe("When a pending delivery is tried next."),
    last_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    finished_at: timestamp.nullable().describe("When it succeeded or failed."),
    created_at: timestamp,
    updated_at: timestamp,
    attempts: z.array(ZWebhookDeliveryAttempt).describe("Every attempt, oldest first."),
  })
  .meta({ id: "WebhookDelivery" });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZListDeliveriesQuery = ZPaginationQuery.extend({
  status: ZDeliveryStatus.optional().describe("Only deliveries in this state."),
});

// ------------------------------------------------------------------------------------------ Interface O

const ZOEventType = z.enum(O_EVENT_TYPE_NAMES).meta({ id: "WebhookEventType", description: "`survey.created`, `programming.finished` or `validation.finished`." });

export const ZOWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()).describe("Subscribed event types; empty means all."),
    description: z.string().nullable(),
    active: z.boolean(),
    created_at: timestamp,
  })
  .meta({ id: "Webhook" });
export type TOWebhook = z.infer<typeof ZOWebhook>;

export const ZOWebhookWithSecret = ZOWebhook.extend({
  secret: z.string().describe("HMAC key of `X-Service-Signature`; shown only on create and rotate."),
}).meta({ id: "WebhookWithSecret" });

export const ZOCreateWebhookBody = z
  .object({
    url: ZUrlInput,
    events: z.array(ZOEventType).max(20).optional().describe("Omit or leave empty for all event types."),
    description: z.string().trim().max(500).optional(),
  })
  .meta({ id: "CreateWebhookBody" });

export const ZOUpdateWebhookBody = z
  .object({
    url: ZUrlInput.optional(),
    events: z.array(ZOEventType).max(20).optional(),
    description: z.string().trim().max(500).nullable().optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: "UpdateWebhookBody" });

export const ZOWebhookParams = z.object({ id: z.string().min(1).describe("Webhook id.") });

export const ZODeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("How many of the newest deliveries (1–100, default 20)."),
});

export const ZODeliveryLog = z
  .object({
    id: z.string().describe("Delivery id, sent as `X-Service-Delivery`."),
    webhook_id: z.string(),
    event: z.string(),
    status: ZDeliveryStatus,
    attempts: z.number().int().describe("Attempts made so far."),
    request_payload: z.record(z.string(), z.unknown()).describe("The JSON body sent: `{ event, data, timestamp }`."),
    response_status: z.number().int().nullable().describe("HTTP status of the last attempt."),
    response_body: z.string().nullable().describe("First 4 KiB of the last response body."),
    error: z.string().nullable().describe("Why the last attempt failed without a response."),
    created_at: timestamp,
    last_attempt_at: timestamp.nullable(),
    next_attempt_at: timestamp.nullable(),
    attempt_log: z.array(
      z.object({
        attempted_at: timestamp,
        response_status: z.number().int().nullable(),
        duration_ms: z.number().int(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "WebhookDeliveryLog" });
export type TODeliveryLog = z.infer<typeof ZODeliveryLog>;
