import { env } from "@/lib/env";

/**
 * The absolute origin for URLs handed to clients (signed upload/download URLs, public file URLs, stream
 * URLs): `APP_BASE_URL` when set (required behind a proxy that rewrites the host), else the origin the
 * request came in on.
 */
export function baseUrlFor(request: Request): string {
  const configured = env().APP_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
