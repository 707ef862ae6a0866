import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { ApiError } from "@/lib/http/errors";
import { gcHintingStream, streamGcHint } from "./gc-hint";
import { signObjectUrl } from "./signing";
import {
  assertValidObjectKey,
  encodeObjectKey,
  type ObjectRef,
  type SignedUrl,
  type StorageDriver,
  type StoredObject,
  type UploadInstructions,
  type UrlOptions,
} from "./types";

/**
 * The embedded storage driver (DESIGN §3): objects are files under `<root>/{private,public}/<key>`, written
 * and read only through the dev routes `PUT|GET /v1/_dev/objects/{visibility}/{key}`.
 *
 * Uploads stream to a temporary file (hashed and counted on the way, never held in memory) and are then
 * hard-linked into place, which fails if the key already exists: an object is written once. The size and
 * SHA-256 computed during the upload are kept in `<root>/.meta/…json`, so `head` needs no second read.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = "local" as const;
  private swept = false;

  constructor(readonly root: string) {}

  objectPath(ref: ObjectRef): string {
    assertValidObjectKey(ref.key);
    return path.join(this.root, ref.visibility, ...ref.key.split("/"));
  }

  private metaPath(ref: ObjectRef): string {
    assertValidObjectKey(ref.key);
    return path.join(this.root, ".meta", ref.visibility, ...ref.key.split("/")) + ".json";
  }

  private devUrl(baseUrl: string, ref: ObjectRef): string {
    return `${baseUrl.replace(/\/+$/, "")}/v1/_dev/objects/${ref.visibility}/${encodeObjectKey(ref.key)}`;
  }

  async createUploadUrl(ref: ObjectRef, options: UrlOptions & { contentType: string; maxBytes: number }): Promise<UploadInstructions> {
    const { expires, signature } = signObjectUrl("PUT", ref, options.expiresAt);
    const url = `${this.devUrl(options.baseUrl, ref)}?${new URLSearchParams({ expires, signature })}`;
    return { url, method: "PUT", headers: { "content-type": options.contentType }, expiresAt: options.expiresAt };
  }

  async createDownloadUrl(ref: ObjectRef, options: UrlOptions): Promise<SignedUrl> {
    const { expires, signature } = signObjectUrl("GET", ref, options.expiresAt);
    return { url: `${this.devUrl(options.baseUrl, ref)}?${new URLSearchParams({ expires, signature })}`, expiresAt: options.expiresAt };
  }

  async publicUrl(ref: ObjectRef, options: { baseUrl: string }): Promise<string> {
    return this.devUrl(options.baseUrl, ref);
  }

  /**
   * Stores an upload: streamed to disk, at most `maxBytes` (413 beyond), refused with 409 when the key
   * already holds an object. Returns the size and SHA-256 of what was stored.
   */
  async receiveUpload(ref: ObjectRef, body: ReadableStream<Uint8Array> | null, options: { maxBytes: number }): Promise<StoredObject> {
    const target = this.objectPath(ref);
    if (await exists(target)) throw alreadyUploaded();
    const temporaryDirectory = path.join(this.root, ".tmp");
    await mkdir(temporaryDirectory, { recursive: true });
    await this.sweepAbandonedUploads(temporaryDirectory);
    const temporary = path.join(temporaryDirectory, randomUUID());
    const hash = createHash("sha256");
    const gcHint = streamGcHint();
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > options.maxBytes) return callback(tooLarge(options.maxBytes));
        hash.update(chunk);
        callback(null, chunk);
        gcHint(chunk.length);
      },
    });
    try {
      const source = body ? Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>) : Readable.from([]);
      await pipeline(source, meter, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
      await mkdir(path.dirname(target), { recursive: true });
      await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST" ? alreadyUploaded() : error;
      });
    } catch (error) {
      if (error instanceof ApiError || (error as NodeJS.ErrnoException).syscall) throw error;
      // Anything else is the request stream failing: the client went away or sent a broken body.
      throw new ApiError("validation_error", "The upload was interrupted before all bytes arrived; upload again.");
    } finally {
      await rm(temporary, { force: true });
    }
    const stored = { size, sha256: hash.digest("hex") };
    await this.writeMeta(ref, stored);
    return stored;
  }

  async put(ref: ObjectRef, bytes: Uint8Array): Promise<StoredObject> {
    return this.receiveUpload(ref, new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), { maxBytes: Number.MAX_SAFE_INTEGER });
  }

  async head(ref: ObjectRef): Promise<StoredObject | null> {
    const target = this.objectPath(ref);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    const meta = await readFile(this.metaPath(ref), "utf8")
      .then((text) => JSON.parse(text) as StoredObject)
      .catch(() => null);
    if (meta && meta.size === info.size && /^[a-f0-9]{64}$/.test(meta.sha256)) return meta;
    // No record of the upload (or one that disagrees with the file): hash the bytes once and remember.
    const hash = createHash("sha256");
    const gcHint = streamGcHint();
    for await (const chunk of createReadStream(target)) {
      hash.update(chunk as Buffer);
      gcHint((chunk as Buffer).length);
    }
    const stored = { size: info.size, sha256: hash.digest("hex") };
    await this.writeMeta(ref, stored);
    return stored;
  }

  async read(ref: ObjectRef): Promise<ReadableStream<Uint8Array> | null> {
    const opened = await this.open(ref);
    return opened?.stream ?? null;
  }

  /** The stored bytes with their size, for serving. */
  async open(ref: ObjectRef): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
    const target = this.objectPath(ref);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    const stream = (Readable.toWeb(createReadStream(target)) as unknown as ReadableStream<Uint8Array>).pipeThrough(gcHintingStream());
    return { stream, size: info.size };
  }

  async delete(ref: ObjectRef): Promise<void> {
    await rm(this.objectPath(ref), { force: true });
    await rm(this.metaPath(ref), { force: true });
    await this.pruneEmptyDirectories(path.dirname(this.objectPath(ref)), path.join(this.root, ref.visibility));
    await this.pruneEmptyDirectories(path.dirname(this.metaPath(ref)), path.join(this.root, ".meta", ref.visibility));
  }

  /**
   * Once per process: removes temporary files a crashed process left behind (older than a day, so an
   * upload still streaming in another process of the same data directory is never touched).
   */
  private async sweepAbandonedUploads(directory: string): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const cutoff = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of await readdir(directory).catch(() => [] as string[])) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  private async writeMeta(ref: ObjectRef, stored: StoredObject): Promise<void> {
    const target = this.metaPath(ref);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(stored), { mode: 0o600 });
    await rename(temporary, target);
  }

  /** Removes the now-empty folders of a deleted key, up to (not including) `stop`. */
  private async pruneEmptyDirectories(directory: string, stop: string): Promise<void> {
    let current = directory;
    while (current.startsWith(stop + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      current = path.dirname(current);
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("payload_too_large", `The upload is larger than the limit of ${maxBytes / 1024 / 1024} MiB.`);
}

function alreadyUploaded(): ApiError {
  return new ApiError(
    "conflict",
    "This file's bytes were already uploaded; an upload URL writes once. To store different bytes, create a new file.",
  );
}
