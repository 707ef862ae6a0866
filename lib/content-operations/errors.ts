import { ApiError, type ErrorCode, type ErrorExtra } from "@/lib/http/errors";

/**
 * A content operation that cannot be applied. It is an ApiError, so a route answers it as is:
 * an unknown id → 404 `not_found`; bad input (an invalid condition, with the parser's position) → 400
 * `validation_error`; a state that forbids the change → 409 (`variable_in_use` while conditions name what
 * would be deleted, `conflict` otherwise). `operation` is the index of the failing operation in the batch.
 */
export class ContentOperationError extends ApiError {
  constructor(
    code: Extract<ErrorCode, "not_found" | "validation_error" | "conflict" | "variable_in_use">,
    message: string,
    readonly operation: number,
    extra: ErrorExtra = {},
  ) {
    super(code, message, extra);
    this.name = "ContentOperationError";
  }
}

export function isContentOperationError(error: unknown): error is ContentOperationError {
  return error instanceof ContentOperationError;
}
