import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { RouteHandler } from "@/lib/http/with-api";
import { jsonResponse } from "@/lib/http/with-api";
import { localStorageDriver, UPLOAD_MAX_BYTES, isValidObjectKey, type ObjectRef, type Visibility } from "@/lib/storage";
import { verifyObjectUrl, type SignatureCheck } from "@/lib/storage/signing";

/**
 * The local driver's object routes, `PUT|GET /v1/_dev/objects/{private|public}/{key}` (DESIGN §3): the
 * signature in the URL is the credential (no API key), so a browser can upload with a plain same-origin
 * PUT of the raw bytes. With Vercel Blob configured these routes answer 404.
 */

type DevInput = { visibility: Visibility; key: string; query: { expires?: string; signature?: string } };

const SIGNATURE_REFUSALS: Record<Exclude<SignatureCheck, { ok: true }>["reason"], string> = {
  missing: "This URL needs a signature: request a fresh upload or download URL from the API.",
  invalid: "The URL's signature does not match; it was changed or was not issued by this service.",
  expired: "The signed URL has expired (they live 15 minutes); request a fresh one from the API.",
};

function localDriverOrThrow() {
  const driver = localStorageDriver();
  if (!driver) throw new ApiError("not_found", "Objects are stored in Vercel Blob; the local object routes are off.", { resource: "object" });
  return driver;
}

function objectRef(input: DevInput): ObjectRef {
  if (!isValidObjectKey(input.key)) throw new ApiError("not_found", "No such object.", { resource: "object" });
  return { key: input.key, visibility: input.visibility };
}

function assertSigned(method: "GET" | "PUT", ref: ObjectRef, query: DevInput["query"]): void {
  const check = verifyObjectUrl(method, ref, query);
  if (!check.ok) throw new ApiError("forbidden", SIGNATURE_REFUSALS[check.reason]);
}

/** PUT: receive the raw bytes of a pending file, streamed to disk (never whole in memory), at most 100 MiB. */
export async function receiveDevObject(request: Request, input: DevInput): Promise<Response> {
  const driver = localDriverOrThrow();
  const ref = objectRef(input);
  assertSigned("PUT", ref, input.query);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > UPLOAD_MAX_BYTES) throw tooLarge();
  const file = await (await db()).surveyFile.findUnique({ where: { storageKey: ref.key }, select: { visibility: true, status: true } });
  if (!file || file.visibility !== ref.visibility) {
    throw new ApiError("not_found", "No file is waiting for these bytes; it may have been deleted.", { resource: "file" });
  }
  if (file.status === "ready") throw new ApiError("conflict", "This file is already ready; its bytes cannot change. Create a new file to upload different bytes.");
  const stored = await driver.receiveUpload(ref, request.body, { maxBytes: UPLOAD_MAX_BYTES });
  return jsonResponse({ data: { size_bytes: stored.size, content_hash: stored.sha256 } }, 200);
}

/**
 * GET: private objects need a signed URL; public objects are served without one, at their stable URL,
 * once their file is `ready`.
 */
export async function serveDevObject(request: Request, input: DevInput): Promise<Response> {
  const driver = localDriverOrThrow();
  const ref = objectRef(input);
  const signed = input.query.signature !== undefined || input.query.expires !== undefined;
  if (ref.visibility === "private" || signed) assertSigned("GET", ref, input.query);
  const file = await (await db()).surveyFile.findUnique({
    where: { storageKey: ref.key },
    select: { name: true, contentType: true, status: true, visibility: true, contentHash: true },
  });
  if (!file || file.visibility !== ref.visibility || (!signed && file.status !== "ready")) {
    throw new ApiError("not_found", "No such object.", { resource: "object" });
  }
  const opened = await driver.open(ref);
  if (!opened) throw new ApiError("not_found", "No such object.", { resource: "object" });
  const headers: Record<string, string> = {
    "content-type": file.contentType,
    "content-length": String(opened.size),
    "content-disposition": contentDisposition(file.name, file.contentType),
    "x-content-type-options": "nosniff",
    // Uploaded bytes are served from the app's own origin: never let them run as a page of it.
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": ref.visibility === "public" && !signed ? "public, max-age=3600" : "private, no-store",
  };
  if (file.status === "ready" && file.contentHash) headers.etag = `"${file.contentHash}"`;
  if (headers.etag && request.headers.get("if-none-match") === headers.etag) {
    await opened.stream.cancel();
    return new Response(null, { status: 304, headers: { etag: headers.etag, "cache-control": headers["cache-control"] } });
  }
  return new Response(opened.stream, { status: 200, headers });
}

const INLINE_TYPES = /^(application\/pdf|text\/plain|image\/(png|jpeg|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+)(;|$)/;

function contentDisposition(name: string, contentType: string): string {
  const disposition = INLINE_TYPES.test(contentType) ? "inline" : "attachment";
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function tooLarge(): ApiError {
  return new ApiError("payload_too_large", `The upload is larger than the limit of ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB.`);
}

/**
 * Next passes a catch-all segment as an array; the operation declares `key` as one slash-joined string.
 * The wrapped handler keeps its declared operation, so the registry and coverage tests still see it.
 */
export function joinCatchAllKey(handler: RouteHandler): RouteHandler {
  const route = (request: Request, context: Parameters<RouteHandler>[1]) =>
    handler(request, {
      params: context.params.then((params) => ({ ...params, key: Array.isArray(params.key) ? params.key.join("/") : params.key })),
    });
  return Object.assign(route, { operation: handler.operation });
}
