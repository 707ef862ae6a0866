// POST /v1/workflows/{workflowId}/hooks/{hookId}/resolve — resume a run waiting on a hook (workflows:write)
import { routes, withApi } from "@/lib/http/with-api";
import { resolveWorkflowHookOperation } from "@/lib/workflows/operations";
import { resolveWorkflowHook } from "@/lib/workflows/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(resolveWorkflowHookOperation, async ({ auth, params, body }) => ({
    data: await resolveWorkflowHook(auth, params.workflowId, params.hookId, body),
  })),
);
