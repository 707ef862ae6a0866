import { z } from "zod";
import { reviewStatus, reviewStatuses } from "@/lib/review/summary";
import { ZCreateSurveyBody, ZListSurveysQuery, ZSurvey } from "@/lib/surveys/schemas";
import { createSurvey, getSurveyOrThrow, listSurveys, serializeSurvey } from "@/lib/surveys/service";
import { ADDITIVE, defineTool, READ_ONLY } from "../tool";

/** Surveys: Interface P `GET/POST /v1/surveys`, `GET /v1/surveys/{id}`, with each survey's review state. */

export const ZSurveyId = z.string().trim().min(1).max(200).describe("The survey's id (uuid), as list_surveys or create_survey return it.");

const ZReviewState = z
  .object({
    state: z.enum(["not_programmed", "programming", "needs_review", "clean"]),
    open: z.number().int().describe("Open review flags on the programmed survey."),
  })
  .describe("Where the survey stands: not programmed yet, being programmed, programmed with open review flags, or programmed and clean.");

const ZSurveyWithReview = ZSurvey.extend({ review: ZReviewState });

export const listSurveysTool = defineTool({
  name: "list_surveys",
  title: "List or find surveys",
  description: "Surveys of the workspace, newest first, each with its review state. Pass `q` to find surveys by a part of their name or slug.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: ZListSurveysQuery.pick({ q: true, cursor: true }).extend({
    limit: z.number().int().min(1).max(100).default(25).describe("Page size, 1–100 (default 25)."),
  }),
  output: z.object({
    surveys: z.array(ZSurveyWithReview),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  }),
  run: async (input, { auth }) => {
    const page = await listSurveys(auth.workspaceId, input);
    const statuses = await reviewStatuses(page.data.map((survey) => survey.id));
    return {
      surveys: page.data.map((survey) => ({ ...survey, review: statuses.get(survey.id) ?? { state: "not_programmed", open: 0 } })),
      next_cursor: page.pagination.next_cursor,
    };
  },
});

export const getSurveyTool = defineTool({
  name: "get_survey",
  title: "Get a survey",
  description: "One survey of the workspace with its review state.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId }),
  output: z.object({ survey: ZSurveyWithReview }),
  run: async ({ survey_id }, { auth }) => {
    const survey = await getSurveyOrThrow(auth.workspaceId, survey_id);
    return { survey: { ...serializeSurvey(survey), review: await reviewStatus(survey.id) } };
  },
});

export const createSurveyTool = defineTool({
  name: "create_survey",
  title: "Create a survey",
  description: "Creates an empty survey in the workspace. Then upload its questionnaire (upload_questionnaire) and program it (start_programming).",
  access: "surveys:write",
  annotations: ADDITIVE,
  // `.extend({})` drops the schema's registry id: a tool's schema must be an inline object, not a `$ref`.
  input: ZCreateSurveyBody.extend({}),
  output: z.object({ survey: ZSurvey }),
  run: async (input, { auth }) => ({ survey: await createSurvey(auth, input) }),
});

export const SURVEY_TOOLS = [listSurveysTool, getSurveyTool, createSurveyTool];
