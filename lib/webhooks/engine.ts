import { randomBytes } from "node:crypto";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { subscribes } from "./o-events";
import { nextAttemptDelayMs, type DeliveryApi } from "./schedule";
import { postWebhook, type AttemptOutcome } from "./sender";
import { signServiceHmac, signStandardWebhook } from "./signing";
import { webhookUrlPolicy } from "./url-guard";
import { wakeWebhooks } from "./wake";

/**
 * The delivery engine's work, in rounds run by the `webhook-delivery` workflow:
 *
 * 1. fan-out — claim events not yet fanned out (FOR UPDATE SKIP LOCKED), create one delivery per
 *    subscribed, enabled endpoint (idempotent: unique per endpoint and event), mark the events;
 * 2. claim due deliveries with a lease (FOR UPDATE SKIP LOCKED), send them concurrently, record every
 *    attempt and each delivery's next state in one transaction, fenced by the lease token.
 *
 * A crash at any point loses nothing: unmarked events are fanned out later, leased deliveries become due
 * again when the lease expires (at-least-once; receivers deduplicate by `webhook-id`).
 */

export type EngineOptions = {
  /** Events fanned out per round. */
  fanOutBatch: number;
  /** Deliveries claimed and sent (concurrently) per round. */
  deliveryBatch: number;
  /** A delivery fails when no 2xx arrives within this time (30 s by the interface). */
  timeoutMs: number;
  /** A claimed delivery not settled within this time is due again (crash recovery); must exceed timeoutMs. */
  leaseMs: number;
};

const DEFAULTS: EngineOptions = { fanOutBatch: 500, deliveryBatch: 200, timeoutMs: 30_000, leaseMs: 65_000 };
let current: EngineOptions = { ...DEFAULTS };

export function engineOptions(): EngineOptions {
  return current;
}

/** Tests and benchmarks shorten the time-out and lease; `reset` restores the defaults. */
export function configureWebhookEngine(options: Partial<EngineOptions> | "reset"): void {
  current = options === "reset" ? { ...DEFAULTS } : { ...current, ...options };
}

export type RoundResult = { fannedOut: number; attempted: number; succeeded: number };

export async function runDeliveryRound(): Promise<RoundResult> {
  const options = engineOptions();
  const fannedOut = await fanOutEvents(options.fanOutBatch);
  const token = randomBytes(9).toString("base64url");
  const claimed = await claimDueDeliveries(token, options.deliveryBatch, options.leaseMs);
  if (claimed.length === 0) return { fannedOut, attempted: 0, succeeded: 0 };
  const outcomes = await sendClaimed(claimed, options.timeoutMs);
  await recordOutcomes(token, outcomes);
  return { fannedOut, attempted: outcomes.length, succeeded: outcomes.filter((entry) => entry.outcome.succeeded).length };
}

// ---------------------------------------------------------------------------------------------- fan-out

type PendingEvent = { id: string; workspace_id: string; organization_id: string; type: string; created_at: Date };

export async function fanOutEvents(limit: number): Promise<number> {
  return (await db()).$transaction(async (tx) => {
    const events = await tx.$queryRaw<PendingEvent[]>`
      SELECT e."id", e."workspace_id", w."organization_id", e."type", e."created_at"
      FROM "events" e JOIN "workspaces" w ON w."id" = e."workspace_id"
      WHERE e."fanned_out_at" IS NULL
      ORDER BY e."id"
      LIMIT ${limit}
      FOR UPDATE OF e SKIP LOCKED`;
    if (events.length === 0) return 0;
    const workspaceIds = [...new Set(events.map((event) => event.workspace_id))];
    const organizationIds = [...new Set(events.map((event) => event.organization_id))];
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { enabled: true, OR: [{ workspaceId: { in: workspaceIds } }, { api: "o", organizationId: { in: organizationIds } }] },
      select: { id: true, api: true, workspaceId: true, organizationId: true, eventTypes: true, createdAt: true },
    });
    const now = new Date();
    const deliveries: Prisma.WebhookDeliveryCreateManyInput[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        const inScope = endpoint.api === "p" ? endpoint.workspaceId === event.workspace_id : endpoint.organizationId === event.organization_id;
        // An endpoint receives the events recorded after it was created, not the backlog before it.
        if (!inScope || endpoint.createdAt > event.created_at || !subscribes(endpoint.api, endpoint.eventTypes, event.type)) continue;
        deliveries.push({ id: newId("whd"), endpointId: endpoint.id, eventId: event.id, eventType: event.type, nextAttemptAt: now });
      }
    }
    if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
    await tx.event.updateMany({ where: { id: { in: events.map((event) => event.id) } }, data: { fannedOutAt: now } });
    return events.length;
  });
}

/**
 * When no endpoint is enabled anywhere, nothing can subscribe: mark pending events in one statement
 * (its snapshot sees any endpoint committed before it), so a webhook-free install never starts a worker.
 */
export async function markUnsubscribedEvents(): Promise<number> {
  return (await db()).$executeRaw`
    UPDATE "events" SET "fanned_out_at" = now()
    WHERE "fanned_out_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE "enabled")`;
}

// ---------------------------------------------------------------------------------------------- claim

type ClaimedRow = {
  id: string;
  endpoint_id: string;
  event_id: string | null;
  event_type: string;
  payload: Prisma.JsonValue | null;
  attempt_count: number;
  cycle_attempts: number;
  created_at: Date;
};

export async function claimDueDeliveries(token: string, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return (await db()).$queryRaw<ClaimedRow[]>`
    UPDATE "webhook_deliveries" AS d
    SET "lease_token" = ${token}, "lease_expires_at" = now() + make_interval(secs => ${leaseMs / 1000}), "updated_at" = now()
    FROM (
      SELECT d2."id" FROM "webhook_deliveries" d2 JOIN "webhook_endpoints" w ON w."id" = d2."endpoint_id"
      WHERE d2."status" = 'pending' AND d2."next_attempt_at" <= now()
        AND (d2."lease_expires_at" IS NULL OR d2."lease_expires_at" < now())
        AND w."enabled"
      ORDER BY d2."next_attempt_at"
      LIMIT ${limit}
      FOR UPDATE OF d2 SKIP LOCKED
    ) AS due
    WHERE d."id" = due."id"
    RETURNING d."id", d."endpoint_id", d."event_id", d."event_type", d."payload", d."attempt_count", d."cycle_attempts", d."created_at"`;
}

// ---------------------------------------------------------------------------------------------- send

type EndpointForSend = { id: string; api: DeliveryApi; url: string; secret: string };
type Sent = { delivery: ClaimedRow; api: DeliveryApi; outcome: AttemptOutcome };

const secretCache = new Map<string, string>();

function endpointSecret(endpointId: string, ciphertext: string): string {
  const key = `${endpointId}:${ciphertext}`;
  let secret = secretCache.get(key);
  if (secret === undefined) {
    secret = decryptSecret(ciphertext, endpointId);
    if (secretCache.size > 5_000) secretCache.clear();
    secretCache.set(key, secret);
  }
  return secret;
}

/** The exact request of one delivery: body and headers, signed for the endpoint's interface. */
export function buildRequest(
  endpoint: Pick<EndpointForSend, "api" | "secret">,
  delivery: { id: string; eventType: string; createdAt: Date; payload: Prisma.JsonValue | null },
  event: { id: string; createdAt: Date; data: Prisma.JsonValue; workspaceId: string } | null,
  now = new Date(),
): { body: string; headers: Record<string, string> } {
  if (endpoint.api === "p") {
    if (!event) throw new Error(`Delivery ${delivery.id} has no event.`);
    const body = JSON.stringify({ id: event.id, type: delivery.eventType, created_at: event.createdAt.toISOString(), data: event.data });
    const timestamp = Math.floor(now.getTime() / 1000);
    return {
      body,
      headers: {
        "webhook-id": event.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signStandardWebhook(endpoint.secret, event.id, timestamp, body),
      },
    };
  }
  const body = JSON.stringify(serviceBody(delivery, event));
  return {
    body,
    headers: {
      "x-service-signature": signServiceHmac(endpoint.secret, body),
      "x-service-event": delivery.eventType,
      "x-service-delivery": delivery.id,
    },
  };
}

/** O's body: `{ event, data, timestamp }`; `data` is the event's payload plus the workspace it happened in. */
export function serviceBody(
  delivery: { eventType: string; createdAt: Date; payload: Prisma.JsonValue | null },
  event: { createdAt: Date; data: Prisma.JsonValue; workspaceId: string } | null,
) {
  if (!event) return { event: delivery.eventType, data: delivery.payload ?? {}, timestamp: delivery.createdAt.toISOString() };
  const data = event.data && typeof event.data === "object" && !Array.isArray(event.data) ? event.data : { value: event.data };
  return { event: delivery.eventType, data: { ...data, workspace_id: event.workspaceId }, timestamp: event.createdAt.toISOString() };
}

async function sendClaimed(claimed: ClaimedRow[], timeoutMs: number): Promise<Sent[]> {
  const prisma = await db();
  const endpointIds = [...new Set(claimed.map((row) => row.endpoint_id))];
  const eventIds = [...new Set(claimed.flatMap((row) => (row.event_id ? [row.event_id] : [])))];
  const [endpointRows, eventRows] = await Promise.all([
    prisma.webhookEndpoint.findMany({ where: { id: { in: endpointIds } }, select: { id: true, api: true, url: true, secretCiphertext: true } }),
    eventIds.length > 0
      ? prisma.event.findMany({ where: { id: { in: eventIds } }, select: { id: true, createdAt: true, data: true, workspaceId: true } })
      : Promise.resolve([]),
  ]);
  const endpoints = new Map(endpointRows.map((row) => [row.id, row]));
  const events = new Map(eventRows.map((row) => [row.id, row]));
  const policy = webhookUrlPolicy();
  return Promise.all(
    claimed.map(async (delivery): Promise<Sent> => {
      const endpoint = endpoints.get(delivery.endpoint_id);
      const api: DeliveryApi = endpoint?.api ?? "p";
      try {
        if (!endpoint) throw new Error("The endpoint was deleted.");
        const secret = endpointSecret(endpoint.id, endpoint.secretCiphertext);
        const event = delivery.event_id ? (events.get(delivery.event_id) ?? null) : null;
        const request = buildRequest(
          { api: endpoint.api, secret },
          { id: delivery.id, eventType: delivery.event_type, createdAt: delivery.created_at, payload: delivery.payload },
          event,
        );
        return { delivery, api, outcome: await postWebhook({ url: endpoint.url, headers: request.headers, body: request.body, timeoutMs, policy }) };
      } catch (error) {
        log.warn("webhook delivery could not be attempted", { deliveryId: delivery.id, error });
        return {
          delivery,
          api,
          outcome: { attemptedAt: new Date(), durationMs: 0, statusCode: null, responseBody: null, error: (error as Error).message, succeeded: false },
        };
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------- record

/** Every attempt of a delivery that still exists, and each delivery's next state, in one transaction; only rows still held under `token` move. */
export async function recordOutcomes(token: string, sent: Sent[]): Promise<void> {
  if (sent.length === 0) return;
  const now = Date.now();
  const ids: string[] = [];
  const statuses: string[] = [];
  const nextAttempts: (string | null)[] = [];
  const attemptedAts: string[] = [];
  const codes: (number | null)[] = [];
  const finishedAts: (string | null)[] = [];
  const attempts: Prisma.WebhookDeliveryAttemptCreateManyInput[] = [];
  for (const { delivery, api, outcome } of sent) {
    attempts.push({
      id: newId("wha"),
      deliveryId: delivery.id,
      number: delivery.attempt_count + 1,
      attemptedAt: outcome.attemptedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      responseBody: outcome.responseBody,
      error: outcome.error,
      succeeded: outcome.succeeded,
    });
    const delay = outcome.succeeded ? null : nextAttemptDelayMs(api, delivery.cycle_attempts + 1);
    const status = outcome.succeeded ? "succeeded" : delay === null ? "failed" : "pending";
    ids.push(delivery.id);
    statuses.push(status);
    nextAttempts.push(status === "pending" ? new Date(now + delay!).toISOString() : null);
    attemptedAts.push(outcome.attemptedAt.toISOString());
    codes.push(outcome.statusCode);
    finishedAts.push(status === "pending" ? null : new Date(now).toISOString());
  }
  await (await db()).$transaction(async (tx) => {
    // A delivery deleted during the round (its endpoint, event or workspace removed) gets no attempt: the
    // others are still recorded, instead of one foreign-key violation rolling back the whole batch (and
    // receivers that already answered 200 getting the event again). The lock keeps the rest from being
    // deleted until this transaction ends.
    const existing = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "webhook_deliveries" WHERE "id" = ANY(${ids}::text[]) FOR UPDATE`;
    const present = new Set(existing.map((row) => row.id));
    const recorded = attempts.filter((attempt) => present.has(attempt.deliveryId));
    if (recorded.length) await tx.webhookDeliveryAttempt.createMany({ data: recorded });
    await tx.$executeRaw`
      UPDATE "webhook_deliveries" AS d SET
        "status" = v."status"::"webhook_delivery_status",
        "attempt_count" = d."attempt_count" + 1,
        "cycle_attempts" = d."cycle_attempts" + 1,
        "next_attempt_at" = v."next_attempt_at"::timestamptz,
        "last_attempt_at" = v."attempted_at"::timestamptz,
        "last_status_code" = v."status_code",
        "finished_at" = v."finished_at"::timestamptz,
        "lease_token" = NULL,
        "lease_expires_at" = NULL,
        "updated_at" = now()
      FROM unnest(${ids}::text[], ${statuses}::text[], ${nextAttempts}::text[], ${attemptedAts}::text[], ${codes}::int[], ${finishedAts}::text[])
        AS v("id", "status", "next_attempt_at", "attempted_at", "status_code", "finished_at")
      WHERE d."id" = v."id" AND d."lease_token" = ${token}`;
  });
  // A retry due sooner than the scheduler's next look: let it recompute when to look.
  if (statuses.includes("pending")) wakeWebhooks();
}
