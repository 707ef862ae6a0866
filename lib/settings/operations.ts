import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import {
  ZIntegrationSettings,
  ZPatchIntegrationSettingsBody,
  ZPatchProgrammingSettingsBody,
  ZProgrammingSettings,
  ZProgrammingTarget,
  ZPutIntegrationSettingsBody,
  ZPutProgrammingSettingsBody,
  ZPutProgrammingTargetBody,
} from "./schemas";

const tags = ["Settings"];
const ZProgrammingSettingsResponse = z.object({ data: ZProgrammingSettings });
const ZIntegrationSettingsResponse = z.object({ data: ZIntegrationSettings });

// Settings reads are workspace meta as much as survey data: either family may read them (docs/decisions.md).
const readAccess = { anyScope: ["surveys:read", "meta:read"] } as const;

export const getProgrammingSettingsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/settings/programming",
  access: readAccess,
  summary: "Get programming settings",
  description: "Per-platform default programming instructions and the default file hosting of the workspace.",
  tags,
  response: { status: 200, description: "The settings.", schema: ZProgrammingSettingsResponse },
});

export const putProgrammingSettingsOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/settings/programming",
  access: { scope: "surveys:write" },
  summary: "Replace programming settings",
  description: "Replaces the whole object: platforms left out of `instructions` have no default; `default_file_hosting` defaults to `service_cdn`.",
  tags,
  body: ZPutProgrammingSettingsBody,
  response: { status: 200, description: "The settings.", schema: ZProgrammingSettingsResponse },
});

export const patchProgrammingSettingsOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/settings/programming",
  access: { scope: "surveys:write" },
  summary: "Update programming settings",
  description: "Changes only what is sent: each platform in `instructions` is set (string) or cleared (null or empty string).",
  tags,
  body: ZPatchProgrammingSettingsBody,
  response: { status: 200, description: "The settings.", schema: ZProgrammingSettingsResponse },
});

// Response data access governs integrations: integrations keys may manage it as well as survey writers.
const integrationsReadAccess = { anyScope: ["surveys:read", "integrations:read", "meta:read"] } as const;
const integrationsWriteAccess = { anyScope: ["surveys:write", "integrations:write"] } as const;

export const getIntegrationSettingsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/settings/integrations",
  access: integrationsReadAccess,
  summary: "Get integration settings",
  description: "`response_data_access`: which survey responses integrations may read (`test` by default).",
  tags,
  response: { status: 200, description: "The settings.", schema: ZIntegrationSettingsResponse },
});

const productionNote = "`production` is not available yet and is refused with 400 `response_data_access_unavailable`.";

export const putIntegrationSettingsOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/settings/integrations",
  access: integrationsWriteAccess,
  summary: "Replace integration settings",
  description: `Replaces the whole object (\`response_data_access\` defaults to \`test\`). ${productionNote}`,
  tags,
  body: ZPutIntegrationSettingsBody,
  response: { status: 200, description: "The settings.", schema: ZIntegrationSettingsResponse },
  errors: ["response_data_access_unavailable"],
});

export const patchIntegrationSettingsOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/settings/integrations",
  access: integrationsWriteAccess,
  summary: "Update integration settings",
  description: productionNote,
  tags,
  body: ZPatchIntegrationSettingsBody,
  response: { status: 200, description: "The settings.", schema: ZIntegrationSettingsResponse },
  errors: ["response_data_access_unavailable"],
});

const targetTags = ["Programming"];

export const getProgrammingTargetOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/programming/target",
  access: { scope: "surveys:read" },
  summary: "Get the programming target",
  description: "The platform the survey is programmed for, its own instructions, and the instructions programming will use with where they come from.",
  tags: targetTags,
  params: ZSurveyParams,
  response: { status: 200, description: "The target.", schema: z.object({ data: ZProgrammingTarget }) },
  errors: ["not_found"],
});

export const putProgrammingTargetOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/surveys/{surveyId}/programming/target",
  access: { scope: "surveys:write" },
  summary: "Set the programming target",
  description:
    "`platform` plus optional `instructions`: a string overrides the workspace default for that platform, an empty string " +
    "forces no instructions, null or absent falls back to the workspace default.",
  tags: targetTags,
  params: ZSurveyParams,
  body: ZPutProgrammingTargetBody,
  response: { status: 200, description: "The target.", schema: z.object({ data: ZProgrammingTarget }) },
  errors: ["not_found"],
});
