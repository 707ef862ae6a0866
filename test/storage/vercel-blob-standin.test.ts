import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStorageForTests, SIGNED_URL_TTL_MS, type ObjectRef } from "@/lib/storage";
import { VercelBlobStorageDriver } from "@/lib/storage/vercel-blob";
import { request } from "../helpers/api";
import { createReadyFile, createSurvey, readBytes, sha256, upload } from "../helpers/files";
import { createTenant } from "../helpers/tenant";
import { startBlobStandIn, type BlobStandIn } from "../helpers/vercel-blob-standin";

// The SDK retries unknown errors ten times with backoff; a test should fail at once instead.
process.env.VERCEL_BLOB_RETRIES = "0";

let standIn: BlobStandIn;
let driver: VercelBlobStorageDriver;

beforeAll(async () => {
  standIn = await startBlobStandIn();
  driver = new VercelBlobStorageDriver({ token: standIn.token, apiUrl: standIn.apiUrl });
});
afterAll(async () => {
  setStorageForTests(undefined);
  await standIn.close();
});

const urlOptions = () => ({ baseUrl: "http://localhost", expiresAt: new Date(Date.now() + SIGNED_URL_TTL_MS) });

describe("the Vercel Blob driver against a local stand-in of the Blob API", () => {
  it("uploads through a presigned URL, then reports the stored size and SHA-256 and reads the bytes back", async () => {
    const ref: ObjectRef = { key: "surveys/s1/f1/questionnaire.pdf", visibility: "private" };
    const bytes = randomBytes(70_000);
    const instructions = await driver.createUploadUrl(ref, { ...urlOptions(), contentType: "application/pdf", maxBytes: 100_000 });
    expect(instructions.url.startsWith(`${standIn.apiUrl}/?pathname=`)).toBe(true);
    expect(instructions.url).toContain("vercel-blob-signature=");
    const put = await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: bytes });
    expect(put.status).toBe(200);

    expect(await driver.head(ref)).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const stream = await driver.read(ref);
    expect(Buffer.from(await new Response(stream).arrayBuffer()).equals(bytes)).toBe(true);
    expect(standIn.blobs.get(ref.key)).toMatchObject({ access: "private", contentType: "application/pdf" });
  });

  it("hands out a presigned download URL for a private blob; without its signature, or changed, it is refused", async () => {
    const ref: ObjectRef = { key: "surveys/s1/f2/private.txt", visibility: "private" };
    const instructions = await driver.createUploadUrl(ref, { ...urlOptions(), contentType: "text/plain", maxBytes: 1000 });
    await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: "private words" });
    const download = await driver.createDownloadUrl(ref, urlOptions());
    const ok = await fetch(download.url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("private words");
    expect((await fetch(download.url.split("?")[0])).status).toBe(403);
    const tampered = new URL(download.url);
    tampered.searchParams.set("vercel-blob-signature", "A".repeat(43));
    expect((await fetch(tampered)).status).toBe(403);
  });

  it("refuses a changed upload URL, one over its size limit, and a second upload to the same key", async () => {
    const ref: ObjectRef = { key: "surveys/s1/f3/data.bin", visibility: "private" };
    const instructions = await driver.createUploadUrl(ref, { ...urlOptions(), contentType: "application/octet-stream", maxBytes: 10 });
    const otherKey = instructions.url.replace("f3%2Fdata.bin", "f3%2Fother.bin");
    expect((await fetch(otherKey, { method: "PUT", headers: instructions.headers, body: "12345" })).status).toBe(403);
    expect((await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: "12345678901" })).status).toBe(400);
    expect((await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: "12345" })).status).toBe(200);
    expect((await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: "54321" })).status).toBe(400);
    expect(standIn.blobs.get(ref.key)?.bytes.toString()).toBe("12345");
  });

  it("gives a public blob a stable URL readable without credentials, and deletes blobs", async () => {
    const ref: ObjectRef = { key: "surveys/s1/f4/logo.png", visibility: "public" };
    const instructions = await driver.createUploadUrl(ref, { ...urlOptions(), contentType: "image/png", maxBytes: 1000 });
    expect(instructions.headers["x-vercel-blob-access"]).toBe("public");
    await fetch(instructions.url, { method: "PUT", headers: instructions.headers, body: "png bytes" });
    const publicUrl = await driver.publicUrl(ref);
    expect(await (await fetch(publicUrl)).text()).toBe("png bytes");
    await driver.delete(ref);
    expect(await driver.head(ref)).toBeNull();
    expect(await driver.read(ref)).toBeNull();
    await driver.delete(ref); // deleting a missing blob is fine
  });
});

describe("survey files on Vercel Blob (local stand-in of the Blob API)", () => {
  it("runs the whole flow: create, upload to Blob, verify on ready, download, public URL, delete", async () => {
    setStorageForTests(driver);
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const bytes = randomBytes(50_000);

    const created = await api.post(`/v1/surveys/${surveyId}/files`, { name: "q.docx", content_type: "application/msword" });
    expect(created.body.upload.url.startsWith(standIn.apiUrl)).toBe(true);
    expect((await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready" })).status).toBe(400);
    expect((await upload(created.body.upload, bytes)).status).toBe(200);
    const wrong = await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready", content_hash: sha256("nope") });
    expect(wrong.body.details).toEqual([expect.objectContaining({ path: "body.content_hash" })]);
    const ready = await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready", size_bytes: bytes.length, content_hash: sha256(bytes) });
    expect(ready.body.data).toMatchObject({ status: "ready", size_bytes: bytes.length, content_hash: sha256(bytes) });

    const download = await api.post(`/v1/surveys/${surveyId}/files/${created.body.data.id}/download-url`);
    expect(download.body.data.url.startsWith("http://127.0.0.1:")).toBe(true);
    expect((await readBytes(download.body.data.url)).bytes.equals(bytes)).toBe(true);

    const logo = await createReadyFile(api, surveyId, "logo", { visibility: "public" });
    expect(logo.public_url).toMatch(/\/objects\/public\/surveys\//);
    expect((await readBytes(logo.public_url!)).bytes.toString()).toBe("logo");

    // The local object routes are off while Blob stores the files.
    expect((await request("GET", logo.public_url!.replace(/^.*\/objects\//, "http://localhost/v1/_dev/objects/"))).status).toBe(404);

    expect((await api.delete(`/v1/surveys/${surveyId}/files/${created.body.data.id}`)).status).toBe(204);
    expect(standIn.blobs.has(created.body.data.storage_key)).toBe(false);
    expect((await api.delete(`/v1/surveys/${surveyId}`)).status).toBe(204);
    expect(standIn.blobs.has(logo.storage_key)).toBe(false);
  });
});
