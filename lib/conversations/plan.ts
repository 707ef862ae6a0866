import { applyContentOperations, isContentOperationError, type ApplyContext, type TContentChange, type TContentOperation } from "@/lib/content-operations";
import { ApiError } from "@/lib/http/errors";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { interpretRequest, splitRequests } from "./grammar";

export type PlannedRequest =
  | { request: string; status: "applied"; operations: TContentOperation[]; changes: TContentChange[] }
  | { request: string; status: "undo" }
  | { request: string; status: "not_applied"; reason: string };

export type Plan = {
  requests: PlannedRequest[];
  /** The working copy after every applied request. */
  document: TSurveyDocument;
  /** Every applied operation in order, with created ids filled in (replaying them on the same document gives the same result). */
  operations: TContentOperation[];
};

/**
 * Reads a message (or programming instructions) request by request with the deterministic grammar and
 * applies each to a working copy through the content-operations module, so later requests see earlier
 * changes ("add page 'X'. skip to page 'X' if Q2 is No"). A request that cannot be applied is reported
 * with the reason and changes nothing; the others still apply.
 */
export function planRequests(document: TSurveyDocument, text: string, context: ApplyContext = {}): Plan {
  let working = document;
  const requests: PlannedRequest[] = [];
  const operations: TContentOperation[] = [];
  for (const request of splitRequests(text)) {
    const interpretation = interpretRequest(working, request);
    if (interpretation.kind === "undo") {
      requests.push({ request, status: "undo" });
      continue;
    }
    if (interpretation.kind === "not_understood") {
      requests.push({ request, status: "not_applied", reason: interpretation.reason });
      continue;
    }
    try {
      const result = applyContentOperations(working, interpretation.operations, context);
      working = result.document;
      operations.push(...result.applied);
      requests.push({ request, status: "applied", operations: result.applied, changes: result.changes });
    } catch (error) {
      if (!isContentOperationError(error) && !(error instanceof ApiError)) throw error;
      requests.push({ request, status: "not_applied", reason: error.message });
    }
  }
  return { requests, document: working, operations };
}
