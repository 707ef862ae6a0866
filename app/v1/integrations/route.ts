// POST /v1/integrations — connect a platform (integrations:write) · GET /v1/integrations — list (integrations:read)
import { createIntegrationOperation, listIntegrationsOperation } from "@/lib/integrations/operations";
import { createIntegration, listIntegrations } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listIntegrationsOperation, async ({ auth, query }) => listIntegrations(auth.workspaceId, query)),
  withApi(createIntegrationOperation, async ({ auth, body }) => ({ data: await createIntegration(auth, body) })),
);
