// GET /o/v1/openapi.json — the OpenAPI 3.1 document of Interface O (public)
import { openApiDocument } from "@/lib/http/openapi-document";
import { routes, withApi } from "@/lib/http/with-api";
import { oOpenApiOperation } from "@/lib/meta/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oOpenApiOperation, async () => ({ ...openApiDocument("O") })));
