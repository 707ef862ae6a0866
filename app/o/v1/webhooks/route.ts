// GET /o/v1/webhooks — list the organization's webhooks (webhooks:read) · POST /o/v1/webhooks — subscribe (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oCreateWebhookOperation, oListWebhooksOperation } from "@/lib/webhooks/o-operations";
import { createOWebhook, listOWebhooks } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oListWebhooksOperation, async ({ auth }) => listOWebhooks(auth.organizationId)),
  withApi(oCreateWebhookOperation, async ({ auth, body }) => createOWebhook(auth, body)),
);
