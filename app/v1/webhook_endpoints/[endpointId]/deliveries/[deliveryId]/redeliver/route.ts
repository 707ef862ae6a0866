// POST /v1/webhook_endpoints/{endpointId}/deliveries/{deliveryId}/redeliver — back to pending, queued now (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { redeliverWebhookDeliveryOperation } from "@/lib/webhooks/operations";
import { redeliver } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(redeliverWebhookDeliveryOperation, async ({ auth, params }) => ({
    data: await redeliver(auth.workspaceId, params.endpointId, params.deliveryId),
  })),
);
