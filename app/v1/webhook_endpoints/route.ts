// GET /v1/webhook_endpoints — list endpoints (webhooks:read) · POST /v1/webhook_endpoints — register one (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { createWebhookEndpointOperation, listWebhookEndpointsOperation } from "@/lib/webhooks/operations";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listWebhookEndpointsOperation, async ({ auth, query }) => listEndpoints(auth.workspaceId, query)),
  withApi(createWebhookEndpointOperation, async ({ auth, body }) => ({ data: await createEndpoint(auth, body) })),
);
