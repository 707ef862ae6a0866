import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { storage, UPLOAD_MAX_BYTES } from "@/lib/storage";
import { request } from "../helpers/api";
import { createReadyFile, createSurvey, readBytes, send, sha256, upload } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function eventsOf(workspaceId: string, type: string) {
  return (await db()).event.findMany({ where: { workspaceId, type }, orderBy: { id: "asc" } });
}

describe("survey files: the upload flow on local storage", () => {
  it("creates a private pending file, takes its bytes at the upload URL, verifies them on ready and serves them back", async () => {
    const { api, workspace } = await createTenant();
    const surveyId = await createSurvey(api);
    const bytes = randomBytes(300_001);

    const created = await api.post(`/v1/surveys/${surveyId}/files`, { name: "Fragebogen v2.docx", content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
    expect(created.status).toBe(201);
    const file = created.body.data;
    expect(file).toMatchObject({
      survey_id: surveyId,
      name: "Fragebogen v2.docx",
      status: "pending",
      visibility: "private",
      hosting: "service",
      size_bytes: null,
      content_hash: null,
      public_url: null,
      upstream_path: null,
      upstream_only: false,
      reserved_type: null,
    });
    expect(file.id).toMatch(UUID);
    expect(file.storage_key).toBe(`surveys/${surveyId}/${file.id}/Fragebogen-v2.docx`);
    const instructions = created.body.upload;
    expect(instructions).toMatchObject({ method: "PUT", max_size_bytes: UPLOAD_MAX_BYTES, headers: { "content-type": file.content_type } });
    expect(instructions.url).toMatch(/^http:\/\/localhost\/v1\/_dev\/objects\/private\/surveys\/.+\?expires=\d+&signature=/);
    const lifetime = Date.parse(instructions.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);

    const uploaded = await upload(instructions, bytes);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({ data: { size_bytes: bytes.length, content_hash: sha256(bytes) } });

    const ready = await api.patch(`/v1/surveys/${surveyId}/files/${file.id}`, { status: "ready", size_bytes: bytes.length, content_hash: sha256(bytes) });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: "ready", size_bytes: bytes.length, content_hash: sha256(bytes), public_url: null });

    const download = await api.post(`/v1/surveys/${surveyId}/files/${file.id}/download-url`);
    expect(download.status).toBe(200);
    expect(download.body.data.expires_at).not.toBeNull();
    const served = await readBytes(download.body.data.url);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get("content-type")).toBe(file.content_type);
    expect(served.headers.get("content-disposition")).toContain("attachment");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");

    // Without the signature the private object is not served.
    const unsigned = await send(download.body.data.url.split("?")[0]);
    expect(unsigned.status).toBe(403);

    expect((await api.get(`/v1/surveys/${surveyId}/files/${file.id}`)).body.data.status).toBe("ready");
    const [createdEvent] = await eventsOf(workspace.id, "file.created");
    expect(createdEvent.data).toMatchObject({ file: { id: file.id, status: "pending" } });
    const [updatedEvent] = await eventsOf(workspace.id, "file.updated");
    expect(updatedEvent.data).toMatchObject({ file: { id: file.id, status: "ready" }, changed: expect.arrayContaining(["status", "size_bytes", "content_hash"]) });
  });

  it("fills size and hash from the stored bytes when the client sends only status=ready", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    expect(created.body.data).toMatchObject({ name: "untitled", content_type: "application/octet-stream" });
    await upload(created.body.upload, "plain text questionnaire");
    const ready = await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready" });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: "ready", size_bytes: 24, content_hash: sha256("plain text questionnaire") });
  });

  it("refuses ready before the bytes arrive, with a wrong size, a wrong hash or a malformed hash; the file stays pending", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, { name: "q.pdf", content_type: "application/pdf" });
    const path = `/v1/surveys/${surveyId}/files/${created.body.data.id}`;

    const early = await api.patch(path, { status: "ready" });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ error: "validation_error", details: [{ path: "body.status" }] });
    expect(early.body.message).toMatch(/bytes have not arrived/);

    const bytes = Buffer.from("%PDF-1.7 questionnaire");
    await upload(created.body.upload, bytes);

    const wrongSize = await api.patch(path, { status: "ready", size_bytes: bytes.length + 1, content_hash: sha256(bytes) });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body).toMatchObject({ error: "validation_error", details: [{ path: "body.size_bytes" }] });

    const wrongHash = await api.patch(path, { status: "ready", size_bytes: bytes.length, content_hash: sha256("something else") });
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.body).toMatchObject({ error: "validation_error", details: [{ path: "body.content_hash" }] });

    for (const content_hash of ["ABC", sha256(bytes).toUpperCase(), `${sha256(bytes)}0`, "g".repeat(64)]) {
      const badPattern = await api.patch(path, { status: "ready", content_hash });
      expect(badPattern.status, content_hash).toBe(400);
      expect(badPattern.body.details).toEqual([expect.objectContaining({ path: "body.content_hash" })]);
    }
    expect((await api.get(path)).body.data.status).toBe("pending");

    expect((await api.patch(path, { status: "ready", size_bytes: bytes.length, content_hash: sha256(bytes) })).status).toBe(200);
  });

  it("checks the size and hash declared earlier (on create or while pending) when ready omits them", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, { size_bytes: 5 });
    const path = `/v1/surveys/${surveyId}/files/${created.body.data.id}`;
    expect(created.body.data.size_bytes).toBe(5);
    const declared = await api.patch(path, { content_hash: sha256("hello") });
    expect(declared.body.data).toMatchObject({ status: "pending", content_hash: sha256("hello") });
    await upload(created.body.upload, "HELLO");
    const refused = await api.patch(path, { status: "ready" });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: "body.content_hash" })]);
  });

  it("refuses a tampered or expired upload URL with 403 and stores nothing", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const url = new URL(created.body.upload.url);

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[^/]+$/, "other.bin");
    const signature = url.searchParams.get("signature")!;
    const badSignature = new URL(url);
    badSignature.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`);
    const laterExpiry = new URL(url);
    laterExpiry.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const expired = new URL(url);
    expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 1));
    const unsigned = new URL(url);
    unsigned.search = "";

    for (const [label, target] of [["other key", otherKey], ["signature", badSignature], ["expiry", laterExpiry], ["expired", expired], ["unsigned", unsigned]] as const) {
      const response = await upload({ ...created.body.upload, url: target.toString() }, "bytes");
      expect(response.status, label).toBe(403);
      expect((await response.json()).error).toBe("forbidden");
    }
    expect(await storage().head({ key: created.body.data.storage_key, visibility: "private" })).toBeNull();
  });

  it("refuses a URL signed for a time already past with 403 expired", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const { signObjectUrl } = await import("@/lib/storage/signing");
    const { expires, signature } = signObjectUrl("PUT", { key: created.body.data.storage_key, visibility: "private" }, new Date(Date.now() - 1000));
    const url = new URL(created.body.upload.url);
    url.search = new URLSearchParams({ expires, signature }).toString();
    const response = await upload({ ...created.body.upload, url: url.toString() }, "bytes");
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/expired/);
  });

  it("refuses an upload over 100 MiB with 413 payload_too_large, declared or streamed", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const declared = await send(created.body.upload.url, { method: "PUT", headers: { "content-length": String(UPLOAD_MAX_BYTES + 1) }, body: "x" });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe("payload_too_large");

    // No length up front: the bytes are counted as they stream in.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 101) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const streamed = await request("PUT", created.body.upload.url, { rawBody: body });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error).toBe("payload_too_large");
    expect(await storage().head({ key: created.body.data.storage_key, visibility: "private" })).toBeNull();
  });

  it("writes bytes once: a second upload, or one after ready, is refused with 409", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    expect((await upload(created.body.upload, "first")).status).toBe(200);
    expect((await upload(created.body.upload, "second")).status).toBe(409);
    await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready" });
    expect((await upload(created.body.upload, "third")).status).toBe(409);
    const download = await api.post(`/v1/surveys/${surveyId}/files/${created.body.data.id}/download-url`);
    expect((await readBytes(download.body.data.url)).bytes.toString()).toBe("first");
  });

  it("gives a public file a working permanent public_url once it is ready, served without a signature", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, { name: "logo.png", content_type: "image/png", visibility: "public" });
    expect(created.body.data).toMatchObject({ visibility: "public", public_url: null });
    expect(created.body.upload.url).toContain("/v1/_dev/objects/public/");
    const bytes = randomBytes(4096);
    await upload(created.body.upload, bytes);
    const stableUrl = `http://localhost/v1/_dev/objects/public/${created.body.data.storage_key}`;
    expect((await send(stableUrl)).status).toBe(404); // not before ready

    const ready = await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready", size_bytes: 4096 });
    expect(ready.body.data.public_url).toBe(stableUrl);
    const served = await readBytes(ready.body.data.public_url);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("public");
    expect(served.headers.get("etag")).toBe(`"${sha256(bytes)}"`);

    const download = await api.post(`/v1/surveys/${surveyId}/files/${created.body.data.id}/download-url`);
    expect(download.body.data).toEqual({ url: stableUrl, expires_at: null });
    // The same key under the other visibility is not an object.
    expect((await send(stableUrl.replace("/public/", "/private/"))).status).toBe(403);
  });

  it("uses APP_BASE_URL for upload and public URLs when it is set", async () => {
    const { resetEnvForTests } = await import("@/lib/env");
    process.env.APP_BASE_URL = "https://surveys.example.com/";
    resetEnvForTests();
    try {
      const { api } = await createTenant();
      const surveyId = await createSurvey(api);
      const created = await api.post(`/v1/surveys/${surveyId}/files`, { visibility: "public" });
      expect(created.body.upload.url).toMatch(/^https:\/\/surveys\.example\.com\/v1\/_dev\/objects\/public\//);
    } finally {
      delete process.env.APP_BASE_URL;
      resetEnvForTests();
    }
  });

  it("keeps visibility fixed and sends hosting changes to move", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const path = `/v1/surveys/${surveyId}/files/${created.body.data.id}`;
    const visibility = await api.patch(path, { visibility: "public" });
    expect(visibility.status).toBe(400);
    expect(visibility.body.details).toEqual([expect.objectContaining({ path: "body.visibility", message: expect.stringMatching(/cannot be changed/) })]);
    const hosting = await api.patch(path, { hosting: "platform" });
    expect(hosting.body.details).toEqual([expect.objectContaining({ path: "body.hosting", message: expect.stringMatching(/files\/move/) })]);
    const renamed = await api.patch(path, { name: "Renamed.pdf" });
    expect(renamed.body.data).toMatchObject({ name: "Renamed.pdf", visibility: "private", hosting: "service" });
  });

  it("moves between failed and pending, and keeps a ready file's status, size and hash final", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const path = `/v1/surveys/${surveyId}/files/${created.body.data.id}`;
    expect((await api.patch(path, { status: "failed" })).body.data.status).toBe("failed");
    expect((await api.patch(path, { status: "pending" })).body.data.status).toBe("pending");
    await upload(created.body.upload, "abc");
    expect((await api.patch(path, { status: "ready" })).body.data.status).toBe("ready");
    expect((await api.patch(path, { status: "ready" })).status).toBe(200);
    expect((await api.patch(path, { status: "failed" })).status).toBe(400);
    expect((await api.patch(path, { size_bytes: 4 })).status).toBe(400);
    expect((await api.patch(path, { size_bytes: 3, content_hash: sha256("abc") })).status).toBe(200);
  });

  it("picks hosting from the workspace default, and platform for reserved sidecar files", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    expect((await api.post(`/v1/surveys/${surveyId}/files`, {})).body.data.hosting).toBe("service");
    const reserved = await api.post(`/v1/surveys/${surveyId}/files`, { name: "quotas.xlsx", reserved_type: "quota_spreadsheet" });
    expect(reserved.body.data).toMatchObject({ hosting: "platform", reserved_type: "quota_spreadsheet" });
    const unknown = await api.post(`/v1/surveys/${surveyId}/files`, { reserved_type: "wallpaper" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: "body.reserved_type" })]);

    await api.patch("/v1/settings/programming", { default_file_hosting: "platform_native" });
    expect((await api.post(`/v1/surveys/${surveyId}/files`, {})).body.data.hosting).toBe("platform");
  });

  it("takes the content type from the file name when the client sends none", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    for (const [name, type] of [
      ["Questionnaire v2.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["q.PDF", "application/pdf"],
      ["notes.txt", "text/plain"],
      ["survey.md", "text/markdown"],
      ["logo.png", "image/png"],
      ["no-extension", "application/octet-stream"],
      ["archive.unknownext", "application/octet-stream"],
    ] as const) {
      const created = await api.post(`/v1/surveys/${surveyId}/files`, { name });
      expect(created.status).toBe(201);
      expect(created.body.data.content_type, name).toBe(type);
      expect(created.body.upload.headers["content-type"]).toBe(type);
    }
    // What the client says wins.
    expect((await api.post(`/v1/surveys/${surveyId}/files`, { name: "q.pdf", content_type: "application/x-custom" })).body.data.content_type).toBe("application/x-custom");
  });

  it("validates the create input: content type, name, visibility and size", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    for (const [body, path] of [
      [{ content_type: "pdf" }, "body.content_type"],
      // A line break in the media type would end up in the download's Content-Type header (a 500 before).
      [{ content_type: "text/plain\r\n; x=1" }, "body.content_type"],
      [{ content_type: "text/plain; charset=utf-8\r\nX-Injected: 1" }, "body.content_type"],
      [{ content_type: "text/plain;\nx=1" }, "body.content_type"],
      [{ name: "" }, "body.name"],
      [{ name: "a\u0000b" }, "body.name"],
      [{ visibility: "secret" }, "body.visibility"],
      [{ size_bytes: -1 }, "body.size_bytes"],
      [{ size_bytes: UPLOAD_MAX_BYTES + 1 }, "body.size_bytes"],
    ] as const) {
      const response = await api.post(`/v1/surveys/${surveyId}/files`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details).toEqual([expect.objectContaining({ path })]);
    }
  });

  it("refuses a download URL for a file that is not ready with 409 file_not_ready", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const created = await api.post(`/v1/surveys/${surveyId}/files`, {});
    const response = await api.post(`/v1/surveys/${surveyId}/files/${created.body.data.id}/download-url`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: "file_not_ready", file_id: created.body.data.id, status: "pending" });
  });

  it("lists files newest first with cursor pagination and a status filter", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await api.post(`/v1/surveys/${surveyId}/files`, { name: `f${index}` })).body.data.id);
    await createReadyFile(api, surveyId, "ready one");
    const first = await api.get(`/v1/surveys/${surveyId}/files?limit=4`);
    expect(first.body.data).toHaveLength(4);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await api.get(`/v1/surveys/${surveyId}/files?limit=4&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const all = [...first.body.data, ...second.body.data].map((file: { id: string }) => file.id);
    expect(all.slice(1)).toEqual([...ids].reverse());
    const ready = await api.get(`/v1/surveys/${surveyId}/files?status=ready`);
    expect(ready.body.data.map((file: { status: string }) => file.status)).toEqual(["ready"]);
  });

  it("hides another workspace's files as 404 and tells a missing survey from a missing file", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const surveyId = await createSurvey(owner.api);
    const file = await createReadyFile(owner.api, surveyId, "secret");
    const path = `/v1/surveys/${surveyId}/files/${file.id}`;
    for (const response of [
      await stranger.api.get(path),
      await stranger.api.patch(path, { name: "x" }),
      await stranger.api.delete(path),
      await stranger.api.post(`${path}/download-url`),
      await stranger.api.get(`/v1/surveys/${surveyId}/files`),
      await stranger.api.post(`/v1/surveys/${surveyId}/files`, {}),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.resource).toBe("survey");
    }
    const missing = await owner.api.get(`/v1/surveys/${surveyId}/files/00000000-0000-7000-8000-000000000000`);
    expect(missing.body).toMatchObject({ error: "not_found", resource: "file" });
  });
});

describe("moving files between hostings", () => {
  it("moves selected or all files, warns that the survey content needs an update, and records file.updated", async () => {
    const { api, workspace } = await createTenant();
    const surveyId = await createSurvey(api);
    const a = (await api.post(`/v1/surveys/${surveyId}/files`, { name: "a" })).body.data.id;
    const b = (await api.post(`/v1/surveys/${surveyId}/files`, { name: "b" })).body.data.id;

    const one = await api.post(`/v1/surveys/${surveyId}/files/move`, { file_ids: [a], hosting: "platform" });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual([expect.objectContaining({ id: a, hosting: "platform" })]);
    expect(one.body.warnings).toEqual([{ code: "survey_content_update_required", message: expect.stringMatching(/not rewritten/) }]);

    const all = await api.post(`/v1/surveys/${surveyId}/files/move`, { select_all: true, hosting: "platform" });
    expect(all.body.data.map((file: { id: string; hosting: string }) => [file.id, file.hosting])).toEqual([
      [b, "platform"],
      [a, "platform"],
    ]);
    expect(all.body.warnings[0].message).toMatch(/^1 file now uses platform hosting/);

    const nothing = await api.post(`/v1/surveys/${surveyId}/files/move`, { select_all: true, hosting: "platform" });
    expect(nothing.body.warnings).toEqual([]);
    const events = await eventsOf(workspace.id, "file.updated");
    expect(events.map((event) => (event.data as { changed: string[] }).changed)).toEqual([["hosting"], ["hosting"]]);
  });

  it("refuses an unknown file id without moving anything, and a body with both or neither selector", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const a = (await api.post(`/v1/surveys/${surveyId}/files`, {})).body.data.id;
    const unknown = await api.post(`/v1/surveys/${surveyId}/files/move`, { file_ids: [a, "00000000-0000-7000-8000-000000000000"], hosting: "platform" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ resource: "file", file_id: "00000000-0000-7000-8000-000000000000" });
    expect((await api.get(`/v1/surveys/${surveyId}/files/${a}`)).body.data.hosting).toBe("service");
    expect((await api.post(`/v1/surveys/${surveyId}/files/move`, { hosting: "platform" })).status).toBe(400);
    expect((await api.post(`/v1/surveys/${surveyId}/files/move`, { file_ids: [a], select_all: true, hosting: "platform" })).status).toBe(400);
  });
});

describe("deleting files and surveys", () => {
  it("deletes a file with its stored object and records file.deleted", async () => {
    const { api, workspace } = await createTenant();
    const surveyId = await createSurvey(api);
    const file = await createReadyFile(api, surveyId, "to delete");
    const ref = { key: file.storage_key, visibility: "private" as const };
    expect(await storage().head(ref)).not.toBeNull();
    expect((await api.delete(`/v1/surveys/${surveyId}/files/${file.id}`)).status).toBe(204);
    expect(await storage().head(ref)).toBeNull();
    expect((await api.get(`/v1/surveys/${surveyId}/files/${file.id}`)).status).toBe(404);
    const [event] = await eventsOf(workspace.id, "file.deleted");
    expect(event.data).toMatchObject({ file: { id: file.id }, removed_revisions: [] });
  });

  it("deleting a survey removes its files' stored objects too", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const keep = await createReadyFile(api, await createSurvey(api, "other"), "other survey");
    const refs = [
      await createReadyFile(api, surveyId, "one"),
      await createReadyFile(api, surveyId, "two", { visibility: "public" }),
    ].map((file) => ({ key: file.storage_key, visibility: file.visibility as "private" | "public" }));
    const pending = (await api.post(`/v1/surveys/${surveyId}/files`, {})).body;
    await upload(pending.upload, "never marked ready");
    refs.push({ key: pending.data.storage_key, visibility: "private" });
    await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: (await api.get(`/v1/surveys/${surveyId}/files?status=ready`)).body.data[0].id });

    expect((await api.delete(`/v1/surveys/${surveyId}`)).status).toBe(204);
    for (const ref of refs) expect(await storage().head(ref), ref.key).toBeNull();
    expect(await storage().head({ key: keep.storage_key, visibility: "private" })).not.toBeNull();
    expect(await (await db()).surveyFile.count({ where: { surveyId } })).toBe(0);
    expect(await (await db()).questionnaireRevision.count({ where: { surveyId } })).toBe(0);
  });
});
