import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { FileHosting, Prisma, SurveyFile } from "@/lib/generated/prisma/client";
import { ApiError, notFound, type ValidationDetail } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newUuidV7 } from "@/lib/ids";
import { serializeRevisionTip } from "@/lib/questionnaire-revisions/serialize";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { SIGNED_URL_TTL_MS, storage, UPLOAD_MAX_BYTES, type ObjectRef, type StoredObject } from "@/lib/storage";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { mediaTypeOf } from "./formats";
import { deleteStoredObjects } from "./objects";
import { RESERVED_TYPES } from "./reserved-types";
import type {
  TSurveyFile,
  ZCreateSurveyFileBody,
  ZListFilesQuery,
  ZMoveFilesBody,
  ZUpdateSurveyFileBody,
} from "./schemas";

/**
 * Survey files (interface "P: survey file", DESIGN §6). The row is created `pending` with an upload URL;
 * the client PUTs the bytes straight to storage and then PATCHes `status=ready`, which re-reads what is
 * stored and checks it against the declared size and hash. Storage calls (network or disk) always run
 * outside database transactions.
 */

export const DEFAULT_FILE_NAME = "untitled";
export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function serializeFile(file: SurveyFile): TSurveyFile {
  return {
    id: file.id,
    // P reads files through their survey; an O upload without a survey is not a P file until it joins one.
    survey_id: file.surveyId!,
    name: file.name,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    storage_key: file.storageKey,
    status: file.status,
    visibility: file.visibility,
    hosting: file.hosting,
    upstream_path: file.upstreamPath,
    content_hash: file.contentHash,
    public_url: file.status === "ready" ? file.publicUrl : null,
    upstream_only: file.upstreamOnly,
    reserved_type: file.reservedType,
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
  };
}

export function fileObjectRef(file: Pick<SurveyFile, "storageKey" | "visibility">): ObjectRef {
  return { key: file.storageKey, visibility: file.visibility };
}

/**
 * `surveys/<surveyId>/<fileId>/<safe name>` (`files/<fileId>/<safe name>` for an O upload without a
 * survey): unique per file, readable in a bucket listing, safe as a path.
 */
export function storageKeyFor(surveyId: string | null, fileId: string, name: string): string {
  const safe =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^[^A-Za-z0-9]+/, "")
      .slice(0, 100) || "file";
  return surveyId ? `surveys/${surveyId}/${fileId}/${safe}` : `files/${fileId}/${safe}`;
}

/** The file of this survey in this workspace; a missing survey and a missing file are told apart. */
export async function getFileOrThrow(workspaceId: string, surveyId: string, fileId: string): Promise<SurveyFile> {
  const file = await (await db()).surveyFile.findFirst({ where: { id: fileId, surveyId, workspaceId } });
  if (file) return file;
  await getSurveyOrThrow(workspaceId, surveyId);
  throw notFound("file", { file_id: fileId });
}

export async function listFiles(workspaceId: string, surveyId: string, query: z.output<typeof ZListFilesQuery>) {
  await getSurveyOrThrow(workspaceId, surveyId);
  const args = pageArgs(query);
  const rows = await (await db()).surveyFile.findMany({
    ...args,
    where: { ...args.where, workspaceId, surveyId, ...(query.status ? { status: query.status } : {}) },
  });
  return toPage(rows, query.limit, serializeFile);
}

export async function createFile(auth: AuthContext, surveyId: string, input: z.output<typeof ZCreateSurveyFileBody>, baseUrl: string) {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  const settings = await getWorkspaceSettings(auth.workspaceId);
  const reservedType = input.reserved_type ?? null;
  // Reserved sidecar files always prefer the platform (interface "P: survey file"); others follow the workspace.
  const hosting: FileHosting = reservedType && reservedType in RESERVED_TYPES ? "platform" : settings.defaultFileHosting === "platform_native" ? "platform" : "service";
  const id = newUuidV7();
  const name = input.name ?? DEFAULT_FILE_NAME;
  const contentType = input.content_type ?? mediaTypeOf(name) ?? DEFAULT_CONTENT_TYPE;
  const storageKey = storageKeyFor(surveyId, id, name);
  const upload = await storage().createUploadUrl(
    { key: storageKey, visibility: input.visibility },
    { baseUrl, expiresAt: new Date(Date.now() + SIGNED_URL_TTL_MS), contentType, maxBytes: UPLOAD_MAX_BYTES },
  );
  const data = await (await db()).$transaction(async (tx) => {
    const file = await tx.surveyFile.create({
      data: {
        id,
        workspaceId: auth.workspaceId,
        surveyId,
        name,
        contentType,
        sizeBytes: input.size_bytes ?? null,
        storageKey,
        visibility: input.visibility,
        hosting,
        reservedType,
        createdBy: auth.subject,
      },
    });
    const serialized = serializeFile(file);
    await recordEvent(tx, auth.workspaceId, "file.created", { file: serialized });
    return serialized;
  });
  return {
    data,
    upload: {
      url: upload.url,
      method: upload.method,
      headers: upload.headers,
      expires_at: upload.expiresAt.toISOString(),
      max_size_bytes: UPLOAD_MAX_BYTES,
    },
  };
}

type UpdateInput = z.output<typeof ZUpdateSurveyFileBody>;

function refuse(message: string, details: ValidationDetail[]): ApiError {
  return new ApiError("validation_error", message, { details });
}

/** The checks of `status=ready` (DESIGN §6, "Upload verification"), against what storage really holds. */
function verifyStoredBytes(file: SurveyFile, input: UpdateInput, stored: StoredObject | null): void {
  if (!stored) {
    throw refuse("The file's bytes have not arrived: PUT them to the upload URL before marking the file ready.", [
      { path: "body.status", message: "no bytes are stored for this file yet" },
    ]);
  }
  const expectedSize = input.size_bytes !== undefined ? input.size_bytes : file.sizeBytes;
  const expectedHash = input.content_hash !== undefined ? input.content_hash : file.contentHash;
  const problems: ValidationDetail[] = [];
  if (expectedSize !== null && expectedSize !== stored.size) {
    problems.push({ path: "body.size_bytes", message: `the stored file has ${stored.size} bytes, not ${expectedSize}` });
  }
  if (expectedHash !== null && expectedHash !== stored.sha256) {
    problems.push({ path: "body.content_hash", message: `the stored file's SHA-256 is ${stored.sha256}, not ${expectedHash}` });
  }
  if (problems.length > 0) {
    throw refuse("The uploaded bytes do not match the declared size or hash; the file stays pending.", problems);
  }
}

/** PATCH: rename, declare the expected size/hash, mark `ready` (verified) or `failed`. */
export async function updateFile(auth: AuthContext, surveyId: string, fileId: string, input: UpdateInput, baseUrl: string): Promise<TSurveyFile> {
  const file = await getFileOrThrow(auth.workspaceId, surveyId, fileId);
  const target = input.status ?? file.status;
  const becomingReady = target === "ready" && file.status !== "ready";

  if (file.status === "ready") {
    if (target !== "ready") {
      throw refuse("A ready file's status cannot change; delete it or create a new file.", [{ path: "body.status", message: `the file is ready` }]);
    }
    const facts: ValidationDetail[] = [];
    if (input.size_bytes !== undefined && input.size_bytes !== file.sizeBytes) facts.push({ path: "body.size_bytes", message: `the stored size is ${file.sizeBytes}` });
    if (input.content_hash !== undefined && input.content_hash !== file.contentHash) facts.push({ path: "body.content_hash", message: `the stored hash is ${file.contentHash}` });
    if (facts.length > 0) throw refuse("A ready file's size and hash are those of its stored bytes and cannot change.", facts);
  }

  let stored: StoredObject | null = null;
  let publicUrl: string | null = file.publicUrl;
  if (becomingReady) {
    const ref = fileObjectRef(file);
    stored = await storage().head(ref);
    verifyStoredBytes(file, input, stored);
    if (file.visibility === "public") publicUrl = await storage().publicUrl(ref, { baseUrl });
  }

  const data: Prisma.SurveyFileUpdateInput = {
    name: input.name,
    status: target,
    sizeBytes: stored ? stored.size : file.status === "ready" ? undefined : input.size_bytes,
    contentHash: stored ? stored.sha256 : file.status === "ready" ? undefined : input.content_hash,
    publicUrl,
  };
  const changed = (
    [
      ["name", data.name, file.name],
      ["status", data.status, file.status],
      ["size_bytes", data.sizeBytes, file.sizeBytes],
      ["content_hash", data.contentHash, file.contentHash],
      ["public_url", data.publicUrl, file.publicUrl],
    ] as const
  )
    .filter(([, next, previous]) => next !== undefined && next !== previous)
    .map(([field]) => field);
  if (changed.length === 0) return serializeFile(file);

  return (await db()).$transaction(async (tx) => {
    const current = await tx.surveyFile.findFirst({ where: { id: fileId, workspaceId: auth.workspaceId } });
    if (!current) throw notFound("file", { file_id: fileId });
    if (current.status !== file.status) {
      // Someone else changed the status meanwhile; a second identical "ready" is simply done.
      if (current.status === "ready" && becomingReady) return serializeFile(current);
      throw new ApiError("conflict", "The file changed while this request ran; read it again and retry.", { file_id: fileId });
    }
    const updated = await tx.surveyFile.update({ where: { id: fileId }, data });
    const serialized = serializeFile(updated);
    await recordEvent(tx, auth.workspaceId, "file.updated", { file: serialized, changed: changed.filter((field) => field !== "public_url") });
    return serialized;
  });
}

export async function createDownloadUrl(workspaceId: string, surveyId: string, fileId: string, baseUrl: string) {
  const file = await getFileOrThrow(workspaceId, surveyId, fileId);
  if (file.status !== "ready") throw fileNotReady(file);
  const ref = fileObjectRef(file);
  if (file.visibility === "public") {
    return { url: file.publicUrl ?? (await storage().publicUrl(ref, { baseUrl })), expires_at: null };
  }
  const signed = await storage().createDownloadUrl(ref, { baseUrl, expiresAt: new Date(Date.now() + SIGNED_URL_TTL_MS) });
  return { url: signed.url, expires_at: signed.expiresAt.toISOString() };
}

export function fileNotReady(file: Pick<SurveyFile, "id" | "status">, message?: string): ApiError {
  return new ApiError(
    "file_not_ready",
    message ?? `File ${file.id} is ${file.status}, not ready: upload its bytes and PATCH it with status=ready first.`,
    { file_id: file.id, status: file.status },
  );
}

export const SURVEY_CONTENT_UPDATE_REQUIRED = "survey_content_update_required";

/** Moves files between `service` and `platform` hosting; the survey document is not rewritten. */
export async function moveFiles(auth: AuthContext, surveyId: string, input: z.output<typeof ZMoveFilesBody>) {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  const { files, moved } = await (await db()).$transaction(async (tx) => {
    const where = { workspaceId: auth.workspaceId, surveyId };
    const selected = input.select_all
      ? await tx.surveyFile.findMany({ where, orderBy: { id: "desc" } })
      : await tx.surveyFile.findMany({ where: { ...where, id: { in: input.file_ids ?? [] } }, orderBy: { id: "desc" } });
    if (!input.select_all) {
      const found = new Set(selected.map((file) => file.id));
      const missing = [...new Set(input.file_ids ?? [])].filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new ApiError("not_found", `No file ${missing.join(", ")} in this survey; nothing was moved.`, { resource: "file", file_id: missing[0] });
      }
    }
    const result: SurveyFile[] = [];
    let movedCount = 0;
    for (const file of selected) {
      if (file.hosting === input.hosting) {
        result.push(file);
        continue;
      }
      const updated = await tx.surveyFile.update({ where: { id: file.id }, data: { hosting: input.hosting } });
      await recordEvent(tx, auth.workspaceId, "file.updated", { file: serializeFile(updated), changed: ["hosting"] });
      result.push(updated);
      movedCount += 1;
    }
    return { files: result, moved: movedCount };
  });
  const warnings =
    moved > 0
      ? [
          {
            code: SURVEY_CONTENT_UPDATE_REQUIRED,
            message:
              `${moved} file${moved === 1 ? "" : "s"} now use${moved === 1 ? "s" : ""} ${input.hosting} hosting. The survey content is not rewritten: ` +
              "references to these files in the programmed survey still point to the old location until the content is updated (edit it or program the survey again).",
          },
        ]
      : [];
  return { data: files.map(serializeFile), warnings };
}

/**
 * Deletes a file: refused with 409 `file_in_use` while questionnaire revisions reference it, unless
 * `force`, which removes those revisions first in the same transaction. The stored object is removed
 * after the commit; if that fails it is logged, and the database change stands.
 */
export async function deleteFile(auth: AuthContext, surveyId: string, fileId: string, force: boolean): Promise<void> {
  const deleted = await (await db()).$transaction(async (tx) => {
    // Lock the row first so a concurrent questionnaire PUT (which takes FOR SHARE) serializes with us.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "survey_files" WHERE "id" = ${fileId} AND "survey_id" = ${surveyId} AND "workspace_id" = ${auth.workspaceId} FOR UPDATE`;
    if (locked.length === 0) {
      const survey = await tx.survey.findFirst({ where: { id: surveyId, workspaceId: auth.workspaceId }, select: { id: true } });
      throw survey ? notFound("file", { file_id: fileId }) : notFound("survey");
    }
    const file = await tx.surveyFile.findUniqueOrThrow({ where: { id: fileId } });
    const references = await tx.questionnaireRevision.findMany({ where: { fileId }, select: { revision: true }, orderBy: { revision: "asc" } });
    const revisions = references.map((reference) => reference.revision);
    if (revisions.length > 0 && !force) {
      throw new ApiError(
        "file_in_use",
        `File ${fileId} is the questionnaire of revision${revisions.length === 1 ? "" : "s"} ${revisions.join(", ")}. ` +
          "Delete with force=true to remove those revisions together with the file.",
        { file_id: fileId, revisions },
      );
    }
    if (revisions.length > 0) {
      await tx.questionnaireRevision.deleteMany({ where: { fileId } });
      await recordEvent(tx, auth.workspaceId, "questionnaire.updated", {
        survey_id: surveyId,
        change: "revisions_removed",
        revisions,
        questionnaire_revision: await serializeRevisionTip(tx, surveyId),
      });
    }
    await tx.surveyFile.delete({ where: { id: fileId } });
    await recordEvent(tx, auth.workspaceId, "file.deleted", { file: serializeFile(file), removed_revisions: revisions });
    return file;
  });
  await deleteStoredObjects([fileObjectRef(deleted)]);
}
