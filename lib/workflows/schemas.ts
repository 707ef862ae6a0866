import { z } from "zod";

export const WORKFLOW_STATUSES = ["pending", "running", "completed", "failed", "cancelled"] as const;
export const ZWorkflowStatus = z.enum(WORKFLOW_STATUSES).meta({ id: "WorkflowStatus" });

export const ZWorkflowStep = z
  .object({
    id: z.string().describe("Step id as named by the workflow."),
    status: z.enum(["running", "completed", "failed", "sleeping", "waiting"]),
    attempts: z.number().int().describe("Failed attempts so far."),
    started_at: z.iso.datetime({ offset: true }),
    finished_at: z.iso.datetime({ offset: true }).nullable(),
    error: z.object({ message: z.string() }).nullable(),
  })
  .meta({ id: "WorkflowStep" });

export const ZWorkflowHook = z
  .object({
    id: z.string().describe("Hook id, `whook_…`."),
    kind: z.string().describe("What the hook waits for, e.g. `programming.target`."),
    status: z.enum(["pending", "resolved", "cancelled"]),
    request: z.unknown().nullable().describe("What the workflow asks for."),
    resolution: z.unknown().nullable(),
    resume_path: z.string().describe("POST the resolution here."),
    created_at: z.iso.datetime({ offset: true }),
    resolved_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "WorkflowHook" });

export const ZWorkflowRun = z
  .object({
    id: z.string().describe("Run id, `wrun_<ulid>`."),
    kind: z.string(),
    status: ZWorkflowStatus,
    survey_id: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    started_at: z.iso.datetime({ offset: true }).nullable(),
    finished_at: z.iso.datetime({ offset: true }).nullable(),
    steps: z.array(ZWorkflowStep),
    hooks: z.array(ZWorkflowHook),
    stream_url: z.string(),
    output: z.unknown().nullable(),
    error: z.object({ message: z.string(), code: z.string().optional() }).nullable(),
  })
  .meta({ id: "WorkflowRun" });
export type TWorkflowRun = z.infer<typeof ZWorkflowRun>;

export const ZStreamChunk = z
  .object({
    index: z.number().int().min(0),
    type: z.string().describe("started, step, progress, clarification, audit.issue, anatomy, hook, completed, failed, cancelled, …"),
    data: z.unknown(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "StreamChunk", description: "One line of an NDJSON workflow stream." });
export type TStreamChunk = z.infer<typeof ZStreamChunk>;

export const ZWorkflowEventData = z.object({
  workflow: z.object({
    id: z.string(),
    kind: z.string(),
    status: ZWorkflowStatus,
    survey_id: z.string().nullable(),
    reason: z.string().optional().describe("For workflow.updated: what changed."),
  }),
  status: ZWorkflowStatus.describe("Same as workflow.status, at the top level for easy filtering."),
});
