import { z } from "zod";
import { ZPlatform } from "@/lib/platforms";
import { RESPONSE_STATUSES, SURVEY_STATUSES, ZIntegrationResponse, ZIntegrationSurvey } from "@/lib/platforms/client";

const timestamp = z.iso.datetime({ offset: true });
const ZSettingsMap = z.record(z.string().min(1).max(100), z.string().max(4000)).refine((map) => Object.keys(map).length <= 20, "At most 20 fields.");

export const ZIntegration = z
  .object({
    id: z.string(),
    platform: ZPlatform,
    name: z.string().nullable(),
    config: z.record(z.string(), z.string()).describe("Non-secret settings (`base_url`, `datacenter`, …)."),
    credential_fields: z.array(z.string()).describe("Names of the configured credential fields; the values are never returned."),
    credentials_configured: z.boolean(),
    status: z.enum(["untested", "connected", "failed"]).describe("`untested` after create and update; the test endpoint sets `connected` or `failed`."),
    last_tested_at: timestamp.nullable(),
    last_test_status: z.enum(["succeeded", "failed"]).nullable(),
    last_test_message: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Integration" });
export type TIntegration = z.infer<typeof ZIntegration>;

export const ZCreateIntegrationBody = z
  .object({
    platform: ZPlatform,
    name: z.string().trim().min(1).max(200).optional(),
    config: ZSettingsMap.optional(),
    credentials: ZSettingsMap.optional().describe("Secret fields (`api_token`, `access_token`, `api_key`, `username`/`password`); encrypted at rest, never returned."),
  })
  .meta({ id: "CreateIntegrationBody" });

export const ZUpdateIntegrationBody = z
  .object({
    name: z.string().trim().min(1).max(200).nullable().optional(),
    config: ZSettingsMap.optional().describe("Replaces the config."),
    credentials: ZSettingsMap.optional().describe("A new map rotates the secrets (replaces all of them)."),
  })
  .meta({ id: "UpdateIntegrationBody" });

export const ZIntegrationParams = z.object({ integrationId: z.string().min(1) });
export const ZIntegrationSurveyParams = ZIntegrationParams.extend({ surveyId: z.string().min(1).max(500) });
export const ZIntegrationRevisionParams = ZIntegrationSurveyParams.extend({ revision: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ZIntegrationResponseParams = ZIntegrationSurveyParams.extend({ responseId: z.string().min(1).max(500) });

export const ZIntegrationSurveysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).optional(),
  q: z.string().max(200).optional().describe("Case-insensitive name search."),
  status: z.enum(SURVEY_STATUSES).optional(),
});

export const ZIntegrationRevisionsQuery = z.object({ include: z.literal("source").optional() });

export const ZIntegrationResponsesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).optional(),
  status: z.enum(RESPONSE_STATUSES).optional(),
  mode: z.enum(["test", "production"]).optional().describe("With `response_data_access=test` only `test` is allowed (and implied)."),
  since: timestamp.optional(),
  until: timestamp.optional(),
  include: z.literal("data").optional(),
});
export const ZIntegrationResponseQuery = z.object({ include: z.literal("data").optional() });

export const ZIntegrationRevision = z
  .object({
    survey_id: z.string(),
    revision: z.number().int(),
    platform: z.string().describe("The platform whose native source this is."),
    source: z.string().optional(),
    user_id: z.string().nullable(),
    message: z.string().nullable(),
    created_at: timestamp.nullable(),
  })
  .meta({ id: "IntegrationContentRevision" });

export const ZTestResult = z
  .object({ data: ZIntegration, test: z.object({ status: z.enum(["succeeded", "failed"]), message: z.string(), account: z.string().nullable() }) })
  .meta({ id: "IntegrationTestResult" });

export { ZIntegrationResponse, ZIntegrationSurvey };
