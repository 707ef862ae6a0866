import { env } from "@/lib/env";
import { ApiError } from "./errors";

/**
 * Per-credential fixed-window limit (requests per minute, `API_RATE_LIMIT_PER_MINUTE`, 0 disables).
 * In-process: with several server processes each enforces its own share, which is the documented
 * trade-off for having no shared cache in the embedded setup.
 */

const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();
let lastSweep = 0;

export function enforceRateLimit(credential: string, now = Date.now()): void {
  const limit = env().API_RATE_LIMIT_PER_MINUTE;
  if (limit === 0) return;
  if (now - lastSweep > WINDOW_MS) {
    for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
    lastSweep = now;
  }
  let window = windows.get(credential);
  if (!window || now - window.start >= WINDOW_MS) {
    window = { start: now, count: 0 };
    windows.set(credential, window);
  }
  window.count += 1;
  if (window.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    throw new ApiError("rate_limited", `Too many requests: the limit is ${limit} per minute for this key.`, {}, {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}
