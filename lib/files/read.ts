import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import type { SurveyFile } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { storage, UPLOAD_MAX_BYTES } from "@/lib/storage";
import { fileNotReady, fileObjectRef } from "./service";

/**
 * Reading a ready file's bytes on the server (the programming and clarification workflows read the
 * questionnaire this way). Both functions check the workspace and that the file is `ready`.
 */

async function readyFile(workspaceId: string, fileId: string): Promise<SurveyFile> {
  const file = await (await db()).surveyFile.findFirst({ where: { id: fileId, workspaceId } });
  if (!file) throw notFound("file", { file_id: fileId });
  if (file.status !== "ready") throw fileNotReady(file);
  return file;
}

/** The stored bytes as a stream (for large files or piping). */
export async function openFileStream(workspaceId: string, fileId: string): Promise<{ file: SurveyFile; stream: ReadableStream<Uint8Array> }> {
  const file = await readyFile(workspaceId, fileId);
  const stream = await storage().read(fileObjectRef(file));
  if (!stream) throw new Error(`The stored bytes of ready file ${file.id} (${file.storageKey}) are missing`);
  return { file, stream };
}

/**
 * All of a ready file's bytes in memory, checked against the size and SHA-256 verified when it became
 * ready, so a workflow never processes bytes other than the ones the questionnaire revision asserted.
 */
export async function readFileBytes(workspaceId: string, fileId: string): Promise<{ file: SurveyFile; bytes: Buffer }> {
  const { file, stream } = await openFileStream(workspaceId, fileId);
  const chunks: Uint8Array[] = [];
  const hash = createHash("sha256");
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > UPLOAD_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`Stored file ${file.id} is larger than the upload limit`);
    }
    hash.update(value);
    chunks.push(value);
  }
  const digest = hash.digest("hex");
  if ((file.sizeBytes !== null && size !== file.sizeBytes) || (file.contentHash !== null && digest !== file.contentHash)) {
    throw new Error(`The stored bytes of file ${file.id} no longer match its recorded size and SHA-256`);
  }
  return { file, bytes: Buffer.concat(chunks) };
}
