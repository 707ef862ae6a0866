// GET · PATCH · DELETE /v1/integrations/{integrationId} — read (integrations:read), update and delete (integrations:write)
import { deleteIntegrationOperation, getIntegrationOperation, updateIntegrationOperation } from "@/lib/integrations/operations";
import { deleteIntegration, getIntegrationRow, serializeIntegration, updateIntegration } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getIntegrationOperation, async ({ auth, params }) => ({ data: serializeIntegration(await getIntegrationRow(auth.workspaceId, params.integrationId)) })),
  withApi(updateIntegrationOperation, async ({ auth, params, body }) => ({ data: await updateIntegration(auth, params.integrationId, body) })),
  withApi(deleteIntegrationOperation, async ({ auth, params }) => deleteIntegration(auth, params.integrationId)),
);
