// GET /o/v1/surveys/{survey_id_or_slug} — a survey with its pages (surveys:read) · PUT — rename, re-slug, re-order (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oGetSurveyOperation, oUpdateSurveyOperation } from "@/lib/surveys/o-operations";
import { getOrgSurvey, updateOrgSurvey } from "@/lib/surveys/o-service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oGetSurveyOperation, async ({ auth, params }) => getOrgSurvey(auth, params.survey_id_or_slug)),
  withApi(oUpdateSurveyOperation, async ({ auth, params, body }) => updateOrgSurvey(auth, params.survey_id_or_slug, body)),
);
