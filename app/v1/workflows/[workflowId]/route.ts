// GET /v1/workflows/{workflowId} — a workflow run (workflows:read)
import { routes, withApi } from "@/lib/http/with-api";
import { getWorkflowOperation } from "@/lib/workflows/operations";
import { describeWorkflowRun } from "@/lib/workflows/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getWorkflowOperation, async ({ auth, params }) => ({ data: await describeWorkflowRun(auth.workspaceId, params.workflowId) })),
);
