import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP stand-in of the Vercel Blob API, speaking the wire protocol `@vercel/blob` 2.x uses (read
 * from its source): the control API under `<base>` (`PUT /?pathname=` uploads, `GET ?url=` head,
 * `POST /delete`, `POST /signed-token`), and an object host serving `GET /objects/<access>/<pathname>`.
 * Presigned URLs are checked like the real service: the delegation token carries the scope and expiry
 * under a store HMAC; the URL's signature is HMAC-SHA256 (key: the client signing token) over the SDK's
 * canonical string. Objects live in memory; meant for small test files only.
 */

const PRESIGN_KEYS = [
  "vercel-blob-add-random-suffix",
  "vercel-blob-allow-overwrite",
  "vercel-blob-allowed-content-types",
  "vercel-blob-cache-control-max-age",
  "vercel-blob-callback-token-payload",
  "vercel-blob-callback-url",
  "vercel-blob-if-match",
  "vercel-blob-maximum-size-in-bytes",
  "vercel-blob-valid-until",
];

type StoredBlob = { bytes: Buffer; access: "public" | "private"; contentType: string; uploadedAt: Date };
type Delegation = { storeId: string; pathname: string; operations: string[]; validUntil: number; maximumSizeInBytes?: number };

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type BlobStandIn = {
  /** `BLOB_READ_WRITE_TOKEN` for the stand-in's store. */
  token: string;
  /** Base address of the control API (`BLOB_API_URL`). */
  apiUrl: string;
  blobs: Map<string, StoredBlob>;
  /** Every request the stand-in received, as `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
};

export async function startBlobStandIn(): Promise<BlobStandIn> {
  const storeId = "standinstore";
  const storeSecret = "stand-in-store-secret";
  const token = `vercel_blob_rw_${storeId}_secretpart`;
  const blobs = new Map<string, StoredBlob>();
  const requests: string[] = [];
  let origin = "";

  const objectUrl = (pathname: string, access: string) => `${origin}/objects/${access}/${pathname}`;

  function issue(body: { pathname?: string; operations?: string[]; validUntil?: number; maximumSizeInBytes?: number }) {
    const scope: Delegation = {
      storeId,
      pathname: body.pathname ?? "*",
      operations: body.operations ?? ["get"],
      validUntil: body.validUntil ?? Date.now() + 3_600_000,
      ...(body.maximumSizeInBytes !== undefined ? { maximumSizeInBytes: body.maximumSizeInBytes } : {}),
    };
    const payload = b64url(JSON.stringify(scope));
    const delegationToken = `${payload}.${b64url(hmac(storeSecret, payload))}`;
    return { delegationToken, clientSigningToken: b64url(hmac(storeSecret, delegationToken)), validUntil: scope.validUntil };
  }

  /** Checks a presigned URL for `operation` on `pathname`; returns the delegation or an error message. */
  function checkPresigned(url: URL, operation: string, pathname: string): Delegation | string {
    const delegationToken = url.searchParams.get("vercel-blob-delegation");
    const signature = url.searchParams.get("vercel-blob-signature");
    if (!delegationToken || !signature) return "missing presigned parameters";
    const [payload, seal] = delegationToken.split(".");
    if (!payload || !seal || !sameText(seal, b64url(hmac(storeSecret, payload)))) return "invalid delegation token";
    const scope = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Delegation;
    if (!scope.operations.includes(operation)) return `delegation does not allow ${operation}`;
    if (scope.pathname !== "*" && scope.pathname !== pathname) return "pathname does not match the delegation";
    const lines = [`operation=${operation}`, `pathname=${pathname}`];
    for (const key of PRESIGN_KEYS) {
      const value = url.searchParams.get(key);
      if (value) lines.push(`${key}=${value}`);
    }
    lines.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const clientSigningToken = b64url(hmac(storeSecret, delegationToken));
    if (!sameText(signature, b64url(hmac(clientSigningToken, lines.join("\n"))))) return "invalid signature";
    const until = Number(url.searchParams.get("vercel-blob-valid-until") ?? scope.validUntil);
    if (Date.now() > Math.min(until, scope.validUntil)) return "Token expired";
    return scope;
  }

  const bearerOk = (request: IncomingMessage) => request.headers.authorization === `Bearer ${token}`;

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }
  const fail = (response: ServerResponse, status: number, code: string, message: string) => send(response, status, { error: { code, message } });

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function describe(pathname: string, blob: StoredBlob) {
    const url = objectUrl(pathname, blob.access);
    return {
      url,
      downloadUrl: `${url}?download=1`,
      pathname,
      size: blob.bytes.length,
      contentType: blob.contentType,
      contentDisposition: `attachment; filename="${pathname.split("/").pop()}"`,
      cacheControl: "public, max-age=2592000",
      uploadedAt: blob.uploadedAt.toISOString(),
      etag: `"${blob.bytes.length}-${blob.uploadedAt.getTime()}"`,
    };
  }

  function pathnameOf(urlOrPathname: string): string {
    if (!/^https?:\/\//.test(urlOrPathname)) return urlOrPathname;
    return new URL(urlOrPathname).pathname.replace(/^\/objects\/(public|private)\//, "");
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", origin);
    requests.push(`${request.method} ${url.pathname}`);

    if (url.pathname.startsWith("/objects/")) {
      const [, , access, ...rest] = url.pathname.split("/");
      const pathname = rest.map(decodeURIComponent).join("/");
      const blob = blobs.get(pathname);
      if (access === "private" && !bearerOk(request)) {
        const checked = checkPresigned(url, "get", pathname);
        if (typeof checked === "string") return fail(response, 403, "forbidden", checked);
      }
      if (!blob || blob.access !== access) return fail(response, 404, "not_found", "The requested blob does not exist");
      response.writeHead(200, { "content-type": blob.contentType, "content-length": String(blob.bytes.length) });
      return response.end(blob.bytes);
    }

    const api = url.pathname.replace(/^\/api\/blob/, "") || "/";
    if (request.method === "POST" && api === "/signed-token") {
      if (!bearerOk(request)) return fail(response, 403, "forbidden", "Access denied");
      return send(response, 200, issue(JSON.parse((await readBody(request)).toString("utf8") || "{}")));
    }
    if (request.method === "PUT" && api === "/") {
      const pathname = url.searchParams.get("pathname") ?? "";
      let limit = Infinity;
      let allowOverwrite = false;
      if (!bearerOk(request)) {
        const checked = checkPresigned(url, "put", pathname);
        if (typeof checked === "string") return fail(response, 403, checked === "Token expired" ? "bad_request" : "forbidden", checked);
        limit = Number(url.searchParams.get("vercel-blob-maximum-size-in-bytes") ?? checked.maximumSizeInBytes ?? Infinity);
        allowOverwrite = url.searchParams.get("vercel-blob-allow-overwrite") === "true";
      } else {
        allowOverwrite = request.headers["x-allow-overwrite"] === "1";
      }
      const access = request.headers["x-vercel-blob-access"] === "public" ? "public" : "private";
      const bytes = await readBody(request);
      if (bytes.length > limit) return fail(response, 400, "bad_request", `the file length cannot be greater than ${limit}`);
      if (blobs.has(pathname) && !allowOverwrite) return fail(response, 400, "bad_request", "This blob already exists, use `allowOverwrite: true`");
      const blob = { bytes, access, contentType: String(request.headers["x-content-type"] ?? "application/octet-stream"), uploadedAt: new Date() } as const;
      blobs.set(pathname, blob);
      return send(response, 200, describe(pathname, blob));
    }
    if (request.method === "GET" && api === "/" && url.searchParams.has("url")) {
      if (!bearerOk(request)) return fail(response, 403, "forbidden", "Access denied");
      const pathname = pathnameOf(url.searchParams.get("url")!);
      const blob = blobs.get(pathname);
      return blob ? send(response, 200, describe(pathname, blob)) : fail(response, 404, "not_found", "The requested blob does not exist");
    }
    if (request.method === "POST" && api === "/delete") {
      if (!bearerOk(request)) return fail(response, 403, "forbidden", "Access denied");
      const { urls } = JSON.parse((await readBody(request)).toString("utf8")) as { urls: string[] };
      for (const target of urls) blobs.delete(pathnameOf(target));
      return send(response, 200, {});
    }
    return fail(response, 400, "bad_request", `The stand-in does not implement ${request.method} ${url.pathname}`);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, 400, "bad_request", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    token,
    apiUrl: `${origin}/api/blob`,
    blobs,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
