import { randomUUID } from "node:crypto";
import { z } from "zod";
import { authenticateRequest } from "@/lib/auth/authenticate";
import type { AuthContext } from "@/lib/auth/context";
import { hasAnyScope, hasScope } from "@/lib/auth/scopes";
import { log } from "@/lib/log";
import { UPLOAD_MAX_BYTES } from "@/lib/storage/types";
import { ApiError, zodIssueDetails, type ErrorCode } from "./errors";
import type { HandlerInput, HandlerResult, OperationSpec } from "./operation";
import { enforceRateLimit } from "./rate-limit";

/** JSON request bodies are capped at 1 MiB (DESIGN §6); file bytes never travel through the JSON API. */
export const JSON_BODY_LIMIT = 1024 * 1024;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & { operation: OperationSpec };

/**
 * The one route wrapper (CONVENTIONS §2). In order: authenticate → (Interface O) check `X-Org-Id` against
 * the credential's organization → check the declared access → rate-limit
 * → parse params, query and body with the operation's zod schemas → call the handler → shape the
 * response; any error becomes the interface's error body.
 */
export function withApi<Spec extends OperationSpec>(
  operation: Spec,
  handler: (input: HandlerInput<Spec>) => Promise<HandlerResult<Spec>>,
): RouteHandler {
  const route = async (request: Request, context: RouteContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    try {
      // Public operations (the OpenAPI document) have no caller; their handlers never read `auth`.
      const auth = operation.access === "public" ? (null as unknown as AuthContext) : await authenticateRequest(request);
      if (auth) {
        if (operation.api === "O") assertOrganization(request, auth);
        assertAccess(operation, auth);
        enforceRateLimit(auth.apiKeyId ?? auth.subject);
      }
      const input = {
        params: operation.params ? parsePart(operation.params, await context.params, "path") : undefined,
        query: operation.query ? parsePart(operation.query, queryObject(new URL(request.url)), "query") : undefined,
        body: operation.body ? parsePart(operation.body, await readJsonBody(request), "body") : undefined,
        form: operation.form ? parsePart(operation.form, await readFormBody(request), "body") : undefined,
        auth,
        request,
        requestId,
      } as HandlerInput<Spec>;
      const result = await handler(input);
      if (result instanceof Response) {
        result.headers.set("x-request-id", requestId);
        return result;
      }
      if (operation.response.status === 204) return new Response(null, { status: 204, headers: { "x-request-id": requestId } });
      checkResponseShape(operation, result);
      return jsonResponse(result, operation.response.status, { "x-request-id": requestId });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
  return Object.assign(route, { operation });
}

function assertAccess(operation: OperationSpec, auth: AuthContext): void {
  const { access } = operation;
  if (access === "public" || access === "authenticated") return;
  const required = "scope" in access ? [access.scope] : access.anyScope;
  const allowed = "scope" in access ? hasScope(auth.scopes, access.scope) : hasAnyScope(auth.scopes, access.anyScope);
  if (!allowed) {
    const who = auth.method === "session" ? "Your role in this workspace does not grant" : "This key lacks";
    throw new ApiError("forbidden", `${who} the scope this operation needs: ${required.join(" or ")}.`);
  }
}

export const ORG_HEADER = "x-org-id";

/** Interface O acts on the organization named by `X-Org-Id`, which must be the credential's own (DESIGN §6). */
function assertOrganization(request: Request, auth: AuthContext): void {
  const organizationId = request.headers.get(ORG_HEADER)?.trim();
  if (!organizationId) {
    throw new ApiError("validation_error", "Send the organization id in the X-Org-Id header.", {
      details: [{ path: "header.X-Org-Id", message: "Required" }],
    });
  }
  if (organizationId !== auth.organizationId) {
    throw new ApiError("forbidden", "This credential does not belong to the organization in X-Org-Id.");
  }
}

function parsePart<T extends z.ZodType>(schema: T, value: unknown, part: "path" | "query" | "body"): z.output<T> {
  const unstorable = findUnstorableText(value);
  if (unstorable) {
    throw new ApiError("validation_error", `The request ${part} is invalid.`, {
      details: [{ path: [part, ...unstorable.path].join("."), message: unstorable.message }],
    });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError("validation_error", `The request ${part === "path" ? "path" : part} is invalid.`, {
      details: zodIssueDetails(parsed.error, part),
    });
  }
  return parsed.data;
}

/**
 * PostgreSQL stores no NUL character in text or JSON, and no lone UTF-16 surrogate in JSON: such input
 * would reach the database and fail there as a 500. Finds the first string (or object key) holding one.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): { path: string[]; message: string } | null {
  // Each entry knows its parent, so the path is built only for the one string reported (a deeply nested
  // body must not cost a path copy per level).
  type Entry = { value: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): string[] => {
    const path = last === undefined ? [] : [last];
    for (let at = entry; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const problem = (text: string) =>
    text.includes("\u0000") ? "must not contain the NUL character (U+0000)" : text.isWellFormed() ? null : "must not contain a lone UTF-16 surrogate";
  const pending: Entry[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (typeof current.value === "string") {
      const message = problem(current.value);
      if (message) return { path: pathOf(current), message };
    } else if (Array.isArray(current.value)) {
      for (let index = current.value.length - 1; index >= 0; index--) pending.push({ value: current.value[index], key: String(index), parent: current });
    } else if (current.value !== null && typeof current.value === "object") {
      const entries = Object.entries(current.value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        const message = problem(key);
        if (message) return { path: pathOf(current, key), message: `key ${message}` };
        pending.push({ value: child, key, parent: current });
      }
    }
  }
  return null;
}

function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/** Reads at most `limit` bytes; an empty body parses as `{}` so optional-only bodies may be omitted. */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const text = await readText(request, limit);
  if (text.trim() === "") return {};
  // The body is parsed as JSON whatever the Content-Type says: `curl -d '{…}'` sends a form type.
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("validation_error", "The request body is not valid JSON.", {
      details: [{ path: "body", message: (error as Error).message }],
    });
  }
}

/** Multipart bodies carry file uploads: at most the upload limit (plus room for the form's own fields). */
export const FORM_BODY_LIMIT = UPLOAD_MAX_BYTES + JSON_BODY_LIMIT;

/** Reads a `multipart/form-data` body into an object: text fields as strings, files as `File`s (a repeated field as an array). */
export async function readFormBody(request: Request, limit = FORM_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError("validation_error", "Send the request as multipart/form-data (e.g. `curl -F file=@questionnaire.docx`).", {
      details: [{ path: "header.Content-Type", message: "must be multipart/form-data with a boundary" }],
    });
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  let form: FormData;
  try {
    // Without a declared length the body is read here with the limit; with one, Node stops at that length.
    form = request.headers.has("content-length") ? await request.formData() : await new Response(Buffer.from(await readBytes(request, limit)), { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("validation_error", "The multipart body could not be read.", { details: [{ path: "body", message: (error as Error).message }] });
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const current = fields[name];
    fields[name] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  }
  return fields;
}

async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readText(request: Request, limit: number): Promise<string> {
  return Buffer.from(await readBytes(request, limit)).toString("utf8");
}

function tooLarge(limit: number): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${Math.floor(limit / 1024 / 1024)} MiB.`);
}

/** Outside production every response is checked against its declared schema, so tests catch drift from the OpenAPI document. */
function checkResponseShape(operation: OperationSpec, result: unknown): void {
  if (process.env.NODE_ENV === "production" || !operation.response.schema) return;
  const parsed = operation.response.schema.safeParse(result);
  if (!parsed.success) {
    throw new Error(
      `Response of ${operation.method} ${operation.path} does not match its schema: ${JSON.stringify(zodIssueDetails(parsed.error))}`,
    );
  }
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type MethodHandlers = Record<(typeof METHODS)[number], (request: Request, context: RouteContext) => Promise<Response>>;

/**
 * A route file's exports: its handlers by method, and for every other method a JSON 405 naming the
 * allowed ones (Next's own 405 has no body). Use as `export const { GET, POST, PUT, PATCH, DELETE } = routes(...)`.
 */
export function routes(...handlers: RouteHandler[]): MethodHandlers {
  const allowed = handlers.map((handler) => handler.operation.method);
  const notAllowed = async (request: Request) =>
    errorResponse(
      new ApiError("method_not_allowed", `${request.method} is not allowed here; use ${allowed.join(", ")}.`, {}, { headers: { allow: allowed.join(", ") } }),
      randomUUID(),
    );
  return Object.fromEntries(
    METHODS.map((method) => [method, handlers.find((handler) => handler.operation.method === method) ?? notAllowed]),
  ) as unknown as MethodHandlers;
}

const PRISMA_ERROR_CODES: Record<string, { code: ErrorCode; message: string }> = {
  P2025: { code: "not_found", message: "The resource was not found." },
  P2002: { code: "conflict", message: "A resource with these values already exists." },
  P2028: { code: "service_unavailable", message: "The database is busy; try again." },
};

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    return jsonResponse(error.toBody(), error.status, { "x-request-id": requestId, ...error.headers });
  }
  const prismaCode = (error as { code?: unknown })?.code;
  if (typeof prismaCode === "string" && PRISMA_ERROR_CODES[prismaCode]) {
    const mapped = new ApiError(PRISMA_ERROR_CODES[prismaCode].code, PRISMA_ERROR_CODES[prismaCode].message);
    return jsonResponse(mapped.toBody(), mapped.status, { "x-request-id": requestId });
  }
  log.error("unhandled error", { requestId, error });
  return jsonResponse(
    { error: "internal_error", message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.` },
    500,
    { "x-request-id": requestId },
  );
}
