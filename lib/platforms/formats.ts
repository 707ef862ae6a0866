import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { buildDocument, type ImportedSurvey } from "./linear";
import { exportDecipher } from "./decipher/export";
import { importDecipher, looksLikeDecipher } from "./decipher/import";
import { exportLimeSurvey } from "./limesurvey/export";
import { importLimeSurvey, looksLikeLss } from "./limesurvey/import";
import { importLimeSurveyTsv, looksLikeLimeSurveyTsv } from "./limesurvey/tsv";
import { exportSurveyMonkey } from "./surveymonkey/export";
import { importSurveyMonkey, looksLikeSurveyMonkey } from "./surveymonkey/import";
import { exportQualtrics } from "./qualtrics/export";
import { importQualtrics } from "./qualtrics/import";
import type { ExportWarning } from "./types";
import type { PlatformExport } from "./types";
import { importXlsForm, looksLikeXlsForm } from "./xlsform/import";
import { isWorkbook } from "./xlsform/workbook";
import type { Platform } from "./index";

/** The exporter and importer of each external platform's native format. */
export type ExternalPlatform = Exclude<Platform, "service">;

export const FORMATS: Record<ExternalPlatform, { exportSurvey: (document: TSurveyDocument) => PlatformExport; importSurvey: (source: string) => ImportedSurvey }> = {
  qualtrics: { exportSurvey: exportQualtrics, importSurvey: importQualtrics },
  decipher: { exportSurvey: exportDecipher, importSurvey: importDecipher },
  surveymonkey: { exportSurvey: exportSurveyMonkey, importSurvey: importSurveyMonkey },
  limesurvey: { exportSurvey: exportLimeSurvey, importSurvey: importLimeSurvey },
};

/**
 * The survey-definition formats an upload is programmed from directly (imported, not compiled): each
 * platform's native source, LimeSurvey's tab-separated export, and XLSForm workbooks (ODK, KoboToolbox,
 * SurveyCTO — no platform of ours, so it has no exporter or client).
 */
export const DEFINITION_FORMATS = {
  qsf: { platform: "qualtrics", label: "Qualtrics survey (.qsf)" },
  lss: { platform: "limesurvey", label: "LimeSurvey survey structure (.lss)" },
  limesurvey_tsv: { platform: "limesurvey", label: "LimeSurvey tab-separated survey structure (.txt)" },
  decipher_xml: { platform: "decipher", label: "Decipher survey XML" },
  surveymonkey_json: { platform: "surveymonkey", label: "SurveyMonkey survey JSON" },
  xlsform: { platform: null, label: "XLSForm workbook (.xlsx)" },
} as const satisfies Record<string, { platform: ExternalPlatform | null; label: string }>;
export type DefinitionFormat = keyof typeof DEFINITION_FORMATS;

/** Which definition format a text is in (by content; the file name only as a hint); null for questionnaires. */
export function textFormatOf(text: string, filename = ""): DefinitionFormat | null {
  const head = text.slice(0, 4000).replace(/^\ufeff/, "").trimStart();
  if (head.startsWith("{")) {
    if (head.includes('"SurveyEntry"') || head.includes('"SurveyElements"')) return "qsf";
    try {
      if (looksLikeSurveyMonkey(JSON.parse(text))) return "surveymonkey_json";
    } catch {
      return null;
    }
    return null;
  }
  if (head.startsWith("<")) {
    if (looksLikeLss(text)) return "lss";
    if (looksLikeDecipher(text)) return "decipher_xml";
  }
  if (looksLikeLimeSurveyTsv(head)) return "limesurvey_tsv";
  if (/\.qsf$/i.test(filename) && head.startsWith("{")) return "qsf";
  return null;
}

/** Which platform's format a survey definition is in (by content, the file name only as a hint); null for questionnaires. */
export function formOf(text: string, filename = ""): ExternalPlatform | null {
  const format = textFormatOf(text, filename);
  return format ? DEFINITION_FORMATS[format].platform : null;
}

/** Which definition format a file's bytes are in (workbooks by their sheets, text by its content); null for questionnaires. */
export function definitionFormatOf(bytes: Uint8Array, filename = ""): DefinitionFormat | null {
  if (isWorkbook(bytes)) return looksLikeXlsForm(bytes) ? "xlsform" : null;
  if (bytes.length >= 2 && bytes[0] === 0x50 && bytes[1] === 0x4b) return null; // another ZIP (.docx)
  if (bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-") return null;
  return textFormatOf(decode(bytes), filename);
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes).replace(/^\ufeff/, "");
}

export interface ImportedDefinition {
  format: DefinitionFormat;
  /** The platform whose native format it is (null for XLSForm). */
  platform: ExternalPlatform | null;
  document: ReturnType<typeof buildDocument>;
  warnings: ExportWarning[];
}

function importAs(format: DefinitionFormat, bytes: Uint8Array): ImportedSurvey {
  switch (format) {
    case "xlsform":
      return importXlsForm(bytes);
    case "limesurvey_tsv":
      return importLimeSurveyTsv(decode(bytes));
    case "lss":
      return importLimeSurvey(decode(bytes));
    case "qsf":
      return importQualtrics(decode(bytes));
    case "decipher_xml":
      return importDecipher(decode(bytes));
    case "surveymonkey_json":
      return importSurveyMonkey(decode(bytes));
  }
}

/** A survey definition file → a survey document (with what could not be imported as warnings). */
export function importDefinition(bytes: Uint8Array, filename: string, survey: { id: string; slug: string; name: string }): ImportedDefinition {
  const format = definitionFormatOf(bytes, filename);
  if (!format) throw new Error("Not a survey definition of a supported format.");
  const imported = importAs(format, bytes);
  return { format, platform: DEFINITION_FORMATS[format].platform, document: buildDocument(imported, survey), warnings: imported.warnings };
}

/** A platform's survey definition as text → a survey document (with what could not be imported as warnings). */
export function importForm(text: string, filename: string, survey: { id: string; slug: string; name: string }): ImportedDefinition {
  return importDefinition(new TextEncoder().encode(text), filename, survey);
}
