import type { ClientSettings, PlatformClient } from "./client";
import { decipherClient } from "./decipher/client";
import type { ExternalPlatform } from "./formats";
import { limeSurveyClient } from "./limesurvey/client";
import { qualtricsClient } from "./qualtrics/client";
import { surveyMonkeyClient } from "./surveymonkey/client";

export const CLIENTS: Record<ExternalPlatform, (settings: ClientSettings) => PlatformClient> = {
  qualtrics: qualtricsClient,
  decipher: decipherClient,
  surveymonkey: surveyMonkeyClient,
  limesurvey: limeSurveyClient,
};

/** Non-secret config fields and credential fields each platform's client reads. */
export const PLATFORM_FIELDS: Record<ExternalPlatform, { config: string[]; credentials: string[] }> = {
  qualtrics: { config: ["datacenter", "base_url"], credentials: ["api_token"] },
  decipher: { config: ["base_url", "survey_path"], credentials: ["api_key"] },
  surveymonkey: { config: ["base_url"], credentials: ["access_token"] },
  limesurvey: { config: ["base_url"], credentials: ["username", "password"] },
};
