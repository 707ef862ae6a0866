import type { Platform } from "@/lib/platforms";

/** How the UI names each programming target platform (ids from lib/platforms.ts). */
export const PLATFORM_LABELS: Record<Platform, { name: string; description: string }> = {
  service: { name: "This service", description: "Pages, questions and rules hosted here, previewed and shared from this service." },
  qualtrics: { name: "Qualtrics", description: "Programmed for a Qualtrics account." },
  decipher: { name: "Decipher", description: "Programmed for a Decipher account." },
  surveymonkey: { name: "SurveyMonkey", description: "Programmed for a SurveyMonkey account." },
  alchemer: { name: "Alchemer", description: "Programmed for an Alchemer account." },
};
