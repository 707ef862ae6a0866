import { env } from "@/lib/env";

/**
 * Retry schedules (DESIGN §6, interface "Webhook delivery (O)"), as the delay before each attempt of a
 * delivery cycle. A cycle starts when the delivery is created or redelivered; when its last attempt fails
 * the delivery is `failed`. `WEBHOOK_RETRY_SCALE` multiplies every delay (tests use e.g. 0.001).
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** P: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts over about 28 hours. */
export const P_SCHEDULE_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

/**
 * O: immediately, then about 1, 2, 4 and 8 s — five attempts, then `failed` ("5 failed attempts, then
 * failed"). The interface's "5th retry: up to 60 s" would be a sixth attempt, which that limit rules out;
 * it is kept as the cap of the backoff.
 */
export const O_SCHEDULE_MS = [0, 1 * SECOND, 2 * SECOND, 4 * SECOND, 8 * SECOND] as const;
export const O_MAX_DELAY_MS = 60 * SECOND;

export type DeliveryApi = "p" | "o";

export function scheduleOf(api: DeliveryApi): readonly number[] {
  return api === "p" ? P_SCHEDULE_MS : O_SCHEDULE_MS;
}

/** Attempts in one cycle before the delivery is failed. */
export function maxAttempts(api: DeliveryApi): number {
  return scheduleOf(api).length;
}

/**
 * When to try again after the `attemptsInCycle`-th attempt of a cycle failed, or null when that was the
 * last one.
 */
export function nextAttemptDelayMs(api: DeliveryApi, attemptsInCycle: number, scale = env().WEBHOOK_RETRY_SCALE): number | null {
  const schedule = scheduleOf(api);
  if (attemptsInCycle >= schedule.length) return null;
  const delay = schedule[attemptsInCycle] * scale;
  return Math.round(api === "o" ? Math.min(delay, O_MAX_DELAY_MS * scale) : delay);
}
