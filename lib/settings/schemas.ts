import { z } from "zod";
import { PLATFORMS, ZPlatform } from "@/lib/platforms";

export const INSTRUCTIONS_MAX_LENGTH = 20_000;

const ZInstructionsText = z.string().max(INSTRUCTIONS_MAX_LENGTH).describe("Free-text programming instructions.");

export const ZFileHostingDefault = z
  .enum(["service_cdn", "platform_native"])
  .describe("Where files are hosted by default: `service_cdn` (new files get hosting `service`) or `platform_native` (hosting `platform`).");

export const ZProgrammingSettings = z
  .object({
    instructions: z
      .partialRecord(ZPlatform, z.string())
      .describe(`Default programming instructions per platform (${PLATFORMS.map((p) => `\`${p}\``).join(", ")}); a platform without an entry has none.`),
    default_file_hosting: ZFileHostingDefault,
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ProgrammingSettings" });
export type TProgrammingSettings = z.infer<typeof ZProgrammingSettings>;

export const ZPutProgrammingSettingsBody = z
  .object({
    instructions: z
      .partialRecord(ZPlatform, ZInstructionsText)
      .default({})
      .describe("The complete set of per-platform defaults; platforms left out (or given an empty string) have none."),
    default_file_hosting: ZFileHostingDefault.default("service_cdn"),
  })
  .meta({ id: "PutProgrammingSettingsBody" });

export const ZPatchProgrammingSettingsBody = z
  .object({
    instructions: z
      .partialRecord(ZPlatform, ZInstructionsText.nullable())
      .optional()
      .describe("Per-platform changes: a string sets that platform's default, null or an empty string removes it; other platforms keep theirs."),
    default_file_hosting: ZFileHostingDefault.optional(),
  })
  .meta({ id: "PatchProgrammingSettingsBody" });

export const ZResponseDataAccess = z
  .enum(["none", "test", "production"])
  .describe("Which survey responses integrations may read: `none`, `test` (default) or `production` (not available yet).");

export const ZIntegrationSettings = z
  .object({ response_data_access: ZResponseDataAccess, updated_at: z.iso.datetime({ offset: true }) })
  .meta({ id: "IntegrationSettings" });
export type TIntegrationSettings = z.infer<typeof ZIntegrationSettings>;

export const ZPutIntegrationSettingsBody = z
  .object({ response_data_access: ZResponseDataAccess.default("test") })
  .meta({ id: "PutIntegrationSettingsBody" });

export const ZPatchIntegrationSettingsBody = z
  .object({ response_data_access: ZResponseDataAccess.optional() })
  .meta({ id: "PatchIntegrationSettingsBody" });

export const ZInstructionsSource = z
  .enum(["target", "workspace_default", "none"])
  .describe("Where `effective_instructions` come from: the target's own `instructions` (an empty string there means none), the workspace default for the platform, or nowhere.");

export const ZProgrammingTarget = z
  .object({
    survey_id: z.uuid(),
    platform: ZPlatform.nullable().describe("The platform the survey is programmed for; null until chosen."),
    instructions: z
      .string()
      .nullable()
      .describe("The target's own instructions: null falls back to the workspace default for the platform; an empty string forces none."),
    effective_instructions: z.string().nullable().describe("The instructions programming will use; null when there are none."),
    instructions_source: ZInstructionsSource,
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ProgrammingTarget" });
export type TProgrammingTarget = z.infer<typeof ZProgrammingTarget>;

export const ZPutProgrammingTargetBody = z
  .object({
    platform: ZPlatform,
    instructions: ZInstructionsText.nullable()
      .optional()
      .describe("Overrides the workspace default for the platform; an empty string forces no instructions; null or absent uses the default."),
  })
  .meta({ id: "PutProgrammingTargetBody" });
