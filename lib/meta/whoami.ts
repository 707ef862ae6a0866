import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { ZWhoami } from "./operations";

export function describeCaller(auth: AuthContext): z.infer<typeof ZWhoami> {
  return {
    service: "service",
    workspace_id: auth.workspaceId,
    organization_id: auth.organizationId,
    subject: auth.subject,
    auth_method: auth.method,
    permissions: [...auth.scopes],
  };
}
