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

const interfaceRoutes = listRouteFiles().filter((file) => file.startsWith("/app/v1/") && !file.includes("[..."));

function concretePath(operation: OperationSpec): string {
  return `/v1${operation.path.replace(/\{[^}]+\}/g, "00000000-0000-7000-8000-000000000000")}`;
}

function scopeThatDoesNotSatisfy(operation: OperationSpec): Scope | null {
  const access = operation.access;
  if (access === "public" || access === "authenticated") return null;
  return SCOPES.find((scope) => scope !== "*" && !("scope" in access ? hasScope([scope], access.scope) : hasAnyScope([scope], access.anyScope))) ?? null;
}

describe("every /v1 route", () => {
  it("has at least one handler declared through an operation", async () => {
    expect(interfaceRoutes.length).toBeGreaterThan(5);
    for (const file of interfaceRoutes) expect((await operationsOf(file)).length, file).toBeGreaterThan(0);
  });

  it("is declared at the path of its file and listed in the OpenAPI document", async () => {
    const document = openApiDocument("P") as unknown as { paths: Record<string, Record<string, unknown>> };
    for (const file of interfaceRoutes) {
      for (const { method, operation } of await operationsOf(file)) {
        expect(operation.method, file).toBe(method);
        expect(operation.path, file).toBe(openApiPath(file, "/v1"));
        expect(OPERATIONS, `${method} ${operation.path} missing from the registry`).toContain(operation);
        expect(document.paths[operation.path]?.[method.toLowerCase()], `${method} ${operation.path} missing from openapi.json`).toBeDefined();
      }
    }
  });

  it("refuses a request without a key (401) and a key without the scope (403)", async () => {
    const { workspace } = await createTenant();
    for (const file of interfaceRoutes) {
      for (const { method, operation } of await operationsOf(file)) {
        if (operation.access === "public") continue;
        const path = concretePath(operation);
        const anonymous = await request(method, path, { body: method === "GET" || method === "DELETE" ? undefined : {} });
        expect(anonymous.status, `${method} ${path} without a key`).toBe(401);
        expect(anonymous.body.error).toBe("unauthorized");
        const scope = scopeThatDoesNotSatisfy(operation);
        if (!scope) continue;
        const { key } = await addKey(workspace.id, [scope]);
        const forbidden = await request(method, path, { key, body: method === "GET" || method === "DELETE" ? undefined : {} });
        expect(forbidden.status, `${method} ${path} with ${scope}`).toBe(403);
        expect(forbidden.body.error).toBe("forbidden");
      }
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
