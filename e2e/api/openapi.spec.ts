import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const PLACEHOLDER_ID = "00000000-0000-7000-8000-000000000000";

/**
 * `app/v1/surveys/[surveyId]/route.ts` → `/surveys/{surveyId}`, `[...key]` → `{key}`, `%5Fdev` → `_dev`
 * (as Next maps it); the optional catch-all that answers unknown paths is not an operation.
 */
function routePathsOnDisk(directory = path.join(process.cwd(), "app", "v1"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "route.ts") found.push(prefix || "/");
    if (!entry.isDirectory() || entry.name.startsWith("[[...")) continue;
    const name = entry.name.replace(/%5F/gi, "_").replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}");
    const segment = /^\(.*\)$/.test(name) ? "" : `/${name}`;
    found.push(...routePathsOnDisk(path.join(directory, entry.name), prefix + segment));
  }
  return found;
}

type Document = { openapi: string; info: { version: string }; servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };

test.describe("the OpenAPI document of the built app", () => {
  test("is OpenAPI 3.1, version 0.0.1, server /v1, served without a key", async ({ api }) => {
    const response = await api.get("/v1/openapi.json", { key: null });
    expect(response.status).toBe(200);
    const document = response.body as Document;
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe("0.0.1");
    expect(document.servers.map((server) => server.url)).toContain("/v1");
  });

  test("lists exactly the route files under app/v1, and each listed method is served while the others are 405", async ({ api }) => {
    const document = (await api.get("/v1/openapi.json")).body as Document;
    const onDisk = routePathsOnDisk().sort();
    expect(onDisk.length).toBeGreaterThan(5);
    expect(Object.keys(document.paths).sort()).toEqual(onDisk);

    // A key that passes authentication but no scoped operation, so no handler with side effects runs.
    const probe = api.as((await api.createKey(["meta:read"], { name: "openapi probe" })).key);
    for (const route of onDisk) {
      const concrete = `/v1${route.replace(/\{[^}]+\}/g, PLACEHOLDER_ID)}`;
      for (const method of METHODS) {
        const response = await probe.send(method.toUpperCase(), concrete, method === "get" || method === "delete" ? {} : { json: {} });
        const label = `${method.toUpperCase()} ${route}`;
        expect(response.headers["content-type"] ?? "", label).toContain("application/json");
        if (document.paths[route][method]) {
          expect(response.status, label).not.toBe(405);
          expect(response.body?.resource, label).not.toBe("route");
        } else {
          expect(response.status, `${label} is not in the document, so it must be 405`).toBe(405);
          expect(response.body.error).toBe("method_not_allowed");
        }
      }
    }
  });
});

test.describe("the OpenAPI document of Interface O in the built app", () => {
  test("lists exactly the route files under app/o/v1, and each listed method is served while the others are 405", async ({ api }) => {
    const document = (await api.get("/o/v1/openapi.json", { key: null })).body as Document;
    expect(document.servers.map((server) => server.url)).toContain("/o/v1");
    const onDisk = routePathsOnDisk(path.join(process.cwd(), "app", "o", "v1")).sort();
    expect(Object.keys(document.paths).sort()).toEqual(onDisk);
    for (const required of ["/surveys", "/surveys/{survey_id_or_slug}", "/surveys/{survey_id_or_slug}/program-from-file/{fileId}", "/pages/{page_id}/navigation-rules", "/files", "/variables/{variable_id}"]) {
      expect(onDisk).toContain(required);
    }

    const organizationId = (await api.get("/v1/whoami")).body.organization_id as string;
    const probe = api.as((await api.createKey(["meta:read"], { name: "openapi probe O" })).key);
    for (const route of onDisk) {
      const concrete = `/o/v1${route.replace(/\{[^}]+\}/g, PLACEHOLDER_ID)}`;
      for (const method of METHODS) {
        const headers = { "x-org-id": organizationId };
        const response = await probe.send(method.toUpperCase(), concrete, method === "get" || method === "delete" ? { headers } : { json: {}, headers });
        const label = `${method.toUpperCase()} /o/v1${route}`;
        expect(response.headers["content-type"] ?? "", label).toContain("application/json");
        if (document.paths[route][method]) expect(response.status, label).not.toBe(405);
        else expect(response.status, `${label} is not in the document, so it must be 405`).toBe(405);
      }
    }
  });
});
