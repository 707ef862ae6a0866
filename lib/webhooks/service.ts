import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import type { Prisma, WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { ApiError, notFound, validationError } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { serviceBody } from "./engine";
import type {
  TODeliveryLog,
  TOWebhook,
  TWebhookDelivery,
  TWebhookEndpoint,
  ZCreateWebhookEndpointBody,
  ZListDeliveriesQuery,
  ZOCreateWebhookBody,
  ZOUpdateWebhookBody,
  ZUpdateWebhookEndpointBody,
} from "./schemas";
import { generateWebhookSecret, secretHint } from "./signing";
import { checkWebhookUrl, UrlRefused } from "./url-guard";
import { wakeWebhooks } from "./wake";

/**
 * Endpoints and deliveries of both interfaces. P endpoints belong to the caller's workspace; O webhooks to
 * the caller's organization. Another tenant's endpoint is a 404, like a missing one.
 */

type DeliveryWithAttempts = WebhookDelivery & { attempts: WebhookDeliveryAttempt[] };

async function assertUrlAllowed(url: string): Promise<string> {
  try {
    return (await checkWebhookUrl(url)).toString();
  } catch (error) {
    if (error instanceof UrlRefused) {
      throw validationError(`This URL cannot receive webhooks: ${error.message}`, [{ path: "body.url", message: error.message }]);
    }
    throw error;
  }
}

function sealedSecret(endpointId: string) {
  const secret = generateWebhookSecret();
  return { secret, secretCiphertext: encryptSecret(secret, endpointId), secretHint: secretHint(secret) };
}

// ---------------------------------------------------------------------------------------- P endpoints

export function serializeEndpoint(endpoint: WebhookEndpoint): TWebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: endpoint.enabled,
    secret_hint: endpoint.secretHint,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export async function createEndpoint(auth: AuthContext, input: z.output<typeof ZCreateWebhookEndpointBody>) {
  const { endpoint, secret } = await insertEndpoint(auth, {
    api: "p",
    workspaceId: auth.workspaceId,
    url: input.url,
    description: input.description,
    eventTypes: input.event_types,
    enabled: input.enabled,
  });
  return { ...serializeEndpoint(endpoint), secret };
}

/** Both interfaces' endpoints are one table: checks the URL, seals a new secret, and stores the row. */
async function insertEndpoint(
  auth: AuthContext,
  input: { api: "p" | "o"; workspaceId: string | null; url: string; description?: string | null; eventTypes: string[]; enabled?: boolean },
) {
  const url = await assertUrlAllowed(input.url);
  const id = newId("we");
  const { secret, secretCiphertext, secretHint } = sealedSecret(id);
  const endpoint = await (await db()).webhookEndpoint.create({
    data: {
      id,
      organizationId: auth.organizationId,
      workspaceId: input.workspaceId,
      api: input.api,
      url,
      description: input.description ?? null,
      eventTypes: input.eventTypes,
      enabled: input.enabled,
      secretCiphertext,
      secretHint,
      createdBy: auth.subject,
    },
  });
  return { endpoint, secret };
}

export async function listEndpoints(workspaceId: string, query: { limit: number; cursor?: string }) {
  const args = pageArgs(query);
  const rows = await (await db()).webhookEndpoint.findMany({ ...args, where: { ...args.where, workspaceId, api: "p" } });
  return toPage(rows, query.limit, serializeEndpoint);
}

export async function getEndpointOrThrow(workspaceId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await (await db()).webhookEndpoint.findFirst({ where: { id: endpointId, workspaceId, api: "p" } });
  if (!endpoint) throw notFound("webhook endpoint", { endpoint_id: endpointId });
  return endpoint;
}

export async function updateEndpoint(workspaceId: string, endpointId: string, input: z.output<typeof ZUpdateWebhookEndpointBody>) {
  const before = await getEndpointOrThrow(workspaceId, endpointId);
  const url = input.url !== undefined ? await assertUrlAllowed(input.url) : undefined;
  const endpoint = await (await db()).webhookEndpoint.update({
    where: { id: before.id },
    data: { url, eventTypes: input.event_types, description: input.description, enabled: input.enabled },
  });
  if (!before.enabled && endpoint.enabled) wakeWebhooks();
  return serializeEndpoint(endpoint);
}

export async function deleteEndpoint(workspaceId: string, endpointId: string): Promise<void> {
  const endpoint = await getEndpointOrThrow(workspaceId, endpointId);
  await (await db()).webhookEndpoint.delete({ where: { id: endpoint.id } });
}

/** A new secret, effective at once for every delivery signed from now on; the old one stops working. */
export async function rotateEndpointSecret(endpoint: WebhookEndpoint) {
  const { secret, secretCiphertext, secretHint } = sealedSecret(endpoint.id);
  const updated = await (await db()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { secretCiphertext, secretHint } });
  return { endpoint: updated, secret };
}

// ---------------------------------------------------------------------------------------- P deliveries

export function serializeDelivery(delivery: DeliveryWithAttempts): TWebhookDelivery {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.status === "pending" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    last_status_code: delivery.lastStatusCode,
    finished_at: delivery.finishedAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
    attempts: delivery.attempts.map((attempt) => ({
      id: attempt.id,
      number: attempt.number,
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      response_body: attempt.responseBody,
      error: attempt.error,
      succeeded: attempt.succeeded,
    })),
  };
}

const withAttempts = { attempts: { orderBy: { number: "asc" as const } } };

export async function listDeliveries(workspaceId: string, endpointId: string, query: z.output<typeof ZListDeliveriesQuery>) {
  const endpoint = await getEndpointOrThrow(workspaceId, endpointId);
  const args = pageArgs(query);
  const rows = await (await db()).webhookDelivery.findMany({
    ...args,
    where: { ...args.where, endpointId: endpoint.id, ...(query.status ? { status: query.status } : {}) },
    include: withAttempts,
  });
  return toPage(rows, query.limit, serializeDelivery);
}

/** Back to `pending` with a fresh retry cycle, due now. A worker still sending it loses its lease. */
async function requeue(endpoint: WebhookEndpoint, deliveryId: string): Promise<DeliveryWithAttempts> {
  if (!endpoint.enabled) {
    throw new ApiError("conflict", "The endpoint is disabled; enable it before redelivering.", { endpoint_id: endpoint.id });
  }
  const prisma = await db();
  const { count } = await prisma.webhookDelivery.updateMany({
    where: { id: deliveryId, endpointId: endpoint.id },
    data: { status: "pending", cycleAttempts: 0, nextAttemptAt: new Date(), finishedAt: null, leaseToken: null, leaseExpiresAt: null },
  });
  if (count === 0) throw notFound("delivery", { delivery_id: deliveryId });
  wakeWebhooks();
  return prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: withAttempts });
}

export async function redeliver(workspaceId: string, endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
  return serializeDelivery(await requeue(await getEndpointOrThrow(workspaceId, endpointId), deliveryId));
}

// ---------------------------------------------------------------------------------------- O webhooks

export function serializeOWebhook(endpoint: WebhookEndpoint): TOWebhook {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.eventTypes,
    description: endpoint.description,
    active: endpoint.enabled,
    created_at: endpoint.createdAt.toISOString(),
  };
}

export async function createOWebhook(auth: AuthContext, input: z.output<typeof ZOCreateWebhookBody>) {
  const { endpoint, secret } = await insertEndpoint(auth, {
    api: "o",
    workspaceId: null,
    url: input.url,
    description: input.description,
    eventTypes: [...new Set(input.events ?? [])],
  });
  return { ...serializeOWebhook(endpoint), secret };
}

export async function listOWebhooks(organizationId: string) {
  const rows = await (await db()).webhookEndpoint.findMany({ where: { organizationId, api: "o" }, orderBy: { id: "desc" } });
  return { total: rows.length, items: rows.map(serializeOWebhook) };
}

export async function getOWebhookOrThrow(organizationId: string, webhookId: string): Promise<WebhookEndpoint> {
  const endpoint = await (await db()).webhookEndpoint.findFirst({ where: { id: webhookId, organizationId, api: "o" } });
  if (!endpoint) throw notFound("webhook", { endpoint_id: webhookId });
  return endpoint;
}

export async function updateOWebhook(organizationId: string, webhookId: string, input: z.output<typeof ZOUpdateWebhookBody>) {
  const before = await getOWebhookOrThrow(organizationId, webhookId);
  const url = input.url !== undefined ? await assertUrlAllowed(input.url) : undefined;
  const endpoint = await (await db()).webhookEndpoint.update({
    where: { id: before.id },
    data: { url, eventTypes: input.events ? [...new Set(input.events)] : undefined, description: input.description, enabled: input.active },
  });
  if (!before.enabled && endpoint.enabled) wakeWebhooks();
  return serializeOWebhook(endpoint);
}

export async function deleteOWebhook(organizationId: string, webhookId: string) {
  const endpoint = await getOWebhookOrThrow(organizationId, webhookId);
  await (await db()).webhookEndpoint.delete({ where: { id: endpoint.id } });
  return { message: "Webhook deleted." };
}

type DeliveryForLog = DeliveryWithAttempts & { event: { createdAt: Date; data: Prisma.JsonValue; workspaceId: string } | null };

export function serializeODelivery(delivery: DeliveryForLog): TODeliveryLog {
  const last = delivery.attempts.at(-1);
  return {
    id: delivery.id,
    webhook_id: delivery.endpointId,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attemptCount,
    request_payload: serviceBody(delivery, delivery.event) as Record<string, unknown>,
    response_status: last?.statusCode ?? null,
    response_body: last?.responseBody ?? null,
    error: last?.error ?? null,
    created_at: delivery.createdAt.toISOString(),
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: delivery.status === "pending" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    attempt_log: delivery.attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      response_status: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  };
}

const forLog = { ...withAttempts, event: { select: { createdAt: true, data: true, workspaceId: true } } };

export async function listODeliveries(organizationId: string, webhookId: string, limit: number) {
  const endpoint = await getOWebhookOrThrow(organizationId, webhookId);
  const prisma = await db();
  const [total, rows] = await Promise.all([
    prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } }),
    prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: "desc" }, take: limit, include: forLog }),
  ]);
  return { total, items: rows.map(serializeODelivery) };
}

/** A synthetic `survey.created` delivery through the real engine (signed, retried, logged). */
export async function testOWebhook(organizationId: string, webhookId: string): Promise<TODeliveryLog> {
  const endpoint = await getOWebhookOrThrow(organizationId, webhookId);
  if (!endpoint.enabled) throw new ApiError("conflict", "The webhook is not active; activate it before sending a test.", { endpoint_id: endpoint.id });
  const now = new Date().toISOString();
  const payload = {
    test: true,
    survey: { id: "00000000-0000-7000-8000-000000000000", slug: "webhook-test", name: "Webhook test", description: null, created_at: now, updated_at: now },
    workspace_id: null,
  };
  const prisma = await db();
  const delivery = await prisma.webhookDelivery.create({
    data: { id: newId("whd"), endpointId: endpoint.id, eventType: "survey.created", payload, nextAttemptAt: new Date() },
    include: forLog,
  });
  wakeWebhooks();
  return serializeODelivery(delivery);
}
