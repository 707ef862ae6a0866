import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { paginated, ZPaginationQuery } from "@/lib/http/pagination";
import { ZApiKey, ZApiKeyParams, ZApiKeyWithSecret, ZCreateApiKeyBody, ZUpdateApiKeyBody } from "./schemas";

const tags = ["API keys"];

export const createApiKeyOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/api_keys",
  access: { scope: "api_keys:write" },
  summary: "Create an API key",
  description: "Returns the secret in `data.key`, this once. A key can grant only scopes the caller holds.",
  tags,
  body: ZCreateApiKeyBody,
  response: { status: 201, description: "The key with its secret.", schema: z.object({ data: ZApiKeyWithSecret }) },
});

export const listApiKeysOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/api_keys",
  access: { scope: "api_keys:read" },
  summary: "List API keys",
  tags,
  query: ZPaginationQuery,
  response: { status: 200, description: "A page of keys (hints only, never secrets).", schema: paginated(ZApiKey) },
});

export const getApiKeyOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/api_keys/{apiKeyId}",
  access: { scope: "api_keys:read" },
  summary: "Get an API key",
  tags,
  params: ZApiKeyParams,
  response: { status: 200, description: "The key (hint only).", schema: z.object({ data: ZApiKey }) },
  errors: ["not_found"],
});

export const updateApiKeyOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/api_keys/{apiKeyId}",
  access: { scope: "api_keys:write" },
  summary: "Update an API key",
  description: "Rename, disable (`enabled: false`) or change `expires_at`. 403 when the key has scopes the caller does not hold.",
  tags,
  params: ZApiKeyParams,
  body: ZUpdateApiKeyBody,
  response: { status: 200, description: "The updated key.", schema: z.object({ data: ZApiKey }) },
  errors: ["not_found"],
});

export const rotateApiKeyOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/api_keys/{apiKeyId}/rotate",
  access: { scope: "api_keys:write" },
  summary: "Rotate an API key",
  description: "Issues a new secret with the same scopes; the old secret stops working at once. 403 when the key has scopes the caller does not hold.",
  tags,
  params: ZApiKeyParams,
  response: { status: 200, description: "The key with its new secret.", schema: z.object({ data: ZApiKeyWithSecret }) },
  errors: ["not_found"],
});

export const deleteApiKeyOperation = defineOperation({
  api: "P",
  method: "DELETE",
  path: "/api_keys/{apiKeyId}",
  access: { scope: "api_keys:write" },
  summary: "Delete (revoke) an API key",
  tags,
  params: ZApiKeyParams,
  response: { status: 204, description: "Revoked permanently." },
  errors: ["not_found"],
});
