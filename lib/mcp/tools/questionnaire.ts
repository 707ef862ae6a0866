import { z } from "zod";
import { uploadFile } from "@/lib/files/o-service";
import { ApiError } from "@/lib/http/errors";
import { ZQuestionnaireRevision } from "@/lib/questionnaire-revisions/schemas";
import { getQuestionnaireRevisionOrThrow, putQuestionnaire, serializeQuestionnaireRevision } from "@/lib/questionnaire-revisions/service";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { ADDITIVE, defineTool, READ_ONLY } from "../tool";
import { ZSurveyId } from "./surveys";

/**
 * The questionnaire: Interface P's file upload + `PUT /questionnaire` in one call (an assistant holds the
 * document's text or bytes, not an upload URL), and `GET /questionnaire`.
 */

/** MCP requests are JSON-RPC bodies: base64 adds a third, so the document is capped well below the body limit. */
export const MCP_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

const ZUploadInput = z
  .object({
    survey_id: ZSurveyId,
    file_name: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .describe("The document's file name with its extension (questionnaire.docx, wave2.md, survey.pdf): the extension selects the reader."),
    text: z.string().min(1).optional().describe("The questionnaire as text (Markdown or plain text). Give this or `content_base64`."),
    content_base64: z.string().min(1).optional().describe("The document's bytes in base64 (Word, PDF, …). Give this or `text`."),
    content_type: z.string().trim().min(1).max(200).optional().describe("The media type; by default derived from the file name."),
  })
  .refine((input) => (input.text === undefined) !== (input.content_base64 === undefined), {
    message: "give exactly one of `text` and `content_base64`",
    path: ["text"],
  });

function decodeBytes(input: z.output<typeof ZUploadInput>): Uint8Array {
  if (input.text !== undefined) return new TextEncoder().encode(input.text);
  const base64 = input.content_base64!.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw new ApiError("validation_error", "content_base64 is not valid base64.", { details: [{ path: "content_base64", message: "not base64" }] });
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}

export const uploadQuestionnaireTool = defineTool({
  name: "upload_questionnaire",
  title: "Upload a questionnaire",
  description: `Stores a questionnaire document as a file of the survey and makes it the survey's current questionnaire (a new questionnaire revision). At most ${MCP_UPLOAD_MAX_BYTES / 1024 / 1024} MiB. Then program it with start_programming.`,
  access: "surveys:write",
  annotations: ADDITIVE,
  input: ZUploadInput,
  output: z.object({
    file: z.object({ id: z.string(), name: z.string(), mime_type: z.string(), size_bytes: z.number().int(), content_hash: z.string() }),
    questionnaire: ZQuestionnaireRevision,
  }),
  run: async (input, { auth }) => {
    // The survey must be in the key's workspace (the O upload accepts any survey of the organization).
    const survey = await getSurveyOrThrow(auth.workspaceId, input.survey_id);
    const bytes = decodeBytes(input);
    if (bytes.byteLength === 0) throw new ApiError("validation_error", "The document is empty.", { details: [{ path: "content_base64", message: "no bytes" }] });
    if (bytes.byteLength > MCP_UPLOAD_MAX_BYTES) {
      throw new ApiError("payload_too_large", `The document is larger than ${MCP_UPLOAD_MAX_BYTES / 1024 / 1024} MiB; upload it through the REST API (POST /v1/surveys/{id}/files).`);
    }
    const file = new File([bytes as Uint8Array<ArrayBuffer>], input.file_name, { type: input.content_type ?? "" });
    const uploaded = await uploadFile(auth, { file, survey_id: survey.id });
    if (uploaded.ai_file_error) {
      throw new ApiError("validation_error", `The file was stored (id ${uploaded.id}) but cannot be read as a questionnaire: ${uploaded.ai_file_error.message}`, {
        details: [{ path: "file_name", message: uploaded.ai_file_error.code }],
      });
    }
    const questionnaire = await putQuestionnaire(auth, survey.id, uploaded.id);
    const { id, name, mime_type, size_bytes, content_hash } = uploaded;
    return { file: { id, name, mime_type, size_bytes, content_hash }, questionnaire };
  },
});

export const getQuestionnaireTool = defineTool({
  name: "get_questionnaire",
  title: "Get the survey's questionnaire",
  description: "The survey's current questionnaire revision (or the given one): which file it is and when it was set.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId, revision: z.number().int().min(1).optional().describe("Default: the current (highest) revision.") }),
  output: z.object({ questionnaire: ZQuestionnaireRevision }),
  run: async ({ survey_id, revision }, { auth }) => ({
    questionnaire: serializeQuestionnaireRevision(await getQuestionnaireRevisionOrThrow(auth.workspaceId, survey_id, revision)),
  }),
});

export const QUESTIONNAIRE_TOOLS = [uploadQuestionnaireTool, getQuestionnaireTool];
