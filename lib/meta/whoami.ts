import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { ZWhoami } from "./operations";

export function describeCaller(auth: AuthContext): z.infer<typeof ZWhoami> {
  // OAuth access tokens authenticate only /mcp (lib/oauth); /v1 never sees one.
  if (auth.method === "oauth") throw new Error("An MCP access token reached a /v1 route.");
  return {
    service: "service",
    workspace_id: auth.workspaceId,
    organization_id: auth.organizationId,
    subject: auth.subject,
    auth_method: auth.method,
    permissions: [...auth.scopes],
  };
}
