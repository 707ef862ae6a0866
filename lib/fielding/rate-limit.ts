import { env } from "@/lib/env";

/**
 * Respondent page submits per minute from one client address on one link
 * (`RESPONDENT_RATE_LIMIT_PER_MINUTE`, 0 disables): fixed one-minute windows, in-process like the API's
 * per-key limit. Returns the seconds to wait when over the limit, else null.
 */

const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();
let lastSweep = 0;

export function respondentRateLimit(linkId: string, address: string, now = Date.now()): number | null {
  const limit = env().RESPONDENT_RATE_LIMIT_PER_MINUTE;
  if (limit === 0) return null;
  if (now - lastSweep > WINDOW_MS) {
    for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
    lastSweep = now;
  }
  const key = `${linkId}|${address}`;
  let window = windows.get(key);
  if (!window || now - window.start >= WINDOW_MS) {
    window = { start: now, count: 0 };
    windows.set(key, window);
  }
  window.count += 1;
  return window.count > limit ? Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)) : null;
}

/**
 * The client's address: the first `X-Forwarded-For` hop (set by the proxy in front of the server), else
 * `X-Real-IP`. Without a proxy these headers come from the client itself, so the limit is then per
 * claimed address; deployments put the server behind a proxy that overwrites them.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || request.headers.get("x-real-ip")?.trim() || "direct").slice(0, 64);
}
