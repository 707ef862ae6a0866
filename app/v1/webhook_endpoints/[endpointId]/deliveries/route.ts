// GET /v1/webhook_endpoints/{endpointId}/deliveries — deliveries with their attempts (webhooks:read)
import { routes, withApi } from "@/lib/http/with-api";
import { listWebhookDeliveriesOperation } from "@/lib/webhooks/operations";
import { listDeliveries } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listWebhookDeliveriesOperation, async ({ auth, params, query }) => listDeliveries(auth.workspaceId, params.endpointId, query)),
);
