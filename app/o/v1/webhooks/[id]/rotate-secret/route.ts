// POST /o/v1/webhooks/{id}/rotate-secret — new secret; the old one stops working at once (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oRotateWebhookSecretOperation } from "@/lib/webhooks/o-operations";
import { getOWebhookOrThrow, rotateEndpointSecret, serializeOWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oRotateWebhookSecretOperation, async ({ auth, params }) => {
    const { endpoint, secret } = await rotateEndpointSecret(await getOWebhookOrThrow(auth.organizationId, params.id));
    return { ...serializeOWebhook(endpoint), secret };
  }),
);
