import { describe, expect, it } from "vitest";
import { SCOPES, hasAnyScope, hasScope, type Scope } from "@/lib/auth/scopes";
import { openApiDocument } from "@/lib/http/openapi-document";
import type { OperationSpec } from "@/lib/http/operation";
import { OPERATIONS } from "@/lib/http/registry";
import { listRouteFiles, loadRouteModule, request } from "../helpers/api";
import { addKey, createTenant } from "../helpers/tenant";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `/app/v1/surveys/[surveyId]/route.ts` → `/surveys/{surveyId}` (the OpenAPI path, server `/v1`). */
function openApiPath(file: string, prefix: string): string {
  return file
    .replace(new RegExp(`^/app${prefix}`), "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[([^\]]+)\]/g, "{$1}") || "/";
}

async function operationsOf(file: string) {
  const routeModule = await loadRouteModule(file);
  return METHODS.flatMap((method) => {
    const handler = routeModule[method] as { operation?: OperationSpec } | undefined;
    return handler?.operation ? [{ method, operation: handler.operation }] : [];
  });
}

const INTERFACES = [
  { api: "P", prefix: "/v1" },
  { api: "O", prefix: "/o/v1" },
] as const;

function routesOf(prefix: string) {
  return listRouteFiles().filter((file) => file.startsWith(`/app${prefix}/`) && !file.includes("[..."));
}

function concretePath(prefix: string, operation: OperationSpec): string {
  return `${prefix}${operation.path.replace(/\{[^}]+\}/g, "00000000-0000-7000-8000-000000000000")}`;
}

function scopeThatDoesNotSatisfy(operation: OperationSpec): Scope | null {
  const access = operation.access;
  if (access === "public" || access === "authenticated") return null;
  return SCOPES.find((scope) => scope !== "*" && !("scope" in access ? hasScope([scope], access.scope) : hasAnyScope([scope], access.anyScope))) ?? null;
}

describe.each(INTERFACES)("every $prefix route (Interface $api)", ({ api, prefix }) => {
  const interfaceRoutes = routesOf(prefix);

  it("has at least one handler declared through an operation", async () => {
    expect(interfaceRoutes.length).toBeGreaterThan(api === "P" ? 5 : 1);
    for (const file of interfaceRoutes) expect((await operationsOf(file)).length, file).toBeGreaterThan(0);
  });

  it("is declared at the path of its file and listed in the OpenAPI document", async () => {
    const document = openApiDocument(api) as unknown as { paths: Record<string, Record<string, unknown>> };
    for (const file of interfaceRoutes) {
      for (const { method, operation } of await operationsOf(file)) {
        expect(operation.api, file).toBe(api);
        expect(operation.method, file).toBe(method);
        expect(operation.path, file).toBe(openApiPath(file, prefix));
        expect(OPERATIONS, `${method} ${operation.path} missing from the registry`).toContain(operation);
        expect(document.paths[operation.path]?.[method.toLowerCase()], `${method} ${operation.path} missing from openapi.json`).toBeDefined();
      }
    }
  });

  it("refuses a request without a key (401) and a key without the scope (403)", async () => {
    const { workspace, organization } = await createTenant();
    // Interface O also needs the organization header; with it, only the key and scope decide.
    const headers: Record<string, string> = api === "O" ? { "x-org-id": organization.id } : {};
    for (const file of interfaceRoutes) {
      for (const { method, operation } of await operationsOf(file)) {
        if (operation.access === "public") continue;
        const path = concretePath(prefix, operation);
        const body = method === "GET" || method === "DELETE" ? undefined : {};
        const anonymous = await request(method, path, { body, headers });
        expect(anonymous.status, `${method} ${path} without a key`).toBe(401);
        expect(anonymous.body.error).toBe("unauthorized");
        const scope = scopeThatDoesNotSatisfy(operation);
        if (!scope) continue;
        const { key } = await addKey(workspace.id, [scope]);
        const forbidden = await request(method, path, { key, body, headers });
        expect(forbidden.status, `${method} ${path} with ${scope}`).toBe(403);
        expect(forbidden.body.error).toBe("forbidden");
      }
    }
  });
});

describe("Interface O's organization header", () => {
  it("is required (400) and must name the key's own organization (403)", async () => {
    const { key, organization } = await createTenant();
    const other = await createTenant();
    const missing = await request("GET", "/o/v1/webhooks", { key });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "validation_error", details: [{ path: "header.X-Org-Id" }] });
    const foreign = await request("GET", "/o/v1/webhooks", { key, headers: { "x-org-id": other.organization.id } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("forbidden");
    const own = await request("GET", "/o/v1/webhooks", { key, headers: { "x-org-id": organization.id } });
    expect(own.status).toBe(200);
  });

  it("unknown /o/v1 paths answer a JSON 404", async () => {
    for (const path of ["/o/v1", "/o/v1/no/such/route"]) {
      const response = await request("GET", path);
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ error: "not_found" });
    }
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, version 0.0.1, served at /v1", async () => {
    const response = await request("GET", "/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0", info: { version: "0.0.1" }, servers: [{ url: "/v1" }] });
    expect(response.body.components.schemas).toHaveProperty("Survey");
    expect(response.body.components.schemas).toHaveProperty("Error");
    expect(response.body.paths["/surveys"].post.requestBody.content["application/json"].schema).toBeDefined();
  });
});

describe("the OpenAPI document of Interface O", () => {
  it("is OpenAPI 3.1 served at /o/v1 with the X-Org-Id header on every authenticated operation", async () => {
    const response = await request("GET", "/o/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0", servers: [{ url: "/o/v1" }] });
    const create = response.body.paths["/webhooks"].post;
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: "header", name: "X-Org-Id", required: true })]));
  });

  it("lists the twelve operations of the interface document", async () => {
    const { body } = await request("GET", "/o/v1/openapi.json");
    const listed = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /surveys",
        "PUT /surveys/{survey_id_or_slug}",
        "POST /surveys/{survey_id_or_slug}/program-from-file/{fileId}",
        "POST /surveys/{survey_id_or_slug}/validation/fix",
        "POST /surveys/{survey_id_or_slug}/pages",
        "GET /pages/{page_id}/navigation-rules",
        "POST /files",
        "DELETE /variables/{variable_id}",
        "POST /webhooks",
        "GET /webhooks/{id}/deliveries",
        "POST /webhooks/{id}/rotate-secret",
        "POST /webhooks/{id}/test",
      ]),
    );
    expect(body.paths["/files"].post.requestBody.content["multipart/form-data"].schema).toBeDefined();
    expect(body.paths["/surveys"].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(["limit", "offset", "search"]));
  });
});
