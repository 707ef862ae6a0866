import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZStreamChunk, ZWorkflowRun } from "./schemas";

const tags = ["Workflows"];
export const ZWorkflowParams = z.object({ workflowId: z.string().min(1).describe("Run id, `wrun_…`.") });
export const ZHookParams = ZWorkflowParams.extend({ hookId: z.string().min(1).describe("Hook id, `whook_…`.") });
export const ZStreamQuery = z.object({
  startIndex: z.coerce.number().int().min(0).max(2_147_483_647).default(0).describe("Replay from this chunk index (reconnect with the last index seen + 1)."),
});
const ZRunResponse = z.object({ data: ZWorkflowRun });

export const getWorkflowOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/workflows/{workflowId}",
  access: { scope: "workflows:read" },
  summary: "Get a workflow run",
  description: "Status, steps, hooks (with `resume_path`), stream URL, output and error. Reading never advances a workflow.",
  tags,
  params: ZWorkflowParams,
  response: { status: 200, description: "The run.", schema: ZRunResponse },
  errors: ["not_found"],
});

export const streamWorkflowOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/workflows/{workflowId}/stream",
  access: { scope: "workflows:read" },
  summary: "Stream a workflow run (NDJSON)",
  description:
    "The run's audit stream, one JSON chunk per line (`{ index, type, data, at }`): replayed from `startIndex`, then followed live until the run ends. Anatomy chunks describe what was found; `audit.issue` chunks report validation problems.",
  tags,
  params: ZWorkflowParams,
  query: ZStreamQuery,
  response: { status: 200, description: "NDJSON lines.", schema: ZStreamChunk, contentType: "application/x-ndjson" },
  errors: ["not_found"],
});

export const cancelWorkflowOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/workflows/{workflowId}/cancel",
  access: { scope: "workflows:write" },
  summary: "Cancel a workflow run",
  description: "A waiting or pending run ends at once; an executing run stops at its next step boundary.",
  tags,
  params: ZWorkflowParams,
  response: { status: 200, description: "The run after the request.", schema: ZRunResponse },
  errors: ["not_found"],
});

export const resolveWorkflowHookOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/workflows/{workflowId}/hooks/{hookId}/resolve",
  access: { scope: "workflows:write" },
  summary: "Resolve a workflow hook",
  description: "Resumes a run waiting on the hook. The body depends on the hook kind; a hook can be resolved once (409 afterwards).",
  tags,
  params: ZHookParams,
  body: z.record(z.string(), z.unknown()),
  response: { status: 200, description: "The run after the resolution.", schema: ZRunResponse },
  errors: ["not_found", "conflict"],
});
