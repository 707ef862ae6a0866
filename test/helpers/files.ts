import { createHash } from "node:crypto";
import { dispatch, type client } from "./api";

/** Helpers for the upload flow: the upload URL is absolute; in-process routes answer for `localhost`. */

type Api = ReturnType<typeof client>;
type Upload = { url: string; method: string; headers: Record<string, string> };

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

function isInProcess(url: string): boolean {
  return new URL(url).hostname === "localhost";
}

/** Sends a request to an absolute URL: into the route handlers for this app's own URLs, over HTTP otherwise. */
export async function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string } = {}): Promise<Response> {
  if (isInProcess(url)) return dispatch(init.method ?? "GET", url, { headers: init.headers, rawBody: init.body });
  return fetch(url, { method: init.method ?? "GET", headers: init.headers, body: init.body as BodyInit | undefined });
}

export async function upload(instructions: Upload, bytes: Uint8Array | string): Promise<Response> {
  return send(instructions.url, { method: instructions.method, headers: instructions.headers, body: bytes });
}

export async function readBytes(url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await send(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

/** Creates a file, uploads `bytes` and marks it ready with its size and hash. */
export async function createReadyFile(api: Api, surveyId: string, bytes: Uint8Array | string, body: Record<string, unknown> = {}) {
  const created = await api.post(`/v1/surveys/${surveyId}/files`, { name: "questionnaire.docx", ...body });
  if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
  const uploaded = await upload(created.body.upload, bytes);
  if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const size = typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.byteLength;
  const ready = await api.patch(`/v1/surveys/${surveyId}/files/${created.body.data.id}`, { status: "ready", size_bytes: size, content_hash: sha256(bytes) });
  if (ready.status !== 200) throw new Error(`ready failed: ${ready.text}`);
  return ready.body.data as { id: string; public_url: string | null; storage_key: string; [field: string]: unknown };
}

export async function createSurvey(api: Api, slug = "wave-1"): Promise<string> {
  const created = await api.post("/v1/surveys", { slug, name: slug });
  if (created.status !== 201) throw new Error(`survey create failed: ${created.text}`);
  return created.body.data.id;
}
