// GET /v1/integrations/{integrationId}/surveys/{surveyId}/responses — responses under response_data_access (integrations:read)
import { listIntegrationResponsesOperation } from "@/lib/integrations/operations";
import { listIntegrationResponses } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listIntegrationResponsesOperation, async ({ auth, params, query }) => listIntegrationResponses(auth, params.integrationId, params.surveyId, query)),
);
