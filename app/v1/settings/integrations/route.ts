// GET|PUT|PATCH /v1/settings/integrations — response data access (surveys:read, integrations:read or meta:read / surveys:write or integrations:write)
import { routes, withApi } from "@/lib/http/with-api";
import { getIntegrationSettingsOperation, patchIntegrationSettingsOperation, putIntegrationSettingsOperation } from "@/lib/settings/operations";
import { getIntegrationSettings, updateIntegrationSettings } from "@/lib/settings/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getIntegrationSettingsOperation, async ({ auth }) => ({ data: await getIntegrationSettings(auth.workspaceId) })),
  withApi(putIntegrationSettingsOperation, async ({ auth, body }) => ({ data: await updateIntegrationSettings(auth.workspaceId, body) })),
  withApi(patchIntegrationSettingsOperation, async ({ auth, body }) => ({ data: await updateIntegrationSettings(auth.workspaceId, body) })),
);
