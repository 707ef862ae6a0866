import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { LocalStorageDriver } from "./local";
import type { ObjectRef } from "./types";

function driver() {
  return new LocalStorageDriver(mkdtempSync(path.join(tmpdir(), "objects-")));
}

/** A body delivered in many small chunks, like a network upload. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunkSize)));
      offset += chunkSize;
    },
  });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const ref: ObjectRef = { key: "surveys/s/f/data.bin", visibility: "private" };

describe("the local storage driver", () => {
  it("stores a streamed upload under DATA_DIR/objects/<visibility>/<key> with its size and SHA-256", async () => {
    const storage = driver();
    const bytes = randomBytes(1_000_003);
    const stored = await storage.receiveUpload(ref, chunked(bytes), { maxBytes: 2_000_000 });
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(await readFile(path.join(storage.root, "private", "surveys", "s", "f", "data.bin"))).toEqual(bytes);
    expect(await storage.head(ref)).toEqual(stored);
    expect(await storage.head({ ...ref, visibility: "public" })).toBeNull();
    expect(await readdir(path.join(storage.root, ".tmp"))).toEqual([]);
  });

  it("refuses an upload over the limit with 413 and keeps nothing of it", async () => {
    const storage = driver();
    const attempt = storage.receiveUpload(ref, chunked(randomBytes(300_000), 10_000), { maxBytes: 250_000 });
    await expect(attempt).rejects.toMatchObject({ code: "payload_too_large", status: 413 });
    expect(await storage.head(ref)).toBeNull();
    expect(await readdir(path.join(storage.root, ".tmp"))).toEqual([]);
  });

  it("writes an object once: a second upload to the same key is refused with 409", async () => {
    const storage = driver();
    const first = Buffer.from("first");
    await storage.receiveUpload(ref, chunked(first), { maxBytes: 100 });
    await expect(storage.receiveUpload(ref, chunked(Buffer.from("second")), { maxBytes: 100 })).rejects.toMatchObject({ code: "conflict" });
    expect(await readFile(storage.objectPath(ref), "utf8")).toBe("first");
  });

  it("reports an interrupted upload as a client error and keeps nothing of it", async () => {
    const storage = driver();
    let sent = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 3) return controller.error(new Error("socket hang up"));
        controller.enqueue(new Uint8Array(1000));
      },
    });
    const error = await storage.receiveUpload(ref, broken, { maxBytes: 1_000_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "validation_error" });
    expect(await storage.head(ref)).toBeNull();
  });

  it("re-hashes bytes whose upload record is missing or stale", async () => {
    const storage = driver();
    await storage.receiveUpload(ref, chunked(Buffer.from("hello")), { maxBytes: 100 });
    await rm(path.join(storage.root, ".meta"), { recursive: true });
    expect(await storage.head(ref)).toEqual({ size: 5, sha256: sha256(Buffer.from("hello")) });
    await writeFile(storage.objectPath(ref), "hello, world");
    expect(await storage.head(ref)).toEqual({ size: 12, sha256: sha256(Buffer.from("hello, world")) });
  });

  it("reads an object back as a stream and deletes it with its empty folders", async () => {
    const storage = driver();
    const bytes = randomBytes(200_000);
    await storage.receiveUpload(ref, chunked(bytes), { maxBytes: 1_000_000 });
    const stream = await storage.read(ref);
    expect(Buffer.from(await new Response(stream).arrayBuffer())).toEqual(bytes);
    await storage.delete(ref);
    expect(await storage.read(ref)).toBeNull();
    await expect(stat(path.join(storage.root, "private", "surveys"))).rejects.toThrow();
    await storage.delete(ref); // deleting a missing object is fine
  });

  it("refuses keys that could leave its folder", async () => {
    const storage = driver();
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", ".meta/x", ""]) {
      expect(() => storage.objectPath({ key, visibility: "private" }), key).toThrow(/Invalid object key/);
    }
  });

  it("builds absolute signed URLs on the given base", async () => {
    const storage = driver();
    const expiresAt = new Date(Date.now() + 60_000);
    const upload = await storage.createUploadUrl(ref, { baseUrl: "https://app.example/", expiresAt, contentType: "application/pdf", maxBytes: 10 });
    expect(upload.url).toMatch(/^https:\/\/app\.example\/v1\/_dev\/objects\/private\/surveys\/s\/f\/data\.bin\?expires=\d+&signature=[\w-]+$/);
    expect(upload).toMatchObject({ method: "PUT", headers: { "content-type": "application/pdf" }, expiresAt });
    expect(await storage.publicUrl({ ...ref, visibility: "public" }, { baseUrl: "https://app.example" })).toBe(
      "https://app.example/v1/_dev/objects/public/surveys/s/f/data.bin",
    );
  });
});

describe("abandoned temporary uploads", () => {
  it("are removed once per process when older than a day; recent ones are left alone", async () => {
    const storage = driver();
    const { mkdir, utimes } = await import("node:fs/promises");
    const temporary = path.join(storage.root, ".tmp");
    await mkdir(temporary, { recursive: true });
    await writeFile(path.join(temporary, "old"), "left by a crash");
    await writeFile(path.join(temporary, "recent"), "still streaming elsewhere");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(path.join(temporary, "old"), twoDaysAgo, twoDaysAgo);
    await storage.receiveUpload(ref, chunked(Buffer.from("x")), { maxBytes: 10 });
    expect(await readdir(temporary)).toEqual(["recent"]);
  });
});
