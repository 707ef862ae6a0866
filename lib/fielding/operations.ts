import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZCreateLinkBody, ZExportQuery, ZGetResponseQuery, ZLinkParams, ZListResponsesQuery, ZResponseParams, ZSurveyLink, ZSurveyResponse, ZUpdateLinkBody } from "./schemas";

const linkTags = ["Fielding"];
const ZLinkResponse = z.object({ data: ZSurveyLink });

export const createLinkOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/links",
  access: { scope: "surveys:write" },
  summary: "Create a respondent link",
  description:
    "A link respondents open at `url` (`/r/{linkId}`, public) to take the programmed survey. `content_revision` pins a `service` revision or follows the `tip`. " +
    "Refused with 409 `content_not_fieldable` when the survey has no programmed content, and for `mode` `production` when the validator reports errors (listed in `details`).",
  tags: linkTags,
  params: ZSurveyParams,
  body: ZCreateLinkBody,
  response: { status: 201, description: "The link.", schema: ZLinkResponse },
  errors: ["not_found", "content_not_fieldable"],
});

export const listLinksOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/links",
  access: { scope: "surveys:read" },
  summary: "List respondent links",
  tags: linkTags,
  params: ZSurveyParams,
  response: { status: 200, description: "The survey's links, newest first.", schema: z.object({ data: z.array(ZSurveyLink) }) },
  errors: ["not_found"],
});

export const getLinkOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/links/{linkId}",
  access: { scope: "surveys:read" },
  summary: "Get a respondent link",
  tags: linkTags,
  params: ZLinkParams,
  response: { status: 200, description: "The link.", schema: ZLinkResponse },
  errors: ["not_found"],
});

export const updateLinkOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/surveys/{surveyId}/links/{linkId}",
  access: { scope: "surveys:write" },
  summary: "Update a respondent link",
  description: "Close (`status: closed`) or reopen a link, change its expiry or hidden variables. Closed and expired links show respondents a friendly page.",
  tags: linkTags,
  params: ZLinkParams,
  body: ZUpdateLinkBody,
  response: { status: 200, description: "The link.", schema: ZLinkResponse },
  errors: ["not_found", "content_not_fieldable"],
});

const responseTags = ["Responses"];
const accessNote =
  "Follows `response_data_access` (/v1/settings/integrations): `none` → 403 `response_access_denied`; `test` → only `mode=test` responses (asking for `production` → 403). The setting governs API keys; members signed in to the app read their workspace's responses in the Responses section.";

export const listResponsesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/responses",
  access: { scope: "surveys:read" },
  summary: "List the survey's responses on the service",
  description: `The \`service\` platform's responses (what the \`service\` integration's responses endpoint returns), newest first. \`data\` only with \`include=data\`. ${accessNote}`,
  tags: responseTags,
  params: ZSurveyParams,
  query: ZListResponsesQuery,
  response: { status: 200, description: "A page of responses.", schema: paginated(ZSurveyResponse) },
  errors: ["not_found", "response_access_denied"],
});

export const getResponseOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/responses/{responseId}",
  access: { scope: "surveys:read" },
  summary: "Get one response",
  description: `\`data\` only with \`include=data\`. ${accessNote}`,
  tags: responseTags,
  params: ZResponseParams,
  query: ZGetResponseQuery,
  response: { status: 200, description: "The response.", schema: z.object({ data: ZSurveyResponse }) },
  errors: ["not_found", "response_access_denied"],
});

export const exportResponsesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/responses/export",
  access: { scope: "surveys:read" },
  summary: "Export responses",
  description: `A file download: \`csv\` (labels), \`spss\` (codes, SPSS-safe names, one column per variable, grid row, option of a multiple choice or ranked item) or \`labels\` (SPSS syntax with variable and value labels). ${accessNote}`,
  tags: responseTags,
  params: ZSurveyParams,
  query: ZExportQuery,
  response: { status: 200, description: "The file.", contentType: "text/csv" },
  errors: ["not_found", "response_access_denied"],
});
