import { z } from "zod";
import { ZContentHash, ZFileStatus } from "@/lib/files/schemas";
import { ZPaginationQuery } from "@/lib/http/pagination";

export const ZQuestionnaireFileSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int().nullable(),
    content_hash: ZContentHash.nullable(),
    status: ZFileStatus,
  })
  .meta({ id: "QuestionnaireFileSummary" });

export const ZQuestionnaireRevision = z
  .object({
    survey_id: z.uuid(),
    revision: z.number().int().min(1).describe("Monotonic revision number; the highest is the current questionnaire (the tip)."),
    file_id: z.uuid().describe("The survey file asserted as the questionnaire."),
    file: ZQuestionnaireFileSummary,
    created_at: z.iso.datetime({ offset: true }),
    created_by: z.string().describe("Who asserted it: `api_key:<id>`, `user:<id>` or `development`."),
  })
  .meta({ id: "QuestionnaireRevision" });
export type TQuestionnaireRevision = z.infer<typeof ZQuestionnaireRevision>;

export const ZPutQuestionnaireBody = z
  .object({ file_id: z.string().min(1).describe("A `ready` file of this survey.") })
  .meta({ id: "PutQuestionnaireBody" });

export const ZRevisionParams = z.object({
  surveyId: z.string().min(1).describe("Survey id (uuid)."),
  revision: z.coerce.number().int().min(1).max(2_147_483_647).describe("Revision number (1, 2, …)."),
});

export const ZListRevisionsQuery = ZPaginationQuery;
