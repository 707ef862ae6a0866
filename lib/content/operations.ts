import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZContentQuery, ZContentRevision, ZContentRevisionParams, ZContentRevisionsQuery, ZPutContentBody } from "./schemas";

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
    "Appends a revision for a platform. For `service` the source is validated as a survey document and the survey's pages, blocks, navigation rules and variables are replaced to match. Emits `content.updated`. Refused with 409 `workflow_active` while a programming or content-edit workflow is active.",
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
