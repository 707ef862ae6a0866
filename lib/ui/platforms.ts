import type { Platform } from "@/lib/platforms";

/** How the UI names each programming target platform (ids from lib/platforms.ts). */
export const PLATFORM_LABELS: Record<Platform, { name: string; description: string }> = {
  service: { name: "This service", description: "Pages, questions and rules hosted here, previewed and shared from this service." },
  qualtrics: { name: "Qualtrics", description: "A Qualtrics survey file (.qsf) with blocks, display logic and flow branches; pushed over the Qualtrics API when a Qualtrics integration is connected." },
  decipher: { name: "Decipher", description: "Decipher (Forsta Surveys) XML with cond= logic, terms and exits; pushed over the Decipher REST API when a Decipher integration is connected." },
  surveymonkey: { name: "SurveyMonkey", description: "SurveyMonkey API survey JSON (pages, questions, skip logic); pushed over the SurveyMonkey API when a SurveyMonkey integration is connected." },
  limesurvey: { name: "LimeSurvey", description: "A LimeSurvey structure file (.lss) with groups, relevance equations and quotas; pushed over RemoteControl when a LimeSurvey integration is connected." },
};
