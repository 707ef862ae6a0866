// GET /v1/api_keys — list keys (api_keys:read) · POST /v1/api_keys — create a key (api_keys:write)
import { createApiKeyOperation, listApiKeysOperation } from "@/lib/api-keys/operations";
import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listApiKeysOperation, async ({ auth, query }) => listApiKeys(auth.workspaceId, query)),
  withApi(createApiKeyOperation, async ({ auth, body }) => ({ data: await createApiKey(auth, body) })),
);
