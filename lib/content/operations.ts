import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZContentOperationsBody } from "@/lib/content-operations/schemas";
import { ZContentOperationsResult, ZContentQuery, ZContentRevision, ZContentRevisionParams, ZContentRevisionsQuery, ZPutContentBody, ZRestoreContentBody } from "./schemas";

const tags = ["Content"];
const ZRevisionResponse = z.object({ data: ZContentRevision });

export const getContentOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/content",
  access: { scope: "surveys:read" },
  summary: "Get the tip content revision",
  description: "The latest content revision with its source (optionally of one platform).",
  tags,
  params: ZSurveyParams,
  query: ZContentQuery,
  response: { status: 200, description: "The tip revision.", schema: ZRevisionResponse },
  errors: ["not_found"],
});

export const putContentOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/surveys/{surveyId}/content",
  access: { scope: "surveys:write" },
  summary: "Write a new content revision",
  description:
    "Appends a revision for a platform. For `service` the source is validated as a survey document and the survey's pages, blocks, navigation rules and variables are replaced to match (ids the survey already has are kept), the validator's review flags are brought up to date, and the revision records what changed. Emits `content.updated`. Refused with 409 `workflow_active` while a programming or content-edit workflow is active, and 409 `survey_locked` while program-from-file or a validation fix holds the survey.",
  tags,
  params: ZSurveyParams,
  body: ZPutContentBody,
  response: { status: 201, description: "The new revision.", schema: ZRevisionResponse },
  errors: ["not_found", "workflow_active", "survey_locked"],
});

export const listContentRevisionsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/content/revisions",
  access: { scope: "surveys:read" },
  summary: "List content revisions",
  description: "Newest first. Sources only with `?include=source`.",
  tags,
  params: ZSurveyParams,
  query: ZContentRevisionsQuery,
  response: { status: 200, description: "A page of revisions.", schema: paginated(ZContentRevision) },
  errors: ["not_found"],
});

export const getContentRevisionOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/content/revisions/{revision}",
  access: { scope: "surveys:read" },
  summary: "Get one content revision",
  tags,
  params: ZContentRevisionParams,
  response: { status: 200, description: "The revision with its source.", schema: ZRevisionResponse },
  errors: ["not_found"],
});

export const downloadContentRevisionOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/content/revisions/{revision}/download",
  access: { scope: "surveys:read" },
  summary: "Download a content revision's source as a file",
  description:
    "The revision's source as an attachment in its platform's own format: Qualtrics `.qsf`, Decipher survey `.xml`, LimeSurvey `.lss`, SurveyMonkey API survey `.json`, or the survey document `.json` for `service`. " +
    "The file is named `<survey slug>-<platform>-r<revision>.<extension>`; an export's warnings are on the revision (`export_warnings`).",
  tags,
  params: ZContentRevisionParams,
  response: { status: 200, description: "The source file.", contentType: "application/octet-stream" },
  errors: ["not_found"],
});

export const contentOperationsOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/content/operations",
  access: { scope: "surveys:write" },
  summary: "Edit the programmed survey",
  description:
    "Applies content operations to the tip `service` document, in order and all or nothing, and writes one new revision (rows, change records, `content.updated`). " +
    "Each operation is an object with `op` (see `ContentOperation`): pages, blocks, options/rows/columns, navigation rules, display conditions, variables and review flags. " +
    "Errors name the failing operation in `details[].path` (`body.operations.<index>.<field>`): an unknown id is 404, an invalid condition 400 with the parser's `position`, " +
    "a change that conflicts with the survey 409 (`variable_in_use` while conditions name what would be deleted — repeat with `force` — or `conflict`). " +
    "409 `workflow_active` / `survey_locked` while a workflow holds the survey.",
  tags,
  params: ZSurveyParams,
  body: ZContentOperationsBody,
  response: { status: 201, description: "The new revision, what changed, and the validator's findings.", schema: ZContentOperationsResult },
  errors: ["not_found", "conflict", "variable_in_use", "workflow_active", "survey_locked"],
});

export const restoreContentRevisionOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/content/revisions/{revision}/restore",
  access: { scope: "surveys:write" },
  summary: "Restore an earlier content revision",
  description:
    "Undo: writes the document of an earlier `service` revision again as a new revision (history stays append-only), with the rows, review flags, change records and `content.updated` of any other write. " +
    "Review work is kept: compiler flags and notes dismissed on the tip stay dismissed. 409 `workflow_active` / `survey_locked` while a workflow holds the survey.",
  tags,
  params: ZContentRevisionParams,
  body: ZRestoreContentBody,
  response: { status: 201, description: "The new revision and what changed.", schema: ZContentOperationsResult },
  errors: ["not_found", "workflow_active", "survey_locked"],
});
