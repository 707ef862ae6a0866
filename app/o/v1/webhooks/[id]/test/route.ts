// POST /o/v1/webhooks/{id}/test — queue a synthetic survey.created delivery (webhooks:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oTestWebhookOperation } from "@/lib/webhooks/o-operations";
import { testOWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oTestWebhookOperation, async ({ auth, params }) => testOWebhook(auth.organizationId, params.id)));
