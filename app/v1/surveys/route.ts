// GET /v1/surveys — list surveys (surveys:read) · POST /v1/surveys — create a survey (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { createSurveyOperation, listSurveysOperation } from "@/lib/surveys/operations";
import { createSurvey, listSurveys } from "@/lib/surveys/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listSurveysOperation, async ({ auth, query }) => listSurveys(auth.workspaceId, query)),
  withApi(createSurveyOperation, async ({ auth, body }) => ({ data: await createSurvey(auth, body) })),
);
