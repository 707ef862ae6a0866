import { createHash } from "node:crypto";
import { BlobNotFoundError, del, head, issueSignedToken, presignUrl, put } from "@vercel/blob";
import { streamGcHint } from "./gc-hint";
import type { ObjectRef, SignedUrl, StorageDriver, StoredObject, UploadInstructions, UrlOptions } from "./types";

/**
 * Vercel Blob (`@vercel/blob`), chosen when `BLOB_READ_WRITE_TOKEN` is set. Uploads and private downloads
 * use presigned URLs (`issueSignedToken` + `presignUrl`), so bytes go between the client and Blob directly.
 *
 * Blob's `head` reports the size but no SHA-256, so `head` here streams the object once to hash it (the
 * service calls it once, when a file is marked ready). Object URLs are taken from Blob's `head` answer
 * rather than rebuilt from the store id, which keeps the driver correct against any API base address
 * (`BLOB_API_URL`, used by the tests' local stand-in of the Blob API).
 */

/** The Blob API version the SDK speaks (sent by its own requests as `x-api-version`). */
const BLOB_API_VERSION = "12";

export type VercelBlobOptions = { token: string; apiUrl?: string };

export class VercelBlobStorageDriver implements StorageDriver {
  readonly kind = "vercel-blob" as const;
  private readonly token: string;

  constructor(options: VercelBlobOptions) {
    this.token = options.token;
    // The SDK reads its API base address from this variable on every call; BLOB_API_URL feeds it.
    if (options.apiUrl) process.env.VERCEL_BLOB_API_URL = options.apiUrl;
  }

  async createUploadUrl(ref: ObjectRef, options: UrlOptions & { contentType: string; maxBytes: number }): Promise<UploadInstructions> {
    const validUntil = options.expiresAt.getTime();
    const signed = await issueSignedToken({
      token: this.token,
      pathname: ref.key,
      operations: ["put"],
      validUntil,
      maximumSizeInBytes: options.maxBytes,
    });
    const { presignedUrl } = await presignUrl(signed, {
      operation: "put",
      pathname: ref.key,
      access: ref.visibility,
      validUntil,
      maximumSizeInBytes: options.maxBytes,
      allowOverwrite: false,
      addRandomSuffix: false,
    });
    return {
      url: presignedUrl,
      method: "PUT",
      headers: {
        "x-api-version": BLOB_API_VERSION,
        "x-vercel-blob-access": ref.visibility,
        "x-content-type": options.contentType,
        "x-add-random-suffix": "0",
        "x-allow-overwrite": "0",
      },
      expiresAt: options.expiresAt,
    };
  }

  async put(ref: ObjectRef, bytes: Uint8Array, options: { contentType: string }): Promise<StoredObject> {
    await put(ref.key, Buffer.from(bytes), {
      access: ref.visibility,
      token: this.token,
      contentType: options.contentType,
      addRandomSuffix: false,
      allowOverwrite: false,
    });
    return { size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
  }

  async createDownloadUrl(ref: ObjectRef, options: UrlOptions): Promise<SignedUrl> {
    const objectUrl = await this.objectUrl(ref);
    const validUntil = options.expiresAt.getTime();
    const signed = await issueSignedToken({ token: this.token, pathname: ref.key, operations: ["get"], validUntil });
    const { presignedUrl } = await presignUrl(signed, { operation: "get", pathname: ref.key, access: ref.visibility, validUntil });
    // Same signature parameters, on the object URL Blob itself reported for this key.
    const url = new URL(objectUrl);
    for (const [name, value] of new URL(presignedUrl).searchParams) url.searchParams.set(name, value);
    return { url: url.toString(), expiresAt: options.expiresAt };
  }

  async publicUrl(ref: ObjectRef): Promise<string> {
    return this.objectUrl(ref);
  }

  async head(ref: ObjectRef): Promise<StoredObject | null> {
    const info = await this.blobHead(ref);
    if (!info) return null;
    const body = await this.fetchObject(info.url);
    if (!body) return null;
    const hash = createHash("sha256");
    const gcHint = streamGcHint();
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      hash.update(value);
      gcHint(value.byteLength);
    }
    return { size, sha256: hash.digest("hex") };
  }

  async read(ref: ObjectRef): Promise<ReadableStream<Uint8Array> | null> {
    const info = await this.blobHead(ref);
    return info ? this.fetchObject(info.url) : null;
  }

  async delete(ref: ObjectRef): Promise<void> {
    await del(ref.key, { token: this.token });
  }

  private async blobHead(ref: ObjectRef) {
    try {
      return await head(ref.key, { token: this.token });
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  private async objectUrl(ref: ObjectRef): Promise<string> {
    const info = await this.blobHead(ref);
    if (!info) throw new Error(`No blob stored under ${ref.key}`);
    return info.url;
  }

  /** Reads an object with the read-write token, as the SDK's own `get` does for private blobs. */
  private async fetchObject(url: string): Promise<ReadableStream<Uint8Array> | null> {
    const response = await fetch(url, { headers: { authorization: `Bearer ${this.token}` } });
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`Reading a blob failed with HTTP ${response.status}`);
    return response.body;
  }
}
