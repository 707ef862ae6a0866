// GET /o/v1/webhooks/{id}/deliveries — delivery log (webhooks:read)
import { routes, withApi } from "@/lib/http/with-api";
import { oListWebhookDeliveriesOperation } from "@/lib/webhooks/o-operations";
import { listODeliveries } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oListWebhookDeliveriesOperation, async ({ auth, params, query }) => listODeliveries(auth.organizationId, params.id, query.limit)),
);
