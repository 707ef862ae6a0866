/**
 * Errors the compiler reports to the people who upload questionnaires. Every message says what is wrong
 * with the file and, where possible, what to do about it; callers show `message` as is.
 */

export const QUESTIONNAIRE_ERROR_CODES = [
  "unsupported_format",
  "corrupt_document",
  "encrypted_document",
  "no_text",
  "empty_document",
  "too_large",
  "timeout",
  "cancelled",
] as const;

export type QuestionnaireErrorCode = (typeof QUESTIONNAIRE_ERROR_CODES)[number];

export class QuestionnaireError extends Error {
  readonly code: QuestionnaireErrorCode;

  constructor(code: QuestionnaireErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "QuestionnaireError";
    this.code = code;
  }
}

export function isQuestionnaireError(error: unknown): error is QuestionnaireError {
  return error instanceof QuestionnaireError;
}
