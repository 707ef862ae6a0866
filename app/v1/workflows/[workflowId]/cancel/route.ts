// POST /v1/workflows/{workflowId}/cancel — cancel a run (workflows:write)
import { routes, withApi } from "@/lib/http/with-api";
import { cancelWorkflowOperation } from "@/lib/workflows/operations";
import { cancelWorkflowRun } from "@/lib/workflows/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(cancelWorkflowOperation, async ({ auth, params }) => ({ data: await cancelWorkflowRun(auth.workspaceId, params.workflowId) })),
);
