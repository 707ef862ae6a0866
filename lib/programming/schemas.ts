import { z } from "zod";
import { ZPlatform } from "@/lib/platforms";
import { ZWorkflowRun } from "@/lib/workflows/schemas";

/** Platforms the programming workflow can deliver today; the other platforms' exporters come with the integrations work. */
export const PROGRAMMABLE_PLATFORMS = ["service"] as const;

export const ZStartProgrammingBody = z
  .object({
    questionnaire_revision: z.number().int().min(1).max(2_147_483_647).optional().describe("Questionnaire revision to program (default: the tip)."),
    platform: ZPlatform.optional().describe("Target platform; default: the survey's programming target. Without either, the run asks through a `programming.target` hook."),
    instructions: z.string().max(20_000).optional().describe("Instructions for this run; default: the target's effective instructions."),
  })
  .meta({ id: "StartProgrammingBody" });

export function isProgrammable(platform: string): boolean {
  return (PROGRAMMABLE_PLATFORMS as readonly string[]).includes(platform);
}

const ZProgrammablePlatform = ZPlatform.refine(isProgrammable, {
  error: (issue) => `Programming for ${String(issue.input)} is not available yet (its exporter arrives with the platform integrations); choose service.`,
});

export const ZTargetResolution = z
  .object({
    platform: ZProgrammablePlatform,
    instructions: z.string().max(20_000).optional(),
  })
  .meta({ id: "ProgrammingTargetResolution", description: "Resolution of a `programming.target` hook." });
export type TTargetResolution = z.infer<typeof ZTargetResolution>;

export const ZProgrammingInput = z.object({
  questionnaireRevision: z.number().int().min(1),
  platform: ZPlatform.nullable(),
  /** Instructions given with the request; null means "use the target's effective instructions". */
  instructions: z.string().nullable(),
});
export type TProgrammingInput = z.infer<typeof ZProgrammingInput>;

export const ZProgrammingOutput = z.object({
  content_revision: z.number().int(),
  platform: ZPlatform,
  questionnaire_revision: z.number().int(),
  anatomy: z.object({ pages: z.number(), blocks: z.number(), rules: z.number(), questions: z.number() }),
  issues: z.number().int(),
});
export type TProgrammingOutput = z.infer<typeof ZProgrammingOutput>;

export const ZProgrammingStarted = z
  .object({
    run_id: z.string(),
    workflow: ZWorkflowRun,
    stream_url: z.string(),
    platform: ZPlatform.nullable().describe("Null while the run waits for the target to be chosen."),
    questionnaire_revision: z.number().int(),
  })
  .meta({ id: "ProgrammingStarted" });

export const ZProgrammingRunParams = z.object({ surveyId: z.string().min(1), runId: z.string().min(1) });
export const ZProgrammingHookParams = ZProgrammingRunParams.extend({ hookId: z.string().min(1) });
