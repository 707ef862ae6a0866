import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZCreateSurveyBody, ZListSurveysQuery, ZSurvey, ZSurveyParams, ZUpdateSurveyBody } from "./schemas";

const tags = ["Surveys"];
const ZSurveyResponse = z.object({ data: ZSurvey });

export const listSurveysOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys",
  access: { scope: "surveys:read" },
  summary: "List surveys",
  description: "Surveys of the caller's workspace, newest first.",
  tags,
  query: ZListSurveysQuery,
  response: { status: 200, description: "A page of surveys.", schema: paginated(ZSurvey) },
});

export const createSurveyOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys",
  access: { scope: "surveys:write" },
  summary: "Create a survey",
  tags,
  body: ZCreateSurveyBody,
  response: { status: 201, description: "The new survey.", schema: ZSurveyResponse },
  errors: ["duplicate_slug"],
});

export const getSurveyOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}",
  access: { scope: "surveys:read" },
  summary: "Get a survey",
  tags,
  params: ZSurveyParams,
  response: { status: 200, description: "The survey.", schema: ZSurveyResponse },
  errors: ["not_found"],
});

export const updateSurveyOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/surveys/{surveyId}",
  access: { scope: "surveys:write" },
  summary: "Update a survey",
  tags,
  params: ZSurveyParams,
  body: ZUpdateSurveyBody,
  response: { status: 200, description: "The updated survey.", schema: ZSurveyResponse },
  errors: ["not_found", "duplicate_slug"],
});

export const deleteSurveyOperation = defineOperation({
  api: "P",
  method: "DELETE",
  path: "/surveys/{surveyId}",
  access: { scope: "surveys:write" },
  summary: "Delete a survey",
  description: "Deletes the survey with its files, questionnaire revisions, programmed content and history.",
  tags,
  params: ZSurveyParams,
  response: { status: 204, description: "Deleted." },
  errors: ["not_found"],
});
