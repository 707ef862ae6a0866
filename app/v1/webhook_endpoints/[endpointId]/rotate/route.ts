// POST /v1/webhook_endpoints/{endpointId}/rotate — new signing secret, shown once (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { rotateWebhookEndpointSecretOperation } from "@/lib/webhooks/operations";
import { getEndpointOrThrow, rotateEndpointSecret, serializeEndpoint } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(rotateWebhookEndpointSecretOperation, async ({ auth, params }) => {
    const { endpoint, secret } = await rotateEndpointSecret(await getEndpointOrThrow(auth.workspaceId, params.endpointId));
    return { data: { ...serializeEndpoint(endpoint), secret } };
  }),
);
