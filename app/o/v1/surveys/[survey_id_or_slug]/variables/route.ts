// GET /o/v1/surveys/{survey_id_or_slug}/variables — list variables (surveys:read) · POST — declare a hidden or computed variable (surveys:write)
import { createVariable, listVariables } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";
import { oCreateVariableOperation, oListVariablesOperation } from "@/lib/surveys/o-operations";
import { getOrgSurveyOrThrow } from "@/lib/surveys/o-service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oListVariablesOperation, async ({ auth, params }) => {
    const items = await listVariables((await getOrgSurveyOrThrow(auth, params.survey_id_or_slug)).id);
    return { total: items.length, items };
  }),
  withApi(oCreateVariableOperation, async ({ auth, params, body }) => createVariable(auth, await getOrgSurveyOrThrow(auth, params.survey_id_or_slug), body)),
);
