import { z } from "zod";

/** Interface O's uploaded file (interface document, "O: uploaded file"). */

const timestamp = z.iso.datetime({ offset: true });

export const ZOUploadedFile = z
  .object({
    id: z.string().describe("The file's id (also a P survey file id once it belongs to a survey)."),
    created_at: timestamp,
    name: z.string().describe("The original file name."),
    mime_type: z.string(),
    org_id: z.string(),
    workspace_id: z.string(),
    survey_id: z.string().nullable().describe("The survey it was uploaded with (or programmed into); null when it has none."),
    size_bytes: z.number().int(),
    content_hash: z.string().describe("SHA-256 (hex) of the bytes."),
    ai_file_id: z.string().nullable().describe("The cached extraction of the document that programming reads (`aif_…`); null when the file could not be read as a questionnaire (see `ai_file_error`)."),
    ai_file_error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe("Why the file could not be read as a questionnaire (unsupported format, encrypted, a scan without text, …)."),
  })
  .meta({ id: "UploadedFile" });
export type TOUploadedFile = z.infer<typeof ZOUploadedFile>;

const ZFormFile = z
  .custom<File>((value) => value instanceof File, { message: "attach the file as the form field `file` (curl -F file=@questionnaire.docx)" })
  .meta({ override: { type: "string", format: "binary" } });

export const ZOUploadForm = z
  .object({
    file: ZFormFile.describe("The document (Word, PDF, Markdown, text, HTML) or any other file; at most 100 MiB."),
    survey_id: z.string().trim().min(1).max(200).optional().describe("The survey (id or slug) the file belongs to; omit for a file without a survey."),
  })
  .meta({ id: "UploadFileForm" });

export const ZOFileParams = z.object({ file_id: z.string().min(1).max(200) });
