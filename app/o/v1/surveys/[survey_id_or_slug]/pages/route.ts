// POST /o/v1/surveys/{survey_id_or_slug}/pages — add a page (surveys:write)
import { createPage } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";
import { oCreatePageOperation } from "@/lib/surveys/o-operations";
import { getOrgSurveyOrThrow } from "@/lib/surveys/o-service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oCreatePageOperation, async ({ auth, params, body }) => createPage(auth, await getOrgSurveyOrThrow(auth, params.survey_id_or_slug), body)),
);
