import { z } from "zod";
import { ZOPage } from "@/lib/content/o-schemas";

/** Interface O's survey resource and inputs (interface document, "O: survey"; DESIGN §4, §6, §7). */

const timestamp = z.iso.datetime({ offset: true });

/** O's slug pattern (more permissive than P's lowercase kebab). */
export const O_SLUG_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]*[a-zA-Z]$/;
const ZOSlug = z.string().min(2).max(100).regex(O_SLUG_PATTERN, "must start and end with a letter and contain only letters, digits, '_' and '-'");

export const ZOSurvey = z
  .object({
    id: z.string(),
    slug: z.string().describe("Used in survey URLs; unique in its workspace."),
    name: z.string(),
    user_id: z.string().nullable().describe("The person who owns it (created it); null when it was created with a key no person owns (the bootstrap key)."),
    org_id: z.string(),
    workspace_id: z.string().describe("The workspace it belongs to (the same id Interface P's keys select)."),
    first_page_id: z.string().nullable().describe("Where respondents start; null until the survey has pages."),
    locked: z.boolean().describe("True while an AI agent works on it (program-from-file, validation fix); changes are refused with 409 `survey_locked` meanwhile."),
    paid_at: timestamp.describe("Self-hosted: no billing, so the creation time."),
    order: z.number().int().describe("List-view position (ascending)."),
    created_at: timestamp,
    updated_at: timestamp,
    programmed_from_file_id: z.string().nullable(),
    programming_started_at: timestamp.nullable(),
    programming_completed_at: timestamp.nullable(),
  })
  .meta({ id: "Survey" });
export type TOSurvey = z.infer<typeof ZOSurvey>;

export const ZOSurveyWithPages = ZOSurvey.extend({
  pages: z.array(ZOPage).describe("The programmed survey's pages, with blocks and navigation rules, by `order`."),
}).meta({ id: "SurveyWithPages" });

export const ZOSurveyList = z.object({ total: z.number().int().describe("Surveys matching the search, over all pages."), items: z.array(ZOSurvey) }).meta({ id: "SurveyList" });

export const ZOListSurveysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1–100 (default 20)."),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe("How many surveys to skip."),
  search: z.string().trim().max(200).optional().describe("Case-insensitive substring of the name or slug."),
});

export const ZOSurveyParams = z.object({ survey_id_or_slug: z.string().min(1).max(200).describe("The survey's id (the same as in Interface P) or its slug.") });

export const ZOCreateSurveyBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    slug: ZOSlug.optional().describe("Default: made from the name (lowercase, hyphens), unique in the workspace."),
    description: z.string().max(10_000).optional(),
    order: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .meta({ id: "CreateSurveyBody" });

export const ZOUpdateSurveyBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    slug: ZOSlug.optional(),
    order: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .meta({ id: "UpdateSurveyBody" });

export const ZOProgrammingMessage = z
  .object({
    id: z.string().describe("The programming run's id (`wrun_…`): follow it with Interface P's `/v1/workflows/{id}`."),
    user_id: z.string().describe("Who asked (`api_key:…`, `user:…`)."),
    created_at: timestamp,
    content: z.array(z.object({ type: z.literal("text"), text: z.string() })),
    started_responding_at: timestamp.nullable().describe("When the agent received the message."),
    response_completed_at: timestamp.nullable().describe("When the agent finished (null while it works)."),
  })
  .meta({ id: "ProgrammingMessage" });

export const ZOProgramFromFileParams = ZOSurveyParams.extend({ fileId: z.string().min(1).max(200).describe("An uploaded file's id (`POST /files`).") });

export const ZOValidationFixStarted = z
  .object({
    workflow_id: z.string().describe("The fix run (`wrun_…`)."),
    status: z.enum(["pending", "running", "completed", "failed", "cancelled"]),
    created_at: timestamp,
    survey: ZOSurvey.describe("The survey, now locked until the fix ends."),
  })
  .meta({ id: "ValidationFixStarted" });
