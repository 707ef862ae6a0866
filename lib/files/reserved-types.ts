/**
 * Platform-reserved sidecar files (`reserved_type`): files a platform needs beside the survey itself. The
 * interface document leaves the allowed values open; this is the one registry of them. A reserved file is
 * always created with `hosting: "platform"`: the interface says such files prefer upstream hosting when
 * the platform accepts pushed files, and the push (integrations) falls back to the service CDN otherwise.
 */
export const RESERVED_TYPES = {
  quota_spreadsheet: "Quota definitions (cells, targets, conditions) as a spreadsheet, pushed to the platform's quota manager.",
  translation_file: "Translated survey texts in the platform's import format, one file per language or one for all.",
  sample_list: "A respondent or panel sample list (ids, invitation variables) for the platform's contact manager.",
  style_asset: "A theme asset the platform's survey style needs (stylesheet, logo or font), hosted in its file library.",
} as const satisfies Record<string, string>;

export type ReservedType = keyof typeof RESERVED_TYPES;

export const RESERVED_TYPE_IDS = Object.keys(RESERVED_TYPES) as [ReservedType, ...ReservedType[]];
