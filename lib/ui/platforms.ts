import type { Platform } from "@/lib/platforms";

/** How the UI names each programming target platform (ids from lib/platforms.ts). */
export const PLATFORM_LABELS: Record<Platform, { name: string; description: string }> = {
  service: { name: "This service", description: "Pages, questions and rules hosted here, previewed and shared from this service." },
  qualtrics: { name: "Qualtrics", description: "For a Qualtrics account. Programming runs can export to it once its integration is connected; until then they refuse this target." },
  decipher: { name: "Decipher", description: "For a Decipher account. Programming runs can export to it once its integration is connected; until then they refuse this target." },
  surveymonkey: { name: "SurveyMonkey", description: "For a SurveyMonkey account. Programming runs can export to it once its integration is connected; until then they refuse this target." },
  alchemer: { name: "Alchemer", description: "For an Alchemer account. Programming runs can export to it once its integration is connected; until then they refuse this target." },
};
