/**
 * The browser's way to change things: the same `/v1` routes API clients use, authenticated by the
 * session cookie, with the header the CSRF check expects. Errors arrive as the interface's error body
 * and are thrown as `ApiRequestError` so forms can show them next to the right field.
 */

export type ErrorDetail = { path: string; message: string };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get details(): ErrorDetail[] {
    return Array.isArray(this.body.details) ? (this.body.details as ErrorDetail[]) : [];
  }

  /** Validation messages by body field (`body.slug` → `slug`), for inline form errors. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const detail of this.details) {
      const field = detail.path.replace(/^body\.?/, "").split(".")[0];
      if (field && !fields[field]) fields[field] = detail.message;
    }
    return fields;
  }
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const url = path.startsWith("/v1/") ? path : `/v1${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "x-requested-with": "fetch",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, "network_error", "The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const errorBody = (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>;
    if (response.status === 401 && typeof window !== "undefined") {
      // A full page load on purpose: the session is gone, so no client state should survive.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiRequestError(
      response.status,
      typeof errorBody.error === "string" ? errorBody.error : "http_error",
      typeof errorBody.message === "string" ? errorBody.message : `The request failed (HTTP ${response.status}).`,
      errorBody,
    );
  }
  return parsed as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return "Something went wrong. Please try again.";
}
