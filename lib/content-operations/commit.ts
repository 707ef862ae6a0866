import {
  appendContentRevision,
  assertContentWritable,
  lockSurveyRow,
  parseServiceDocument,
  readStoredContent,
  serializeContentRevision,
  tipServiceDocument,
} from "@/lib/content/service";
import type { TContentRevision } from "@/lib/content/schemas";
import { db } from "@/lib/db/client";
import type { Prisma, Survey } from "@/lib/generated/prisma/client";
import type { TFlag, TSurveyDocument } from "@/lib/survey-document/schemas";
import { diffDocuments } from "@/lib/ui/document-diff";
import { type ApplyContext, applyContentOperations } from "./apply";
import type { TContentChange, TContentOperation, TContentOperationInput, TFinding } from "./schemas";

type Tx = Prisma.TransactionClient;

export type ContentChangeRequest =
  /** Edits applied to the tip document, in order (all or nothing). */
  | { operations: readonly (TContentOperation | TContentOperationInput)[] }
  /** A whole replacement document (P `PUT /content`, the programming workflow). */
  | { document: string | TSurveyDocument };

export type CommitContentChangeInput = {
  /** The survey, already resolved for the caller's tenant. */
  survey: Pick<Survey, "id" | "workspaceId" | "slug" | "name">;
  change: ContentChangeRequest;
  /** Who makes the change: `api_key:<id>`, `user:<id>` or `workflow:<run id>`. */
  actor: string;
  /** For the history; default: the first change's summary (and how many more). */
  message?: string | null;
  /**
   * The workflow run making the change: it may write while it holds the survey (its own lock or active
   * run), and the change is idempotent per run — a replayed step gets the revision it already wrote.
   */
  workflowRunId?: string | null;
  /** How a legacy `{ reason, dismissed }` flag in a replacement document is kept (`compiler` for the programming workflow). */
  legacyFlagSource?: TFlag["source"];
  /** Error detail paths (default `operations[<index>].<field>`), so a route can point at its own body fields. */
  pathOf?: ApplyContext["pathOf"];
  /** Run inside the caller's transaction instead of a new one. */
  tx?: Tx;
};

export type CommitContentChangeResult = {
  /** The new revision (with its source), or the run's earlier one when `replayed`. */
  revision: TContentRevision;
  document: TSurveyDocument;
  changes: TContentChange[];
  /** The validator's findings on the new document, each with whether a person dismissed it. */
  findings: TFinding[];
  /** The operations as applied, with the ids of created elements filled in. */
  applied: TContentOperation[];
  replayed: boolean;
};

export function emptyDocument(survey: Pick<Survey, "id" | "slug" | "name">): TSurveyDocument {
  return { version: 1, survey: { id: survey.id, slug: survey.slug, name: survey.name }, first_page_id: null, pages: [], variables: [] };
}

/**
 * The one way to change a survey's programmed content (DESIGN §7): in one transaction it locks the survey
 * row, refuses while someone else holds the content (409 `survey_locked` / `workflow_active`, unless the
 * caller is that run), reads the tip `service` document, applies the operations (or takes the
 * replacement document), re-runs the validator so review flags stay current, writes the rows and one
 * revision with its change records, and records `content.updated`. Any error writes nothing.
 */
export async function commitContentChange(input: CommitContentChangeInput): Promise<CommitContentChangeResult> {
  if (input.tx) return commitIn(input.tx, input);
  return (await db()).$transaction((tx) => commitIn(tx, input), { timeout: 20_000 });
}

async function commitIn(tx: Tx, input: CommitContentChangeInput): Promise<CommitContentChangeResult> {
  const { survey } = input;
  if (input.workflowRunId) {
    const written = await tx.contentRevision.findUnique({ where: { workflowRunId: input.workflowRunId } });
    if (written) {
      const stored = readStoredContent(written);
      return {
        revision: serializeContentRevision(written, true),
        document: stored.document!,
        changes: (written.changes as TContentChange[] | null) ?? [],
        findings: stored.findings,
        applied: [],
        replayed: true,
      };
    }
  }
  await lockSurveyRow(tx, survey.id);
  await assertContentWritable(tx, survey.id, input.workflowRunId);
  const previous = await tipServiceDocument(tx, survey.id);
  const base = previous ?? emptyDocument(survey);

  let next: TSurveyDocument;
  let changes: TContentChange[] | ((stored: TSurveyDocument) => TContentChange[]);
  let applied: TContentOperation[] = [];
  let freshIds: Set<string> | undefined;
  if ("operations" in input.change) {
    const result = applyContentOperations(base, input.change.operations, { actor: input.actor, now: new Date(), pathOf: input.pathOf });
    next = result.document;
    changes = result.changes;
    applied = result.applied;
    freshIds = newElementIds(base, next);
  } else {
    next = parseServiceDocument(input.change.document);
    changes = (stored) => replacementChanges(base, stored);
  }

  let recorded: TContentChange[] = [];
  const written = await appendContentRevision(tx, {
    survey,
    platform: "service",
    source: next,
    actor: input.actor,
    workflowRunId: input.workflowRunId,
    previous,
    freshIds,
    legacyFlagSource: input.legacyFlagSource,
    changes: (stored) => (recorded = typeof changes === "function" ? changes(stored) : changes),
    message: (list) => input.message ?? defaultMessage(list),
  });
  return {
    revision: serializeContentRevision(written.revision, true),
    document: written.document!,
    changes: recorded,
    findings: written.findings,
    applied,
    replayed: written.replayed,
  };
}

/** Ids present after the operations but not before: elements the operations created. */
function newElementIds(before: TSurveyDocument, after: TSurveyDocument): Set<string> {
  const ids = (document: TSurveyDocument) => [
    ...document.pages.flatMap((page) => [page.id, ...page.blocks.map((block) => block.id), ...page.navigation_rules.map((rule) => rule.id)]),
    ...document.variables.flatMap((variable) => (variable.id ? [variable.id] : [])),
  ];
  const existing = new Set(ids(before));
  return new Set(ids(after).filter((id) => !existing.has(id)));
}

function defaultMessage(changes: TContentChange[]): string | null {
  if (changes.length === 0) return null;
  const first = changes[0].summary;
  return changes.length === 1 ? first : `${first} (and ${changes.length - 1} more change${changes.length === 2 ? "" : "s"})`;
}

/** Change records for a whole-document write, from the History diff (elements matched by id, then by name). */
export function replacementChanges(before: TSurveyDocument, after: TSurveyDocument): TContentChange[] {
  const diff = diffDocuments(before, after);
  const op = "replace_document";
  const blockLabel = (config: TSurveyDocument["pages"][number]["blocks"][number]["config"]) =>
    config.question?.variable ?? `"${config.content.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
  const changes: TContentChange[] = [];
  for (const page of diff.pages.added) changes.push({ op, element: { kind: "page", id: page.id, label: page.name }, summary: `Added page "${page.name}"` });
  for (const page of diff.pages.removed) changes.push({ op, element: { kind: "page", id: page.id, label: page.name }, summary: `Deleted page "${page.name}"` });
  for (const change of diff.pages.changed) {
    changes.push({ op, element: { kind: "page", id: change.after.id, label: change.after.name }, field: change.fields.join(", "), summary: `Page "${change.after.name}": ${change.fields.join(", ")} changed` });
  }
  for (const { page, block } of diff.blocks.added) changes.push({ op, element: { kind: "block", id: block.id, label: blockLabel(block.config) }, summary: `Added ${blockLabel(block.config)} on page "${page}"` });
  for (const { page, block } of diff.blocks.removed) changes.push({ op, element: { kind: "block", id: block.id, label: blockLabel(block.config) }, summary: `Deleted ${blockLabel(block.config)} from page "${page}"` });
  for (const change of diff.blocks.changed) {
    const label = blockLabel(change.after.block.config);
    changes.push({ op, element: { kind: "block", id: change.after.block.id, label }, field: change.fields.join(", "), summary: `${label}: ${change.fields.join(", ")} changed` });
  }
  for (const rule of diff.rules.added) changes.push({ op, element: { kind: "rule", id: rule.rule.id, label: `${rule.page} → ${rule.target}` }, summary: `Added rule ${rule.page} → ${rule.target}` });
  for (const rule of diff.rules.removed) changes.push({ op, element: { kind: "rule", id: rule.rule.id, label: `${rule.page} → ${rule.target}` }, summary: `Deleted rule ${rule.page} → ${rule.target}` });
  for (const change of diff.rules.changed) {
    const label = `${change.after.page} → ${change.after.target}`;
    changes.push({ op, element: { kind: "rule", id: change.after.rule.id, label }, field: change.fields.join(", "), summary: `Rule ${label}: ${change.fields.join(", ")} changed` });
  }
  return changes;
}
