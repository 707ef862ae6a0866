import { z } from "zod";
import { ZWhoami } from "@/lib/meta/operations";
import { defineTool, READ_ONLY } from "../tool";

/** Like Interface P `GET /v1/whoami`: which workspace the connection acts on and what it may do there. */
export const whoamiTool = defineTool({
  name: "whoami",
  title: "Who am I",
  description: "The workspace and organization this connection acts on, and its permissions (scopes).",
  access: "authenticated",
  annotations: READ_ONLY,
  input: z.object({}),
  // `.extend({})` drops the schema's registry id: a tool's schema must be an inline object, not a `$ref`.
  output: ZWhoami.extend({ auth_method: z.literal("oauth").describe("MCP connections act through an OAuth access token of a signed-in person.") }),
  run: async (_input, { auth }) => ({
    service: "service" as const,
    workspace_id: auth.workspaceId,
    organization_id: auth.organizationId,
    subject: auth.subject,
    auth_method: "oauth" as const,
    permissions: [...auth.scopes],
  }),
});

export const META_TOOLS = [whoamiTool];
