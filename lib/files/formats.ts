/**
 * The questionnaire formats the service reads, by extension, with their media types. Browser-safe: the
 * questionnaire upload form and Interface O's `POST /files` share it.
 */
export const QUESTIONNAIRE_FORMATS: Record<string, { type: string; label: string }> = {
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "Word" },
  pdf: { type: "application/pdf", label: "PDF" },
  md: { type: "text/markdown", label: "Markdown" },
  markdown: { type: "text/markdown", label: "Markdown" },
  txt: { type: "text/plain", label: "text" },
  // Survey definitions of other platforms, programmed directly (lib/platforms importers).
  qsf: { type: "application/json", label: "Qualtrics survey (.qsf)" },
  lss: { type: "application/xml", label: "LimeSurvey structure (.lss)" },
  xml: { type: "application/xml", label: "Decipher survey XML" },
  json: { type: "application/json", label: "SurveyMonkey survey JSON" },
  tsv: { type: "text/tab-separated-values", label: "LimeSurvey tab-separated structure" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "XLSForm (.xlsx)" },
};

export function questionnaireFormatOf(name: string): { type: string; label: string } | null {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  return QUESTIONNAIRE_FORMATS[extension] ?? null;
}

/** Media types of the files people attach to surveys, by extension (images, sheets, media, documents). */
const MEDIA_TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(QUESTIONNAIRE_FORMATS).map(([extension, format]) => [extension, format.type])),
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  csv: "text/csv",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  zip: "application/zip",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** The media type a file name implies, or null when its extension is unknown (or it has none). */
export function mediaTypeOf(name: string): string | null {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return null;
  return MEDIA_TYPES[name.slice(dot + 1).toLowerCase()] ?? null;
}
