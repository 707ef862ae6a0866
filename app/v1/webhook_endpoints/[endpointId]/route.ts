// GET|PATCH|DELETE /v1/webhook_endpoints/{endpointId} — one endpoint (webhooks:read / webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { deleteWebhookEndpointOperation, getWebhookEndpointOperation, updateWebhookEndpointOperation } from "@/lib/webhooks/operations";
import { deleteEndpoint, getEndpointOrThrow, serializeEndpoint, updateEndpoint } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getWebhookEndpointOperation, async ({ auth, params }) => ({
    data: serializeEndpoint(await getEndpointOrThrow(auth.workspaceId, params.endpointId)),
  })),
  withApi(updateWebhookEndpointOperation, async ({ auth, params, body }) => ({ data: await updateEndpoint(auth.workspaceId, params.endpointId, body) })),
  withApi(deleteWebhookEndpointOperation, async ({ auth, params }) => deleteEndpoint(auth.workspaceId, params.endpointId)),
);
