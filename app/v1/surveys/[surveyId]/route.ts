// GET|PATCH|DELETE /v1/surveys/{surveyId} — one survey (surveys:read / surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { deleteSurveyOperation, getSurveyOperation, updateSurveyOperation } from "@/lib/surveys/operations";
import { deleteSurvey, getSurveyOrThrow, serializeSurvey, updateSurvey } from "@/lib/surveys/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getSurveyOperation, async ({ auth, params }) => ({
    data: serializeSurvey(await getSurveyOrThrow(auth.workspaceId, params.surveyId)),
  })),
  withApi(updateSurveyOperation, async ({ auth, params, body }) => ({ data: await updateSurvey(auth, params.surveyId, body) })),
  withApi(deleteSurveyOperation, async ({ auth, params }) => deleteSurvey(auth, params.surveyId)),
);
