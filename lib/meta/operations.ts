import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

export const ZWhoami = z
  .object({
    service: z.literal("service").describe("The service's name."),
    workspace_id: z.string(),
    organization_id: z.string(),
    subject: z.string().describe("Who is calling: `api_key:<id>`, `user:<id>` or `development`."),
    auth_method: z.enum(["api_key", "session", "development"]),
    permissions: z.array(z.string()).describe("The caller's scopes."),
  })
  .meta({ id: "Whoami" });

export const whoamiOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/whoami",
  access: "authenticated",
  summary: "Who am I",
  description: "Any valid key: its workspace, subject, authentication method and scopes.",
  tags: ["Meta"],
  response: { status: 200, description: "The caller.", schema: ZWhoami },
});

export const openApiOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/openapi.json",
  access: "public",
  summary: "OpenAPI document",
  description: "This document: OpenAPI 3.1 of Interface P.",
  tags: ["Meta"],
  response: { status: 200, description: "The OpenAPI document.", schema: z.record(z.string(), z.unknown()) },
});

export const oOpenApiOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/openapi.json",
  access: "public",
  summary: "OpenAPI document",
  description: "This document: OpenAPI 3.1 of Interface O.",
  tags: ["Meta"],
  response: { status: 200, description: "The OpenAPI document.", schema: z.record(z.string(), z.unknown()) },
});
