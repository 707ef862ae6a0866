import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import {
  ZCreateSurveyFileBody,
  ZCreateSurveyFileResponse,
  ZDeleteFileQuery,
  ZDevObjectParams,
  ZDevObjectQuery,
  ZDownloadUrl,
  ZFileParams,
  ZListFilesQuery,
  ZMoveFilesBody,
  ZMoveFilesResponse,
  ZStoredObjectReceipt,
  ZSurveyFile,
  ZUpdateSurveyFileBody,
} from "./schemas";

const tags = ["Survey files"];
const ZFileResponse = z.object({ data: ZSurveyFile });

export const listFilesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/files",
  access: { scope: "surveys:read" },
  summary: "List survey files",
  description: "Files of the survey, newest first.",
  tags,
  params: ZSurveyParams,
  query: ZListFilesQuery,
  response: { status: 200, description: "A page of files.", schema: paginated(ZSurveyFile) },
  errors: ["not_found"],
});

export const createFileOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/files",
  access: { scope: "surveys:write" },
  summary: "Create a survey file",
  description:
    "Creates a `pending` file and returns where to upload its bytes: send them as the raw body of one `PUT` to `upload.url` " +
    "with `upload.headers`, within 15 minutes (at most 100 MiB; an upload URL writes once). Then PATCH the file with " +
    "`status=ready` (and, ideally, `size_bytes` and `content_hash`). Hosting follows the workspace's `default_file_hosting`, " +
    "except that platform-reserved files (`reserved_type`) are hosted on the platform.",
  tags,
  params: ZSurveyParams,
  body: ZCreateSurveyFileBody,
  response: { status: 201, description: "The new pending file and its upload instructions.", schema: ZCreateSurveyFileResponse },
  errors: ["not_found"],
});

export const getFileOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/files/{fileId}",
  access: { scope: "surveys:read" },
  summary: "Get a survey file",
  tags,
  params: ZFileParams,
  response: { status: 200, description: "The file.", schema: ZFileResponse },
  errors: ["not_found"],
});

export const updateFileOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/surveys/{surveyId}/files/{fileId}",
  access: { scope: "surveys:write" },
  summary: "Update a survey file",
  description:
    "Rename the file, declare its expected `size_bytes` / `content_hash`, or change its status. `status=ready` re-reads the " +
    "stored object: its real size and SHA-256 must match `size_bytes` and `content_hash` when given (in this request or " +
    "earlier), else 400 `validation_error`; a file whose bytes never arrived cannot become ready. The server fills " +
    "`size_bytes` and `content_hash` from the stored bytes. A ready file's status, size and hash are final; `visibility` " +
    "cannot change, and `hosting` changes through `files/move`.",
  tags,
  params: ZFileParams,
  body: ZUpdateSurveyFileBody,
  response: { status: 200, description: "The updated file.", schema: ZFileResponse },
  errors: ["not_found", "conflict"],
});

export const deleteFileOperation = defineOperation({
  api: "P",
  method: "DELETE",
  path: "/surveys/{surveyId}/files/{fileId}",
  access: { scope: "surveys:write" },
  summary: "Delete a survey file",
  description:
    "Deletes the file and its stored bytes. While questionnaire revisions reference the file the answer is 409 `file_in_use` " +
    "with their numbers in `revisions`; with `force=true` those revisions are removed first, in the same transaction.",
  tags,
  params: ZFileParams,
  query: ZDeleteFileQuery,
  response: { status: 204, description: "Deleted." },
  errors: ["not_found", "file_in_use"],
});

export const createDownloadUrlOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/files/{fileId}/download-url",
  access: { scope: "surveys:read" },
  summary: "Get a download URL",
  description: "A private file: a signed URL valid for 15 minutes. A public file: its permanent `public_url` (`expires_at` null). The file must be `ready`.",
  tags,
  params: ZFileParams,
  response: { status: 200, description: "Where to read the file.", schema: z.object({ data: ZDownloadUrl }) },
  errors: ["not_found", "file_not_ready"],
});

export const moveFilesOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/files/move",
  access: { scope: "surveys:write" },
  summary: "Move files between hostings",
  description:
    "Sets `hosting` (`service` or `platform`) of the listed files (`file_ids`) or of all of the survey's files (`select_all`). " +
    "The survey document is not rewritten: when a file changes hosting the answer carries the warning " +
    "`survey_content_update_required`.",
  tags,
  params: ZSurveyParams,
  body: ZMoveFilesBody,
  response: { status: 200, description: "The selected files after the move, and warnings.", schema: ZMoveFilesResponse },
  errors: ["not_found"],
});

const devTags = ["Development object storage"];
const devNote =
  "Only with the local storage driver (the default; 404 when Vercel Blob is configured). No API key: the URL's signature " +
  "is the credential. Signed URLs carry `expires` (Unix seconds) and `signature`; a changed or expired URL is refused with 403.";

export const devPutObjectOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/_dev/objects/{visibility}/{key}",
  access: "public",
  summary: "Upload a file's bytes (local storage)",
  description:
    `${devNote} The body is the raw bytes (any content type), streamed to disk; over 100 MiB is refused with 413 ` +
    "`payload_too_large`. An object is written once: a second upload to the same key is refused with 409.",
  tags: devTags,
  params: ZDevObjectParams,
  query: ZDevObjectQuery,
  response: { status: 200, description: "Stored: the size and SHA-256 of the bytes received.", schema: ZStoredObjectReceipt },
  errors: ["forbidden", "not_found", "conflict", "payload_too_large"],
});

export const devGetObjectOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/_dev/objects/{visibility}/{key}",
  access: "public",
  summary: "Read a file's bytes (local storage)",
  description: `${devNote} Private objects need a signed URL (from download-url); a ready public file is served without one, at its \`public_url\`.`,
  tags: devTags,
  params: ZDevObjectParams,
  query: ZDevObjectQuery,
  response: { status: 200, description: "The file's bytes, with its content type.", contentType: "application/octet-stream" },
  errors: ["forbidden", "not_found"],
});
