// GET /v1/integrations/{integrationId}/surveys — the platform's surveys, metadata only (integrations:read)
import { listIntegrationSurveysOperation } from "@/lib/integrations/operations";
import { listIntegrationSurveys } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(listIntegrationSurveysOperation, async ({ auth, params, query }) => listIntegrationSurveys(auth, params.integrationId, query)));
