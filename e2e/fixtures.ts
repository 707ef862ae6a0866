import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext } from "@playwright/test";

/**
 * Shared pieces of the end-to-end specs: an HTTP client on Playwright's `request` fixture that sends the
 * API key and records every exchange (so a spec can check what the server ever answered), and helpers
 * for keys and unique slugs. The server is the production build started by playwright.config.ts.
 */

export { expect };

/** The operator's key the server was started with (`BOOTSTRAP_API_KEY`): a `*` key of the default workspace. */
export const BOOTSTRAP_KEY = process.env.E2E_BOOTSTRAP_API_KEY!;

export type Exchange = { method: string; path: string; status: number; headers: Record<string, string>; text: string };

export type SendOptions = {
  /** The API key to send; `null` sends none. Defaults to the client's key. */
  key?: string | null;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as-is (malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
};

export type Reply<T = any> = { status: number; headers: Record<string, string>; text: string; body: T };

export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly key: string | null,
    readonly exchanges: Exchange[] = [],
  ) {}

  /** The same client with another key (sharing the exchange log). */
  as(key: string | null): Api {
    return new Api(this.request, key, this.exchanges);
  }

  async send<T = any>(method: string, path: string, options: SendOptions = {}): Promise<Reply<T>> {
    const key = options.key === undefined ? this.key : options.key;
    const headers: Record<string, string> = { ...options.headers };
    if (key) headers.authorization = `Bearer ${key}`;
    let data: string | undefined;
    if (options.raw !== undefined) data = options.raw;
    else if (options.json !== undefined) {
      data = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    const response = await this.request.fetch(path, { method, headers, data, failOnStatusCode: false, maxRedirects: 0 });
    const text = await response.text();
    const responseHeaders = response.headers();
    this.exchanges.push({ method, path, status: response.status(), headers: responseHeaders, text });
    let body: unknown = undefined;
    if ((responseHeaders["content-type"] ?? "").includes("json") && text) body = JSON.parse(text);
    return { status: response.status(), headers: responseHeaders, text, body: body as T };
  }

  get<T = any>(path: string, options?: Omit<SendOptions, "json" | "raw">) {
    return this.send<T>("GET", path, options);
  }
  post<T = any>(path: string, json?: unknown, options?: Omit<SendOptions, "json">) {
    return this.send<T>("POST", path, { ...options, json });
  }
  patch<T = any>(path: string, json?: unknown, options?: Omit<SendOptions, "json">) {
    return this.send<T>("PATCH", path, { ...options, json });
  }
  delete<T = any>(path: string, options?: Omit<SendOptions, "json" | "raw">) {
    return this.send<T>("DELETE", path, options);
  }

  /** Creates a key of the caller's workspace and returns its id and secret. */
  async createKey(scopes: string[], extra: { name?: string; expires_at?: string } = {}): Promise<{ id: string; key: string }> {
    const created = await this.post("/v1/api_keys", { name: extra.name ?? `e2e ${scopes.join(" ")}`, scopes, ...extra });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.data.id, key: created.body.data.key };
  }
}

/** A slug no other test (or earlier run against the same server) uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

export const test = base.extend<{ api: Api }>({
  // The bootstrap key by default; `api.as(key)` for others.
  api: async ({ request }, provide) => {
    await provide(new Api(request, BOOTSTRAP_KEY));
  },
});
