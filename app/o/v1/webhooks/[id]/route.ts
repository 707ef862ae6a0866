// GET|PUT|DELETE /o/v1/webhooks/{id} — one webhook of the organization (webhooks:read / webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oDeleteWebhookOperation, oGetWebhookOperation, oUpdateWebhookOperation } from "@/lib/webhooks/o-operations";
import { deleteOWebhook, getOWebhookOrThrow, serializeOWebhook, updateOWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oGetWebhookOperation, async ({ auth, params }) => serializeOWebhook(await getOWebhookOrThrow(auth.organizationId, params.id))),
  withApi(oUpdateWebhookOperation, async ({ auth, params, body }) => updateOWebhook(auth.organizationId, params.id, body)),
  withApi(oDeleteWebhookOperation, async ({ auth, params }) => deleteOWebhook(auth.organizationId, params.id)),
);
