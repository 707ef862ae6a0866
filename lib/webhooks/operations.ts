import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated, ZPaginationQuery } from "@/lib/http/pagination";
import {
  ZCreateWebhookEndpointBody,
  ZDeliveryParams,
  ZEndpointParams,
  ZListDeliveriesQuery,
  ZUpdateWebhookEndpointBody,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
} from "./schemas";

const tags = ["Webhooks"];
const signingNote =
  "Deliveries follow Standard Webhooks: `POST` of `{ id, type, created_at, data }` with headers `webhook-id` (the event id), " +
  "`webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of \"id.timestamp.body\">` keyed with the endpoint's secret. " +
  "Any 2xx within 30 s acknowledges; otherwise retries follow after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is `failed`.";

export const createWebhookEndpointOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/webhook_endpoints",
  access: { scope: "webhooks:write" },
  summary: "Create a webhook endpoint",
  description: `Registers a URL for the listed event types (\`["*"]\` for all) and returns its signing secret, this once. ${signingNote}`,
  tags,
  body: ZCreateWebhookEndpointBody,
  response: { status: 201, description: "The endpoint with its secret.", schema: z.object({ data: ZWebhookEndpointWithSecret }) },
});

export const listWebhookEndpointsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/webhook_endpoints",
  access: { scope: "webhooks:read" },
  summary: "List webhook endpoints",
  tags,
  query: ZPaginationQuery,
  response: { status: 200, description: "A page of endpoints (secret hints only).", schema: paginated(ZWebhookEndpoint) },
});

export const getWebhookEndpointOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/webhook_endpoints/{endpointId}",
  access: { scope: "webhooks:read" },
  summary: "Get a webhook endpoint",
  tags,
  params: ZEndpointParams,
  response: { status: 200, description: "The endpoint.", schema: z.object({ data: ZWebhookEndpoint }) },
  errors: ["not_found"],
});

export const updateWebhookEndpointOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/webhook_endpoints/{endpointId}",
  access: { scope: "webhooks:write" },
  summary: "Update a webhook endpoint",
  description: "Change the URL, event types, description, or `enabled` (a disabled endpoint gets no new deliveries; pending ones wait).",
  tags,
  params: ZEndpointParams,
  body: ZUpdateWebhookEndpointBody,
  response: { status: 200, description: "The updated endpoint.", schema: z.object({ data: ZWebhookEndpoint }) },
  errors: ["not_found"],
});

export const deleteWebhookEndpointOperation = defineOperation({
  api: "P",
  method: "DELETE",
  path: "/webhook_endpoints/{endpointId}",
  access: { scope: "webhooks:write" },
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint and its delivery history; pending deliveries are dropped.",
  tags,
  params: ZEndpointParams,
  response: { status: 204, description: "Deleted." },
  errors: ["not_found"],
});

export const rotateWebhookEndpointSecretOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/webhook_endpoints/{endpointId}/rotate",
  access: { scope: "webhooks:write" },
  summary: "Rotate an endpoint's signing secret",
  description: "Returns the new secret, this once. Every delivery attempt from now on is signed with it; the old secret stops working at once.",
  tags,
  params: ZEndpointParams,
  response: { status: 200, description: "The endpoint with its new secret.", schema: z.object({ data: ZWebhookEndpointWithSecret }) },
  errors: ["not_found"],
});

export const listWebhookDeliveriesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/webhook_endpoints/{endpointId}/deliveries",
  access: { scope: "webhooks:read" },
  summary: "List an endpoint's deliveries",
  description: "Newest first, each with every attempt (time, HTTP status, duration, first 4 KiB of the response body, error).",
  tags,
  params: ZEndpointParams,
  query: ZListDeliveriesQuery,
  response: { status: 200, description: "A page of deliveries.", schema: paginated(ZWebhookDelivery) },
  errors: ["not_found"],
});

export const redeliverWebhookDeliveryOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/webhook_endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
  access: { scope: "webhooks:write" },
  summary: "Redeliver",
  description: "Resets the delivery to `pending` with a fresh retry schedule and queues it now (same event, same `webhook-id`).",
  tags,
  params: ZDeliveryParams,
  response: { status: 202, description: "The delivery, queued.", schema: z.object({ data: ZWebhookDelivery }) },
  errors: ["not_found", "conflict"],
});
