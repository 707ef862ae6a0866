import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { ERROR_CODES, ZErrorBody, type ErrorCode } from "./errors";
import type { ApiName, OperationSpec } from "./operation";

/** Interface P's version and base path are fixed by the interface document (Versioning). */
export const API_VERSION = "0.0.1";

const ZOrgHeader = z.object({
  "X-Org-Id": z.string().describe("The organization the request acts on; it must be the credential's organization (400 when missing, 403 when not)."),
});

const COMMON_ERRORS: ErrorCode[] = ["validation_error", "unauthorized", "forbidden", "rate_limited", "internal_error"];

const DOCUMENTS: Record<ApiName, { title: string; server: string; description: string }> = {
  P: {
    title: "Survey programming service — Interface P",
    server: "/v1",
    description:
      "Workspace-scoped API. Authenticate with `Authorization: Bearer <API key>`; the key selects the workspace. " +
      "Errors share one body: `{ error, message, ... }`. Lists use cursor pagination (`limit`, `cursor`).",
  },
  O: {
    title: "Survey programming service — Interface O",
    server: "/o/v1",
    description: "Organization-scoped API. Send `Authorization: Bearer <token>` and `X-Org-Id`.",
  },
};

function accessNote(operation: OperationSpec): string {
  const { access } = operation;
  if (access === "public") return "No authentication.";
  if (access === "authenticated") return "Any valid credential.";
  if ("scope" in access) return `Scope: \`${access.scope}\`.`;
  return `Scope: any of ${access.anyScope.map((scope) => `\`${scope}\``).join(", ")}.`;
}

function errorResponses(operation: OperationSpec) {
  const codes = operation.access === "public" ? ["internal_error" as const] : [...COMMON_ERRORS, ...(operation.errors ?? [])];
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(codes)) byStatus.set(ERROR_CODES[code], [...(byStatus.get(ERROR_CODES[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      { description: `Error: ${list.map((code) => `\`${code}\``).join(", ")}.`, content: { "application/json": { schema: ZErrorBody } } },
    ]),
  );
}

function toOpenApiOperation(operation: OperationSpec): ZodOpenApiOperationObject {
  const { response } = operation;
  const scopes = operation.access === "public" || operation.access === "authenticated" ? [] : "scope" in operation.access ? [operation.access.scope] : [...operation.access.anyScope];
  return {
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: operation.summary,
    description: [operation.description, accessNote(operation)].filter(Boolean).join("\n\n"),
    tags: [...operation.tags],
    security: operation.access === "public" ? [] : [{ bearerAuth: [] }],
    "x-required-scopes": scopes,
    requestParams: {
      ...(operation.api === "O" && operation.access !== "public" ? { header: ZOrgHeader } : {}),
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    requestBody: operation.body
      ? { required: true, content: { "application/json": { schema: operation.body } } }
      : operation.form
        ? { required: true, content: { "multipart/form-data": { schema: operation.form } } }
        : undefined,
    responses: {
      [String(response.status)]: {
        description: response.description,
        content: response.schema || response.contentType ? { [response.contentType ?? "application/json"]: response.schema ? { schema: response.schema } : {} } : undefined,
      },
      ...errorResponses(operation),
    },
  };
}

export function buildOpenApiDocument(api: ApiName, operations: readonly OperationSpec[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations.filter((candidate) => candidate.api === api)) {
    const item = (paths[operation.path] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[operation.method.toLowerCase()] = toOpenApiOperation(operation);
  }
  const meta = DOCUMENTS[api];
  return createDocument({
    openapi: "3.1.0",
    info: { title: meta.title, version: API_VERSION, description: meta.description },
    servers: [{ url: meta.server }],
    paths,
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key (`qpk_live_…`)." } } },
  });
}
