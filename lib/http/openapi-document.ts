import { buildOpenApiDocument } from "./openapi";
import type { ApiName } from "./operation";
import { OPERATIONS } from "./registry";

const cache = new Map<ApiName, ReturnType<typeof buildOpenApiDocument>>();

/** Built once per process: the operations are static. */
export function openApiDocument(api: ApiName) {
  let document = cache.get(api);
  if (!document) {
    document = buildOpenApiDocument(api, OPERATIONS);
    cache.set(api, document);
  }
  return document;
}
