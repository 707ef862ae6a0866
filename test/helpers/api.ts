/**
 * HTTP requests into the real route handlers: a small router over `app/**\/route.ts` (same precedence as
 * Next: static segments before dynamic ones before catch-alls), real `Request` objects, real responses.
 */

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

// Globs skip dot-folders, so the `/.well-known` routes are named on their own.
const modules = { ...import.meta.glob<RouteModule>("/app/**/route.ts"), ...import.meta.glob<RouteModule>("/app/.well-known/**/route.ts") };

type CompiledRoute = { file: string; segments: string[]; load: () => Promise<RouteModule> };

const compiled: CompiledRoute[] = Object.entries(modules).map(([file, load]) => ({
  file,
  segments: file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    // Next maps `%5F` in folder names to `_` (folders starting with `_` are private otherwise).
    .map((segment) => segment.replace(/%5F/gi, "_")),
  load,
}));

function rank(segment: string): number {
  if (segment.startsWith("[...") || segment.startsWith("[[...")) return 2;
  if (segment.startsWith("[")) return 1;
  return 0;
}

function match(route: CompiledRoute, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let index = 0; index < route.segments.length; index++) {
    const segment = route.segments[index];
    if (segment.startsWith("[[...")) {
      // Optional catch-all: also matches no further segment (then the param is absent, as in Next).
      const rest = parts.slice(index);
      if (rest.length > 0) params[segment.slice(5, -2)] = rest;
      return params;
    }
    if (segment.startsWith("[...")) {
      const rest = parts.slice(index);
      if (rest.length === 0) return null;
      params[segment.slice(4, -1)] = rest;
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = part;
    else if (segment !== part) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

export function findRoute(pathname: string) {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const candidates = compiled
    .map((route) => ({ route, params: match(route, parts) }))
    .filter((candidate): candidate is { route: CompiledRoute; params: Record<string, string | string[]> } => candidate.params !== null);
  candidates.sort((a, b) => {
    for (let index = 0; index < Math.max(a.route.segments.length, b.route.segments.length); index++) {
      const difference = rank(a.route.segments[index] ?? "") - rank(b.route.segments[index] ?? "");
      if (difference !== 0) return difference;
    }
    return 0;
  });
  return candidates[0];
}

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export type RequestOptions = {
  key?: string;
  body?: unknown;
  /** Sent as-is (for malformed JSON tests). */
  rawBody?: string | Uint8Array | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
};

/** The route handler's raw `Response` (for binary bodies); `request` below reads it as text/JSON. */
export async function dispatch(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const url = new URL(path, "http://localhost");
  const found = findRoute(url.pathname);
  if (!found) throw new Error(`No route file serves ${url.pathname}`);
  const routeModule = await found.route.load();
  const handler = routeModule[method];
  if (!handler) return new Response(null, { status: 405 });
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) body = options.rawBody as BodyInit;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  // A stream body needs `duplex: "half"` (a request whose length is not known up front).
  const init = { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit;
  return handler(new Request(url, init), { params: Promise.resolve(found.params) });
}

export async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const response = await dispatch(method, path, options);
  if (response.status === 405 && !response.headers.get("content-type")) return { status: 405, headers: new Headers(), body: undefined as T, text: "" };
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text && /^application\/json/.test(response.headers.get("content-type") ?? "")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** A client bound to one API key. */
export function client(key?: string) {
  const send = <T = any>(method: string, path: string, options: Omit<RequestOptions, "key"> = {}) =>
    request<T>(method, path, { ...options, key });
  return {
    get: <T = any>(path: string, options?: Omit<RequestOptions, "key" | "body">) => send<T>("GET", path, options),
    post: <T = any>(path: string, body?: unknown, options?: Omit<RequestOptions, "key" | "body">) => send<T>("POST", path, { ...options, body }),
    put: <T = any>(path: string, body?: unknown, options?: Omit<RequestOptions, "key" | "body">) => send<T>("PUT", path, { ...options, body }),
    patch: <T = any>(path: string, body?: unknown, options?: Omit<RequestOptions, "key" | "body">) => send<T>("PATCH", path, { ...options, body }),
    delete: <T = any>(path: string, options?: Omit<RequestOptions, "key" | "body">) => send<T>("DELETE", path, options),
    send,
  };
}

export function listRouteFiles(): string[] {
  return compiled.map((route) => route.file);
}

export async function loadRouteModule(file: string): Promise<RouteModule> {
  const route = compiled.find((candidate) => candidate.file === file);
  if (!route) throw new Error(`Unknown route file ${file}`);
  return route.load();
}
