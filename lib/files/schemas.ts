import { z } from "zod";
import { ZPaginationQuery } from "@/lib/http/pagination";
import { UPLOAD_MAX_BYTES } from "@/lib/storage/types";
import { RESERVED_TYPE_IDS, RESERVED_TYPES } from "./reserved-types";

export const FILE_STATUSES = ["pending", "ready", "failed"] as const;
export const FILE_VISIBILITIES = ["private", "public"] as const;
export const FILE_HOSTINGS = ["service", "platform"] as const;

export const CONTENT_HASH_PATTERN = /^[a-f0-9]{64}$/;

export const ZContentHash = z
  .string()
  .regex(CONTENT_HASH_PATTERN, "must be the lowercase SHA-256 hex digest of the file bytes (64 characters 0-9, a-f)")
  .describe("Lowercase SHA-256 hex digest of the file bytes.");

const ZSizeBytes = z
  .number()
  .int()
  .min(0)
  .max(UPLOAD_MAX_BYTES, `must be at most ${UPLOAD_MAX_BYTES} (the 100 MiB upload limit)`)
  .describe("Size of the file in bytes.");

const ZFileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
  .describe("Display name, usually the original file name.");

const ZContentType = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  // Parameters may hold spaces and tabs but no line break or other control character: the value becomes the
  // download's Content-Type header.
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:[ \t]*;[^\u0000-\u001f\u007f]*)?$/, "must be a media type such as `application/pdf`")
  .describe("Media type of the bytes, e.g. `application/pdf`.");

export const ZFileStatus = z.enum(FILE_STATUSES).describe("`pending` until the bytes are uploaded and verified, then `ready`; `failed` when the client gives up.");
export const ZFileVisibility = z.enum(FILE_VISIBILITIES);
export const ZFileHosting = z.enum(FILE_HOSTINGS);

export const ZSurveyFile = z
  .object({
    id: z.uuid(),
    survey_id: z.uuid(),
    name: z.string().min(1),
    content_type: z.string().min(1),
    size_bytes: z.number().int().min(0).nullable().describe("Declared size while pending; the stored size once ready."),
    storage_key: z.string().min(1).describe("Object key in storage."),
    status: ZFileStatus,
    visibility: ZFileVisibility.describe("`private` (default) files are read through short-lived signed URLs; `public` files get a permanent `public_url`. Fixed at creation."),
    hosting: ZFileHosting.describe("`service`: live surveys use the service CDN URL; `platform`: the upstream platform's file manager or native handle."),
    upstream_path: z.string().min(1).nullable().describe("Path or handle of the file on the upstream platform, once pushed."),
    content_hash: ZContentHash.nullable().describe("Expected digest while pending (when given); the verified digest once ready."),
    public_url: z.url().nullable().describe("Stable permanent URL of a public file once it is `ready`; null otherwise."),
    upstream_only: z.boolean().describe("True when the file exists only on the upstream platform."),
    reserved_type: z.string().min(1).nullable().describe("Platform-reserved sidecar kind, or null."),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "SurveyFile" });
export type TSurveyFile = z.infer<typeof ZSurveyFile>;

export const ZReservedType = z
  .enum(RESERVED_TYPE_IDS)
  .describe(
    "Platform-reserved sidecar kind; such files are hosted on the platform. " +
      Object.entries(RESERVED_TYPES)
        .map(([id, description]) => `\`${id}\`: ${description}`)
        .join(" "),
  );

export const ZCreateSurveyFileBody = z
  .object({
    name: ZFileName.optional().describe("Display name; defaults to `untitled`."),
    content_type: ZContentType.optional().describe("Media type; defaults to `application/octet-stream`."),
    visibility: ZFileVisibility.default("private").describe("`private` (default) or `public`; cannot change later."),
    size_bytes: ZSizeBytes.optional().describe("Expected size; checked when the file is marked ready."),
    reserved_type: ZReservedType.nullable().optional(),
  })
  .meta({ id: "CreateSurveyFileBody" });

export const ZUploadInstructions = z
  .object({
    url: z.url().describe("Absolute URL to send the raw bytes to."),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).describe("Headers to send with the upload."),
    expires_at: z.iso.datetime({ offset: true }).describe("The URL stops working at this time (15 minutes after issue)."),
    max_size_bytes: z.number().int().describe("Largest accepted upload (100 MiB)."),
  })
  .meta({ id: "UploadInstructions" });

export const ZCreateSurveyFileResponse = z.object({ data: ZSurveyFile, upload: ZUploadInstructions });

/** Fields that exist on the file but cannot be set through PATCH, with what to do instead. */
const IMMUTABLE_FIELDS: Record<string, string> = {
  visibility: "visibility cannot be changed after creation; create a new file with the other visibility",
  hosting: "hosting is changed with POST /v1/surveys/{surveyId}/files/move",
};

export const ZUpdateSurveyFileBody = z
  .object({
    name: ZFileName.optional(),
    status: ZFileStatus.optional().describe("`ready` verifies the stored bytes against `size_bytes` and `content_hash` (when given or declared earlier)."),
    size_bytes: ZSizeBytes.nullable().optional(),
    content_hash: ZContentHash.nullable().optional(),
  })
  // Loose, so an attempt to set `visibility` or `hosting` is refused with a reason instead of ignored.
  .loose()
  .check((context) => {
    const raw = context.value as Record<string, unknown>;
    for (const [field, message] of Object.entries(IMMUTABLE_FIELDS)) {
      if (field in raw) context.issues.push({ code: "custom", message, path: [field], input: raw[field] });
    }
  })
  .meta({ id: "UpdateSurveyFileBody" });

export const ZFileParams = z.object({
  surveyId: z.string().min(1).describe("Survey id (uuid)."),
  fileId: z.string().min(1).describe("File id (uuid)."),
});

export const ZListFilesQuery = ZPaginationQuery.extend({
  status: ZFileStatus.optional().describe("Only files in this status."),
});

export const ZDeleteFileQuery = z.object({
  force: z
    .enum(["true", "false"])
    .default("false")
    .describe("`true` first removes the questionnaire revisions that reference the file (in the same transaction)."),
});

export const ZDownloadUrl = z
  .object({
    url: z.url(),
    expires_at: z.iso.datetime({ offset: true }).nullable().describe("When a signed URL stops working; null for a public file's permanent URL."),
  })
  .meta({ id: "DownloadUrl" });

export const ZMoveFilesBody = z
  .object({
    file_ids: z.array(z.string().min(1)).min(1).max(100).optional().describe("Files to move (up to 100)."),
    select_all: z.literal(true).optional().describe("Move every file of the survey."),
    hosting: ZFileHosting.describe("Where the files are hosted from now on."),
  })
  .refine((body) => (body.file_ids !== undefined) !== (body.select_all !== undefined), {
    message: "Send either `file_ids` or `select_all: true`, not both and not neither.",
    path: ["file_ids"],
  })
  .meta({ id: "MoveFilesBody" });

export const ZWarning = z
  .object({ code: z.string().describe("Machine-readable warning code."), message: z.string() })
  .meta({ id: "Warning" });

export const ZMoveFilesResponse = z.object({ data: z.array(ZSurveyFile), warnings: z.array(ZWarning) });

export const ZStoredObjectReceipt = z.object({
  data: z.object({ size_bytes: z.number().int(), content_hash: ZContentHash }),
});

export const ZDevObjectParams = z.object({
  visibility: ZFileVisibility.describe("`private` or `public`."),
  key: z.string().min(1).describe("The object key (the file's `storage_key`); may contain slashes."),
});

export const ZDevObjectQuery = z.object({
  expires: z.string().optional().describe("Unix time in seconds after which the signature is refused (signed URLs only)."),
  signature: z
    .string()
    .optional()
    .describe("base64url HMAC-SHA256 over `METHOD\\nvisibility/key\\nexpires` under a key derived from the app key (signed URLs only)."),
});
