import { z } from "zod";
import { ZPaginationQuery } from "@/lib/http/pagination";
import { ZPlatform } from "@/lib/platforms";
import { ZExportWarning } from "@/lib/platforms/types";
import { ZContentChange, ZFinding } from "@/lib/content-operations/schemas";
import { ZSurveyDocument } from "@/lib/survey-document/schemas";

export const ZContentRevision = z
  .object({
    survey_id: z.string(),
    revision: z.number().int().min(1),
    platform: z.string(),
    source: z.string().optional().describe("For `service` the survey document as JSON text; else the platform's native source. Lists include it only with `?include=source`."),
    user_id: z.string().describe("Who wrote it: `api_key:<id>`, `user:<id>` or `workflow:<run id>`."),
    message: z.string().nullable(),
    workflow_id: z.string().nullable().describe("The workflow run that wrote it, if any."),
    changes: z.array(ZContentChange).nullable().describe("What changed, one record per change (null for revisions written before change records existed, and for other platforms)."),
    export_warnings: z
      .array(ZExportWarning)
      .nullable()
      .describe("For an external platform's export written by programming: what the platform cannot express (element and reason), also streamed as `audit.issue` warnings. Null for `service` and for sources written directly."),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ContentRevision" });
export type TContentRevision = z.infer<typeof ZContentRevision>;

export const ZPutContentBody = z
  .object({
    platform: ZPlatform.default("service"),
    source: z
      .union([z.string().min(1), ZSurveyDocument])
      .describe("For `service`: the survey document (object or JSON text). For another platform: its native source text."),
    message: z.string().trim().max(500).optional().describe("What changed, for the history."),
  })
  .meta({ id: "PutContentBody" });

export const ZContentQuery = z.object({
  platform: ZPlatform.optional().describe("Only revisions of this platform."),
});

export const ZContentRevisionsQuery = ZPaginationQuery.extend({
  platform: ZPlatform.optional(),
  include: z.enum(["source"]).optional().describe("`source` includes each revision's source."),
});

export const ZContentRevisionParams = z.object({
  surveyId: z.string().min(1),
  revision: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const ZContentOperationsResult = z
  .object({
    data: ZContentRevision,
    changes: z.array(ZContentChange).describe("What the operations changed, in order."),
    findings: z.array(ZFinding).describe("The validator's findings on the new content (`attention_required` mirrors them)."),
  })
  .meta({ id: "ContentOperationsResult" });

export const ZRestoreContentBody = z
  .object({
    message: z.string().trim().min(1).max(500).optional().describe("What the new revision says in the history (default: “Restored version N”)."),
  })
  .meta({ id: "RestoreContentBody" });
