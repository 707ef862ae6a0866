import { z } from "zod";

/** Every error code of both interfaces and its HTTP status (DESIGN §6). */
export const ERROR_CODES = {
  validation_error: 400,
  response_data_access_unavailable: 400,
  unauthorized: 401,
  forbidden: 403,
  response_access_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  duplicate_slug: 409,
  file_in_use: 409,
  file_not_ready: 409,
  turn_active: 409,
  workflow_active: 409,
  survey_locked: 409,
  revision_not_tip: 409,
  questionnaire_required: 409,
  variable_in_use: 409,
  conflict: 409,
  content_not_fieldable: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The flat P error body; every field but `error` is optional (interface document, "P: error body"). */
export const ZErrorBody = z
  .object({
    error: z.string().describe("Machine-readable error code."),
    message: z.string().optional().describe("What went wrong, for a human."),
    resource: z.string().optional(),
    slug: z.string().optional(),
    file_id: z.string().optional(),
    endpoint_id: z.string().optional(),
    event_id: z.string().optional(),
    delivery_id: z.string().optional(),
    api_key_id: z.string().optional(),
    integration_id: z.string().optional(),
    audit_id: z.string().optional(),
    status: z.string().optional(),
    details: z.unknown().optional().describe("For validation errors: [{ path, message }]."),
    question_ids: z.array(z.string()).optional(),
    survey_ids: z.array(z.string()).optional(),
    revisions: z.array(z.number()).optional(),
  })
  .meta({ id: "Error" });

export type TErrorBody = z.infer<typeof ZErrorBody>;
export type ErrorExtra = Omit<TErrorBody, "error" | "message">;

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
    options: { headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_CODES[code];
    this.headers = options.headers ?? {};
  }

  toBody(): TErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export function notFound(resource: string, extra: ErrorExtra = {}): ApiError {
  return new ApiError("not_found", `${resource[0].toUpperCase()}${resource.slice(1)} not found.`, { resource, ...extra });
}

export type ValidationDetail = { path: string; message: string };

export function validationError(message: string, details: ValidationDetail[] = []): ApiError {
  return new ApiError("validation_error", message, { details });
}

/** zod issues as `{ path, message }`, with the request part ("body", "query", "path") first in the path. */
export function zodIssueDetails(error: z.ZodError, part?: string): ValidationDetail[] {
  return error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}
