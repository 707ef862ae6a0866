// GET /v1/integrations/{integrationId}/surveys/{surveyId}/content — the upstream survey's tip definition (integrations:read)
import { getIntegrationSurveyContentOperation } from "@/lib/integrations/operations";
import { integrationSurveyContent } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getIntegrationSurveyContentOperation, async ({ auth, params }) => ({ data: await integrationSurveyContent(auth, params.integrationId, params.surveyId) })),
);
