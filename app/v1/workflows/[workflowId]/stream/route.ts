// GET /v1/workflows/{workflowId}/stream — NDJSON audit stream of a run (workflows:read)
import { routes, withApi } from "@/lib/http/with-api";
import { streamWorkflowOperation } from "@/lib/workflows/operations";
import { streamWorkflowRun } from "@/lib/workflows/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(streamWorkflowOperation, async ({ auth, params, query }) => streamWorkflowRun(auth, params.workflowId, query.startIndex)),
);
