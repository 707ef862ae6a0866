// POST /v1/integrations/{integrationId}/test — probe the platform and record the result (integrations:write)
import { testIntegrationOperation } from "@/lib/integrations/operations";
import { testIntegration } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(testIntegrationOperation, async ({ auth, params }) => testIntegration(auth, params.integrationId)));
