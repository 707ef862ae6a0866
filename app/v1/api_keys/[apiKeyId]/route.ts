// GET|PATCH|DELETE /v1/api_keys/{apiKeyId} — one key (api_keys:read / api_keys:write)
import { deleteApiKeyOperation, getApiKeyOperation, updateApiKeyOperation } from "@/lib/api-keys/operations";
import { deleteApiKey, getApiKeyOrThrow, serializeApiKey, updateApiKey } from "@/lib/api-keys/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getApiKeyOperation, async ({ auth, params }) => ({
    data: serializeApiKey(await getApiKeyOrThrow(auth.workspaceId, params.apiKeyId)),
  })),
  withApi(updateApiKeyOperation, async ({ auth, params, body }) => ({ data: await updateApiKey(auth, params.apiKeyId, body) })),
  withApi(deleteApiKeyOperation, async ({ auth, params }) => deleteApiKey(auth.workspaceId, params.apiKeyId)),
);
