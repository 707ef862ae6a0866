// POST /v1/api_keys/{apiKeyId}/rotate — new secret, same scopes (api_keys:write)
import { rotateApiKeyOperation } from "@/lib/api-keys/operations";
import { rotateApiKey } from "@/lib/api-keys/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(rotateApiKeyOperation, async ({ auth, params }) => ({ data: await rotateApiKey(auth, params.apiKeyId) })),
);
