import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated, ZPaginationQuery } from "@/lib/http/pagination";
import {
  ZCreateIntegrationBody,
  ZIntegration,
  ZIntegrationParams,
  ZIntegrationResponse,
  ZIntegrationResponseParams,
  ZIntegrationResponseQuery,
  ZIntegrationResponsesQuery,
  ZIntegrationRevision,
  ZIntegrationRevisionParams,
  ZIntegrationRevisionsQuery,
  ZIntegrationSurvey,
  ZIntegrationSurveyParams,
  ZIntegrationSurveysQuery,
  ZTestResult,
  ZUpdateIntegrationBody,
} from "./schemas";

const tags = ["Integrations"];
const accessNote =
  "Follows the workspace's `response_data_access`: `none` → 403 `response_access_denied`; `test` → test-mode responses only (asking for `mode=production` → 403 `response_access_denied`).";

export const createIntegrationOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/integrations",
  access: { scope: "integrations:write" },
  summary: "Connect a survey platform",
  description:
    "Creates an integration (`status` `untested`). Fields by platform — qualtrics: config `datacenter` or `base_url`, credentials `api_token`; decipher: config `base_url` (`https://<server>/api/v1`, optional `survey_path` for pushes), credentials `api_key`; surveymonkey: optional config `base_url`, credentials `access_token`; limesurvey: config `base_url` (the RemoteControl URL), credentials `username`, `password`. Credentials are encrypted and never returned.",
  tags,
  body: ZCreateIntegrationBody,
  response: { status: 201, description: "The integration (without credentials).", schema: z.object({ data: ZIntegration }) },
  errors: ["validation_error"],
});

export const listIntegrationsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations",
  access: { scope: "integrations:read" },
  summary: "List integrations",
  tags,
  query: ZPaginationQuery,
  response: { status: 200, description: "A page of integrations.", schema: paginated(ZIntegration) },
});

export const getIntegrationOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}",
  access: { scope: "integrations:read" },
  summary: "Get an integration",
  tags,
  params: ZIntegrationParams,
  response: { status: 200, description: "The integration.", schema: z.object({ data: ZIntegration }) },
  errors: ["not_found"],
});

export const updateIntegrationOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/integrations/{integrationId}",
  access: { scope: "integrations:write" },
  summary: "Update an integration",
  description: "A new `credentials` map rotates the secrets; any change sets `status` back to `untested`.",
  tags,
  params: ZIntegrationParams,
  body: ZUpdateIntegrationBody,
  response: { status: 200, description: "The integration.", schema: z.object({ data: ZIntegration }) },
  errors: ["not_found", "validation_error"],
});

export const deleteIntegrationOperation = defineOperation({
  api: "P",
  method: "DELETE",
  path: "/integrations/{integrationId}",
  access: { scope: "integrations:write" },
  summary: "Delete an integration",
  tags,
  params: ZIntegrationParams,
  response: { status: 204, description: "Deleted." },
  errors: ["not_found"],
});

export const testIntegrationOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/integrations/{integrationId}/test",
  access: { scope: "integrations:write" },
  summary: "Test an integration",
  description: "Probes the platform's API with the stored credentials and records `last_tested_at`, `last_test_status` (`succeeded` / `failed`) and `status`.",
  tags,
  params: ZIntegrationParams,
  response: { status: 200, description: "The integration and the probe's result.", schema: ZTestResult },
  errors: ["not_found"],
});

export const listIntegrationSurveysOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys",
  access: { scope: "integrations:read" },
  summary: "List the platform's surveys",
  description: "Metadata only, with normalised `status`. 502 `upstream_error` when the platform fails.",
  tags,
  params: ZIntegrationParams,
  query: ZIntegrationSurveysQuery,
  response: { status: 200, description: "A page of upstream surveys.", schema: paginated(ZIntegrationSurvey) },
  errors: ["not_found", "upstream_error"],
});

export const getIntegrationSurveyContentOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys/{surveyId}/content",
  access: { scope: "integrations:read" },
  summary: "Get an upstream survey's definition (tip revision)",
  tags,
  params: ZIntegrationSurveyParams,
  response: { status: 200, description: "The tip revision with its source.", schema: z.object({ data: ZIntegrationRevision }) },
  errors: ["not_found", "upstream_error"],
});

export const listIntegrationSurveyRevisionsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys/{surveyId}/content/revisions",
  access: { scope: "integrations:read" },
  summary: "List an upstream survey's revisions",
  description: "Newest first; `?include=source` adds each source. Platforms without a history return one element.",
  tags,
  params: ZIntegrationSurveyParams,
  query: ZIntegrationRevisionsQuery,
  response: { status: 200, description: "The revisions.", schema: paginated(ZIntegrationRevision) },
  errors: ["not_found", "upstream_error"],
});

export const getIntegrationSurveyRevisionOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys/{surveyId}/content/revisions/{revision}",
  access: { scope: "integrations:read" },
  summary: "Get one revision of an upstream survey",
  tags,
  params: ZIntegrationRevisionParams,
  response: { status: 200, description: "The revision with its source.", schema: z.object({ data: ZIntegrationRevision }) },
  errors: ["not_found", "upstream_error"],
});

export const listIntegrationResponsesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys/{surveyId}/responses",
  access: { scope: "integrations:read" },
  summary: "List an upstream survey's responses",
  description: `Normalised \`status\` and \`mode\`; \`include=data\` adds the platform's payload. ${accessNote}`,
  tags,
  params: ZIntegrationSurveyParams,
  query: ZIntegrationResponsesQuery,
  response: { status: 200, description: "A page of responses.", schema: paginated(ZIntegrationResponse) },
  errors: ["not_found", "response_access_denied", "upstream_error"],
});

export const getIntegrationResponseOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/integrations/{integrationId}/surveys/{surveyId}/responses/{responseId}",
  access: { scope: "integrations:read" },
  summary: "Get one upstream response",
  description: accessNote,
  tags,
  params: ZIntegrationResponseParams,
  query: ZIntegrationResponseQuery,
  response: { status: 200, description: "The response.", schema: z.object({ data: ZIntegrationResponse }) },
  errors: ["not_found", "response_access_denied", "upstream_error"],
});
