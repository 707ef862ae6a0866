import { z } from "zod";

/**
 * Programming target platforms: the one list every module reads (settings, programming target,
 * integrations, exporters, importers and the programming workflow).
 *
 * `service` is the service's own deliverable (pages, blocks, navigation rules hosted here); the four
 * external platforms are fixed by DESIGN §6: Qualtrics, Decipher (Forsta Surveys), SurveyMonkey and
 * LimeSurvey (`limesurvey` replaced the earlier stand-in `alchemer`; migration
 * 20261124050000_platforms_limesurvey rewrote stored rows). Each external platform has its exporter,
 * importer and API client under `lib/platforms/<platform>/`.
 */
export const PLATFORMS = ["service", "qualtrics", "decipher", "surveymonkey", "limesurvey"] as const;

export type Platform = (typeof PLATFORMS)[number];

export const EXTERNAL_PLATFORMS = PLATFORMS.filter((platform) => platform !== "service") as Exclude<Platform, "service">[];

export const ZPlatform = z.enum(PLATFORMS).meta({
  id: "Platform",
  description: "A programming target: `service` (this service's own survey) or one of the external survey platforms.",
});

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}
