import { z } from "zod";
import { ZPaginationQuery } from "@/lib/http/pagination";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ZSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(SLUG_PATTERN, "must be lowercase kebab-case: letters a–z, digits and single hyphens, e.g. `customer-survey-2026`")
  .describe("Lowercase kebab-case, unique in the workspace.");

export const ZSurvey = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Survey" });
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZCreateSurveyBody = z
  .object({
    slug: ZSlug,
    name: z.string().trim().min(1).max(200),
    description: z.string().max(10_000).optional(),
  })
  .meta({ id: "CreateSurveyBody" });

export const ZUpdateSurveyBody = z
  .object({
    slug: ZSlug.optional(),
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(10_000).nullable().optional(),
  })
  .meta({ id: "UpdateSurveyBody" });

export const ZSurveyParams = z.object({ surveyId: z.string().min(1).describe("Survey id (uuid).") });

export const ZListSurveysQuery = ZPaginationQuery.extend({
  q: z.string().trim().max(200).optional().describe("Case-insensitive substring of the name or slug."),
});
