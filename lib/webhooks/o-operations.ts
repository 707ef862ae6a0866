import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZOCreateWebhookBody, ZODeliveriesQuery, ZODeliveryLog, ZOUpdateWebhookBody, ZOWebhook, ZOWebhookParams, ZOWebhookWithSecret } from "./schemas";

/** Interface O's webhooks (organization-scoped; `Authorization` and `X-Org-Id` on every request). */

const tags = ["Webhooks"];
const deliveryNote =
  "Each delivery is a `POST` of `{ event, data, timestamp }` with `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body keyed with the secret>`, " +
  "`X-Service-Event` and `X-Service-Delivery`. A 2xx within 30 s acknowledges; retries follow after about 1, 2, 4 and 8 s; after 5 failed attempts the delivery is `failed`.";

export const oCreateWebhookOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/webhooks",
  access: { scope: "webhooks:write" },
  summary: "Create a webhook",
  description: `Subscribes a URL to event types (omit \`events\` or leave it empty for all). Returns the secret, this once. ${deliveryNote}`,
  tags,
  body: ZOCreateWebhookBody,
  response: { status: 201, description: "The webhook with its secret.", schema: ZOWebhookWithSecret },
});

export const oListWebhooksOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/webhooks",
  access: { scope: "webhooks:read" },
  summary: "List webhooks",
  tags,
  response: { status: 200, description: "The organization's webhooks.", schema: z.object({ total: z.number().int(), items: z.array(ZOWebhook) }) },
});

export const oGetWebhookOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/webhooks/{id}",
  access: { scope: "webhooks:read" },
  summary: "Get a webhook",
  tags,
  params: ZOWebhookParams,
  response: { status: 200, description: "The webhook.", schema: ZOWebhook },
  errors: ["not_found"],
});

export const oUpdateWebhookOperation = defineOperation({
  api: "O",
  method: "PUT",
  path: "/webhooks/{id}",
  access: { scope: "webhooks:write" },
  summary: "Update a webhook",
  description: "Change `url`, `events`, `description` or `active` (an inactive webhook gets no new deliveries; pending ones wait).",
  tags,
  params: ZOWebhookParams,
  body: ZOUpdateWebhookBody,
  response: { status: 200, description: "The webhook.", schema: ZOWebhook },
  errors: ["not_found"],
});

export const oDeleteWebhookOperation = defineOperation({
  api: "O",
  method: "DELETE",
  path: "/webhooks/{id}",
  access: { scope: "webhooks:write" },
  summary: "Delete a webhook",
  tags,
  params: ZOWebhookParams,
  response: { status: 200, description: "Deleted.", schema: z.object({ message: z.string() }) },
  errors: ["not_found"],
});

export const oListWebhookDeliveriesOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/webhooks/{id}/deliveries",
  access: { scope: "webhooks:read" },
  summary: "Delivery log",
  description: "The newest deliveries with request payload, last response body and HTTP status, attempt count and every attempt.",
  tags,
  params: ZOWebhookParams,
  query: ZODeliveriesQuery,
  response: { status: 200, description: "Delivery logs, newest first.", schema: z.object({ total: z.number().int(), items: z.array(ZODeliveryLog) }) },
  errors: ["not_found"],
});

export const oRotateWebhookSecretOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/webhooks/{id}/rotate-secret",
  access: { scope: "webhooks:write" },
  summary: "Rotate the secret",
  description: "Returns the new secret; the old one stops working at once.",
  tags,
  params: ZOWebhookParams,
  response: { status: 200, description: "The webhook with its new secret.", schema: ZOWebhookWithSecret },
  errors: ["not_found"],
});

export const oTestWebhookOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/webhooks/{id}/test",
  access: { scope: "webhooks:write" },
  summary: "Send a test delivery",
  description: "Queues a synthetic `survey.created` delivery (data has `test: true`), signed and retried like any other.",
  tags,
  params: ZOWebhookParams,
  response: { status: 202, description: "The queued delivery.", schema: ZODeliveryLog },
  errors: ["not_found", "conflict"],
});
