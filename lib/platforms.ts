import { z } from "zod";

/**
 * Programming target platforms: the one list every module reads (settings, programming target, and later
 * integrations, exporters and the programming workflow).
 *
 * `service` is the service's own deliverable (pages, blocks, navigation rules hosted here). The interface
 * document omits the four external platforms' identifiers because they are brand names; until the
 * integrations issue fixes them, these four plain lowercase ids of widely used survey platforms stand in
 * (docs/decisions.md, "Files, questionnaire revisions, settings"). Renaming one means changing it here and
 * in stored rows (`surveys.programming_platform`, keys of `workspace_settings.programming_instructions`).
 */
export const PLATFORMS = ["service", "qualtrics", "decipher", "surveymonkey", "alchemer"] as const;

export type Platform = (typeof PLATFORMS)[number];

export const EXTERNAL_PLATFORMS = PLATFORMS.filter((platform) => platform !== "service") as Exclude<Platform, "service">[];

export const ZPlatform = z.enum(PLATFORMS).meta({
  id: "Platform",
  description: "A programming target: `service` (this service's own survey) or one of the external survey platforms.",
});

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}
