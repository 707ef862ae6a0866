import { env } from "@/lib/env";

/**
 * The absolute origin for URLs handed to clients (signed upload/download URLs, public file URLs, stream
 * URLs): `APP_BASE_URL` when set (required behind a proxy that rewrites the host), else the address the
 * client used — its `Host` (or a proxy's `X-Forwarded-Host`/`-Proto`). `request.url` alone is not
 * enough: `next start` reports `localhost` there even when the browser came in on `127.0.0.1`, and a
 * browser upload to the other name is a cross-origin request that fails.
 */
export function baseUrlFor(request: Request): string {
  const configured = env().APP_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(request.url);
  const first = (value: string | null) => value?.split(",")[0].trim() || null;
  const host = first(request.headers.get("x-forwarded-host")) ?? first(request.headers.get("host"));
  const protocol = first(request.headers.get("x-forwarded-proto")) ?? url.protocol.replace(/:$/, "");
  if (!host || !/^[a-z0-9.[\]:-]+$/i.test(host) || !/^https?$/.test(protocol)) return url.origin;
  return `${protocol}://${host}`;
}
