/**
 * One small interface over object storage (DESIGN §3): signed upload and download URLs, `head` (size and
 * SHA-256 of what is stored), read, delete and the public URL. File bytes travel between the client and
 * the store directly; the JSON API only hands out URLs.
 */

export type Visibility = "private" | "public";

/** Where an object lives: its key (slash-separated, no `.`/`..` segments) and its visibility. */
export type ObjectRef = { key: string; visibility: Visibility };

/** What the client does to upload: one request with the raw bytes as the body. */
export type UploadInstructions = { url: string; method: "PUT"; headers: Record<string, string>; expiresAt: Date };

export type SignedUrl = { url: string; expiresAt: Date };

/** The facts of stored bytes. */
export type StoredObject = { size: number; sha256: string };

export type UrlOptions = {
  /** Absolute origin the URLs are built on (`APP_BASE_URL`, else the request's origin); used by the local driver. */
  baseUrl: string;
  expiresAt: Date;
};

export interface StorageDriver {
  readonly kind: "local" | "vercel-blob";
  /** A URL the client PUTs the raw bytes to. An upload URL writes once: a second upload to the same key is refused. */
  createUploadUrl(ref: ObjectRef, options: UrlOptions & { contentType: string; maxBytes: number }): Promise<UploadInstructions>;
  /**
   * Stores bytes the server itself received (Interface O's multipart `POST /files`); like an upload URL it
   * writes once: a key that already holds an object is refused. Returns the size and SHA-256 stored.
   */
  put(ref: ObjectRef, bytes: Uint8Array, options: { contentType: string }): Promise<StoredObject>;
  /** A short-lived URL that reads a stored object (private objects). */
  createDownloadUrl(ref: ObjectRef, options: UrlOptions): Promise<SignedUrl>;
  /** The stable, unsigned URL of a public object. */
  publicUrl(ref: ObjectRef, options: { baseUrl: string }): Promise<string>;
  /** Size and SHA-256 of the stored bytes, or null when nothing is stored under this key. */
  head(ref: ObjectRef): Promise<StoredObject | null>;
  /** The stored bytes as a stream, or null when nothing is stored under this key. */
  read(ref: ObjectRef): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(ref: ObjectRef): Promise<void>;
}

/** Upload limit (DESIGN §6). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** Signed URLs live 15 minutes (DESIGN §6). */
export const SIGNED_URL_TTL_MS = 15 * 60 * 1000;

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are made by the service, never taken from a client; this still guards every path built from one. */
export function isValidObjectKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertValidObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`Invalid object key ${JSON.stringify(key)}`);
}

export function encodeObjectKey(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}
