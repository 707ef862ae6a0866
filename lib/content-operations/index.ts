/**
 * Content operations (DESIGN §7): the one module through which every edit of a programmed survey goes.
 * - `applyContentOperations(document, operations, context?)` — pure: a new document, change records and the applied operations.
 * - `commitContentChange({ survey, change, actor, message?, workflowRunId?, tx? })` — one transaction, one revision.
 * - `reconcileFlags(document, options?)` — review flags brought up to date with the validator's findings.
 * See /work/notes/ready-content-ops.md and docs/decisions.md ("Content operations").
 */
export { applyContentOperations, derivedId, type ApplyContext, type ApplyResult } from "./apply";
export { commitContentChange, emptyDocument, replacementChanges, type CommitContentChangeInput, type CommitContentChangeResult, type ContentChangeRequest } from "./commit";
export { ContentOperationError, isContentOperationError } from "./errors";
export { attentionOf, findingsOf, reconcileFlags } from "./flags";
export {
  CONTENT_OPERATIONS,
  ZContentChange,
  ZContentOperation,
  ZContentOperations,
  ZFinding,
  type ContentOperationName,
  type OperationOf,
  type TContentChange,
  type TContentOperation,
  type TContentOperationInput,
  type TFinding,
} from "./schemas";
