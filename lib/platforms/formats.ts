import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { buildDocument, type ImportedSurvey } from "./linear";
import { exportDecipher } from "./decipher/export";
import { importDecipher, looksLikeDecipher } from "./decipher/import";
import { exportLimeSurvey } from "./limesurvey/export";
import { importLimeSurvey, looksLikeLss } from "./limesurvey/import";
import { exportSurveyMonkey } from "./surveymonkey/export";
import { importSurveyMonkey, looksLikeSurveyMonkey } from "./surveymonkey/import";
import { exportQualtrics } from "./qualtrics/export";
import { importQualtrics } from "./qualtrics/import";
import type { ExportWarning } from "./types";
import type { PlatformExport } from "./types";
import type { Platform } from "./index";

/** The exporter and importer of each external platform's native format. */
export type ExternalPlatform = Exclude<Platform, "service">;

export const FORMATS: Record<ExternalPlatform, { exportSurvey: (document: TSurveyDocument) => PlatformExport; importSurvey: (source: string) => ImportedSurvey }> = {
  qualtrics: { exportSurvey: exportQualtrics, importSurvey: importQualtrics },
  decipher: { exportSurvey: exportDecipher, importSurvey: importDecipher },
  surveymonkey: { exportSurvey: exportSurveyMonkey, importSurvey: importSurveyMonkey },
  limesurvey: { exportSurvey: exportLimeSurvey, importSurvey: importLimeSurvey },
};

/** Which platform's format a survey definition is in (by content, the file name only as a hint); null for questionnaires. */
export function formOf(text: string, filename = ""): ExternalPlatform | null {
  const head = text.slice(0, 4000).trimStart();
  if (head.startsWith("{")) {
    if (head.includes('"SurveyEntry"') || head.includes('"SurveyElements"')) return "qualtrics";
    try {
      if (looksLikeSurveyMonkey(JSON.parse(text))) return "surveymonkey";
    } catch {
      return null;
    }
    return null;
  }
  if (head.startsWith("<")) {
    if (looksLikeLss(text)) return "limesurvey";
    if (looksLikeDecipher(text)) return "decipher";
  }
  if (/\.qsf$/i.test(filename) && head.startsWith("{")) return "qualtrics";
  return null;
}

/** A platform's survey definition → a survey document (with what could not be imported as warnings). */
export function importForm(text: string, filename: string, survey: { id: string; slug: string; name: string }): { platform: ExternalPlatform; document: ReturnType<typeof buildDocument>; warnings: ExportWarning[] } {
  const platform = formOf(text, filename);
  if (!platform) throw new Error("Not a survey definition of a supported platform.");
  const imported = FORMATS[platform].importSurvey(text);
  return { platform, document: buildDocument(imported, survey), warnings: imported.warnings };
}
