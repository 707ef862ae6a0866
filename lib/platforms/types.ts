import { z } from "zod";

export const ZExportWarning = z
  .object({
    code: z.string().describe("`display_logic_unsupported`, `skip_logic_unsupported`, `backward_jump`, `condition_too_complex`, …"),
    element: z.string().describe("The survey element the warning is about (page, question, option, rule)."),
    reason: z.string().describe("What the platform cannot express and what the export did instead."),
  })
  .meta({ id: "ExportWarning", description: "Something the target platform cannot express; the export says so instead of dropping it silently." });
export type ExportWarning = z.infer<typeof ZExportWarning>;

export interface PlatformExport {
  /** The platform's native source (QSF JSON, Decipher XML, SurveyMonkey JSON, LSS XML). */
  source: string;
  mediaType: string;
  extension: string;
  warnings: ExportWarning[];
}
