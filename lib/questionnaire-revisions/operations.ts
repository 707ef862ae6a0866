import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZListRevisionsQuery, ZPutQuestionnaireBody, ZQuestionnaireRevision, ZRevisionParams } from "./schemas";

const tags = ["Questionnaire"];
const ZRevisionResponse = z.object({ data: ZQuestionnaireRevision });

export const getQuestionnaireOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire",
  access: { scope: "surveys:read" },
  summary: "Get the current questionnaire",
  description: "The tip (highest) questionnaire revision with its file. 404 while no questionnaire has been asserted.",
  tags,
  params: ZSurveyParams,
  response: { status: 200, description: "The tip revision.", schema: ZRevisionResponse },
  errors: ["not_found"],
});

export const putQuestionnaireOperation = defineOperation({
  api: "P",
  method: "PUT",
  path: "/surveys/{surveyId}/questionnaire",
  access: { scope: "surveys:write" },
  summary: "Assert a file as the questionnaire",
  description:
    "Appends questionnaire revision n+1 pointing at `file_id`, which must be a `ready` file of this survey (else 409 " +
    "`file_not_ready`; an unknown file is 404). Concurrent calls get consecutive revision numbers. Emits `questionnaire.updated`.",
  tags,
  params: ZSurveyParams,
  body: ZPutQuestionnaireBody,
  response: { status: 200, description: "The new tip revision.", schema: ZRevisionResponse },
  errors: ["not_found", "file_not_ready"],
});

export const listQuestionnaireRevisionsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/revisions",
  access: { scope: "surveys:read" },
  summary: "List questionnaire revisions",
  description: "The history of file references, newest first.",
  tags,
  params: ZSurveyParams,
  query: ZListRevisionsQuery,
  response: { status: 200, description: "A page of revisions.", schema: paginated(ZQuestionnaireRevision) },
  errors: ["not_found"],
});

export const getQuestionnaireRevisionOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/revisions/{revision}",
  access: { scope: "surveys:read" },
  summary: "Get one questionnaire revision",
  tags,
  params: ZRevisionParams,
  response: { status: 200, description: "The revision.", schema: ZRevisionResponse },
  errors: ["not_found"],
});
