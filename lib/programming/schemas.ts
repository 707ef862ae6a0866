import { z } from "zod";
import { PLATFORMS, ZPlatform } from "@/lib/platforms";
import { ZWorkflowRun } from "@/lib/workflows/schemas";

/** Every platform can be programmed: external ones get their native export as a content revision (lib/platforms). */
export const PROGRAMMABLE_PLATFORMS = PLATFORMS;

export const ZStartProgrammingBody = z
  .object({
    questionnaire_revision: z.number().int().min(1).max(2_147_483_647).optional().describe("Questionnaire revision to program (default: the tip)."),
    platform: ZPlatform.optional().describe("Target platform; default: the survey's programming target. Without either, the run asks through a `programming.target` hook."),
    instructions: z.string().max(20_000).optional().describe("Instructions for this run; default: the target's effective instructions."),
    push: z
      .boolean()
      .optional()
      .describe("For an external platform: also create or update the survey upstream through the workspace's integration of that platform (default false)."),
  })
  .meta({ id: "StartProgrammingBody" });



export const ZTargetResolution = z
  .object({
    platform: ZPlatform,
    instructions: z.string().max(20_000).optional(),
  })
  .meta({ id: "ProgrammingTargetResolution", description: "Resolution of a `programming.target` hook." });
export type TTargetResolution = z.infer<typeof ZTargetResolution>;

export const ZProgrammingInput = z.object({
  questionnaireRevision: z.number().int().min(1),
  platform: ZPlatform.nullable(),
  /** Instructions given with the request; null means "use the target's effective instructions". */
  instructions: z.string().nullable(),
  push: z.boolean().default(false),
});
export type TProgrammingInput = z.infer<typeof ZProgrammingInput>;

export const ZProgrammingOutput = z.object({
  content_revision: z.number().int(),
  platform: ZPlatform,
  questionnaire_revision: z.number().int(),
  anatomy: z.object({ pages: z.number(), blocks: z.number(), rules: z.number(), questions: z.number() }),
  issues: z.number().int(),
  /** For an external platform: the revision holding its native source, what it could not express, and the upstream survey when pushed. */
  export: z
    .object({
      platform: ZPlatform,
      service_content_revision: z.number().int().describe("The programmed survey (service document) the export was made from."),
      warnings: z.number().int(),
      upstream: z.object({ integration_id: z.string(), survey_id: z.string(), action: z.enum(["created", "updated"]) }).nullable().optional(),
    })
    .optional(),
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
