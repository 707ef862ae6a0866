// GET /v1/integrations/{integrationId}/surveys/{surveyId}/responses/{responseId} — one response (integrations:read)
import { getIntegrationResponseOperation } from "@/lib/integrations/operations";
import { getIntegrationResponse } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getIntegrationResponseOperation, async ({ auth, params, query }) => ({
    data: await getIntegrationResponse(auth, params.integrationId, params.surveyId, params.responseId, query.include === "data"),
  })),
);
