import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { SurveyFile } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { newUuidV7 } from "@/lib/ids";
import { log } from "@/lib/log";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { storage, UPLOAD_MAX_BYTES } from "@/lib/storage";
import { getOrgSurveyOrThrow } from "@/lib/surveys/o-service";
import { cachedExtraction, extractAndStore, type Extraction } from "./extraction";
import { mediaTypeOf } from "./formats";
import { deleteStoredObjects } from "./objects";
import type { TOUploadedFile, ZOUploadForm } from "./o-schemas";
import { DEFAULT_CONTENT_TYPE, DEFAULT_FILE_NAME, serializeFile, storageKeyFor } from "./service";

/**
 * Interface O's `POST /files`: the bytes arrive in the request (multipart), are stored, become a ready
 * file at once (size and SHA-256 computed here) and are read as a questionnaire once; the extraction is
 * kept (`ai_file_id`) and reused by programming. A file uploaded with a survey is one of its P files too.
 */

export function serializeUploadedFile(file: SurveyFile, organizationId: string, extraction: Extraction | null): TOUploadedFile {
  return {
    id: file.id,
    created_at: file.createdAt.toISOString(),
    name: file.name,
    mime_type: file.contentType,
    org_id: organizationId,
    workspace_id: file.workspaceId,
    survey_id: file.surveyId,
    size_bytes: file.sizeBytes ?? 0,
    content_hash: file.contentHash ?? "",
    ai_file_id: extraction?.status === "ready" ? extraction.id : null,
    ai_file_error: extraction?.status === "failed" ? extraction.error : null,
  };
}

export async function uploadFile(auth: AuthContext, form: z.output<typeof ZOUploadForm>): Promise<TOUploadedFile> {
  const upload = form.file;
  if (upload.size > UPLOAD_MAX_BYTES) throw new ApiError("payload_too_large", `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB.`);
  const survey = form.survey_id ? await getOrgSurveyOrThrow(auth, form.survey_id) : null;
  const workspaceId = survey?.workspaceId ?? auth.workspaceId;
  const settings = await getWorkspaceSettings(workspaceId);
  const id = newUuidV7();
  const name = upload.name.trim().slice(0, 255) || DEFAULT_FILE_NAME;
  // curl -F sends application/octet-stream for a .docx or .md: name the known questionnaire formats properly.
  const contentType = upload.type && upload.type !== DEFAULT_CONTENT_TYPE ? upload.type : (mediaTypeOf(name) ?? DEFAULT_CONTENT_TYPE);
  const ref = { key: storageKeyFor(survey?.id ?? null, id, name), visibility: "private" as const };
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const stored = await storage().put(ref, bytes, { contentType });
  let file: SurveyFile;
  try {
    file = await (await db()).$transaction(async (tx) => {
      const created = await tx.surveyFile.create({
        data: {
          id,
          workspaceId,
          surveyId: survey?.id ?? null,
          name,
          contentType,
          sizeBytes: stored.size,
          contentHash: stored.sha256,
          storageKey: ref.key,
          status: "ready",
          visibility: "private",
          hosting: settings.defaultFileHosting === "platform_native" ? "platform" : "service",
          createdBy: auth.subject,
        },
      });
      if (created.surveyId) await recordEvent(tx, workspaceId, "file.created", { file: serializeFile(created) });
      return created;
    });
  } catch (error) {
    await deleteStoredObjects([ref]);
    throw error;
  }
  let extraction: Extraction | null = null;
  try {
    extraction = await extractAndStore(file, bytes);
  } catch (error) {
    // An extractor fault (not a problem of the document): programming extracts again later.
    log.error("extracting an uploaded file failed", { fileId: file.id, error });
  }
  return serializeUploadedFile(file, auth.organizationId, extraction);
}

/** A file of one of the organization's workspaces (404 otherwise). */
export async function getOrgFileOrThrow(auth: AuthContext, fileId: string): Promise<SurveyFile> {
  const file = await (await db()).surveyFile.findFirst({ where: { id: fileId, workspace: { organizationId: auth.organizationId } } });
  if (!file) throw notFound("file", { file_id: fileId });
  return file;
}

export async function getUploadedFile(auth: AuthContext, fileId: string): Promise<TOUploadedFile> {
  const file = await getOrgFileOrThrow(auth, fileId);
  return serializeUploadedFile(file, auth.organizationId, await cachedExtraction(file.id));
}
