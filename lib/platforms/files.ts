import type { Platform } from "./index";

/**
 * The file each platform's source is downloaded as: the extension and media type its exporter declares
 * (`PlatformExport.extension` / `mediaType`, kept equal by files.test.ts) — Qualtrics `.qsf` (QSF JSON),
 * Decipher survey `.xml`, LimeSurvey `.lss` (XML), SurveyMonkey API survey `.json` — and for `service`
 * the survey document as `.json`.
 */
export const SOURCE_FILES: Record<Platform, { extension: string; mediaType: string; format: string }> = {
  service: { extension: "json", mediaType: "application/json", format: "Survey document (JSON)" },
  qualtrics: { extension: "qsf", mediaType: "application/json", format: "Qualtrics survey file (.qsf)" },
  decipher: { extension: "xml", mediaType: "application/xml", format: "Decipher survey XML (.xml)" },
  surveymonkey: { extension: "json", mediaType: "application/json", format: "SurveyMonkey API survey JSON (.json)" },
  limesurvey: { extension: "lss", mediaType: "application/xml", format: "LimeSurvey structure file (.lss)" },
};

/** `<survey slug>-<platform>-r<revision>.<extension>`: unique per revision, safe in a Content-Disposition header. */
export function sourceFileName(surveySlug: string, platform: Platform, revision: number): string {
  const slug = surveySlug.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "survey";
  return `${slug}-${platform}-r${revision}.${SOURCE_FILES[platform].extension}`;
}
