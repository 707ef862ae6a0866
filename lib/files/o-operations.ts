import { defineOperation } from "@/lib/http/operation";
import { ZOFileParams, ZOUploadedFile, ZOUploadForm } from "./o-schemas";

/** Interface O's file upload. */

export const oUploadFileOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/files",
  access: { scope: "surveys:write" },
  summary: "Upload a file",
  description:
    "`multipart/form-data` with `file` (at most 100 MiB; 413 beyond) and optional `survey_id` (id or slug of one of the organization's surveys; without it the file has no survey until a survey is programmed from it). " +
    "The file is stored and ready at once; a document (Word, PDF, Markdown, text, HTML) is read once and its extraction kept as `ai_file_id`, which program-from-file reuses. " +
    "A file that cannot be read as a questionnaire is still stored, with `ai_file_id` null and the reason in `ai_file_error`. Example: `curl -F file=@questionnaire.docx -F survey_id=<id> …/o/v1/files`.",
  tags: ["Files"],
  form: ZOUploadForm,
  response: { status: 201, description: "The uploaded file.", schema: ZOUploadedFile },
  errors: ["not_found", "conflict", "payload_too_large"],
});

export const oGetFileOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/files/{file_id}",
  access: { scope: "surveys:read" },
  summary: "Get an uploaded file",
  tags: ["Files"],
  params: ZOFileParams,
  response: { status: 200, description: "The file.", schema: ZOUploadedFile },
  errors: ["not_found"],
});
