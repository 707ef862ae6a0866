import type { z } from "zod";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { ContentRevision, Prisma, Survey } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newUuidV7 } from "@/lib/ids";
import { isPlatform, type Platform } from "@/lib/platforms";
import { SOURCE_FILES, sourceFileName } from "@/lib/platforms/files";
import type { ExportWarning } from "@/lib/platforms/types";
import { ZSurveyDocument, type TFlag, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { findingsOf, reconcileFlags } from "@/lib/content-operations/flags";
import type { TContentChange, TFinding } from "@/lib/content-operations/schemas";
import { assignIds, findStructuralProblems } from "./document";
import type { TContentRevision, ZContentRevisionsQuery } from "./schemas";

/**
 * The one writer of programmed content rows (DESIGN §4). Every change of the `service` content —
 * Interface O, P `PUT /content` and `POST /content/operations`, the programming workflow, the editing
 * agent, the validation fix — goes through `commitContentChange` (lib/content-operations), which checks
 * who may write, applies the change and lands here: rows replaced to match, review flags reconciled with
 * the validator's findings, a revision appended and `content.updated` recorded, in the caller's
 * transaction.
 */

type Tx = Prisma.TransactionClient;

/** Workflow kinds that lock the survey while they run (Interface O's `locked`): nobody else may change it. */
export const LOCKING_WORKFLOWS = ["survey.program_from_file", "survey.validation_fix"] as const;

/** Workflow kinds during which content may only be written by that workflow. */
export const CONTENT_WRITING_WORKFLOWS = ["survey.programming", "survey.content_edit", ...LOCKING_WORKFLOWS] as const;

const ACTIVE: ("pending" | "running")[] = ["pending", "running"];

export function serializeContentRevision(revision: ContentRevision, withSource: boolean): TContentRevision {
  return {
    survey_id: revision.surveyId,
    revision: revision.revision,
    platform: revision.platform,
    ...(withSource ? { source: revision.source } : {}),
    user_id: revision.userId,
    message: revision.message,
    workflow_id: revision.workflowRunId,
    changes: (revision.changes as TContentChange[] | null) ?? null,
    export_warnings: (revision.exportWarnings as ExportWarning[] | null) ?? null,
    created_at: revision.createdAt.toISOString(),
  };
}

/** Parses a `service` source (document or its JSON text), reporting problems as a 400 with paths. */
export function parseServiceDocument(source: string | TSurveyDocument): TSurveyDocument {
  let value: unknown = source;
  if (typeof source === "string") {
    try {
      value = JSON.parse(source);
    } catch (error) {
      throw new ApiError("validation_error", "The service source is not valid JSON.", { details: [{ path: "body.source", message: (error as Error).message }] });
    }
  }
  const parsed = ZSurveyDocument.safeParse(value);
  if (!parsed.success) {
    throw new ApiError("validation_error", "The source is not a valid survey document.", {
      details: parsed.error.issues.map((issue) => ({ path: ["body", "source", ...issue.path.map(String)].join("."), message: issue.message })),
    });
  }
  const problems = findStructuralProblems(parsed.data);
  if (problems.length > 0) {
    throw new ApiError("validation_error", "The survey document is inconsistent.", {
      details: problems.map((problem) => ({ path: `body.source.${problem.path}`, message: problem.message })),
    });
  }
  return parsed.data;
}

export type ContentWrite = {
  survey: Pick<Survey, "id" | "workspaceId" | "slug" | "name">;
  platform: Platform;
  source: string | TSurveyDocument;
  actor: string;
  /** A function gets the change records (to say what changed when the caller gave no message). */
  message?: string | null | ((changes: TContentChange[]) => string | null);
  workflowRunId?: string | null;
  /** Human-readable change records stored with the revision (History, change cards); a function gets the stored document. */
  changes?: TContentChange[] | null | ((stored: TSurveyDocument) => TContentChange[]);
  /** Ids the content operations created in this change (kept as given). */
  freshIds?: ReadonlySet<string>;
  /** The tip document before this change, when the caller already read it. */
  previous?: TSurveyDocument | null;
  /** Source of a legacy `{ reason, dismissed }` flag in a whole document (see lib/content-operations/flags.ts). */
  legacyFlagSource?: TFlag["source"];
  /** An external platform's export: what the platform could not express, kept with the revision. */
  exportWarnings?: ExportWarning[] | null;
};

export type WrittenContent = {
  revision: ContentRevision;
  /** The stored `service` document (null for other platforms). */
  document: TSurveyDocument | null;
  findings: TFinding[];
  /** True when this workflow run had already written its revision (a replayed step): nothing new was written. */
  replayed: boolean;
};

/** Appends a revision; for `service` the rows are replaced to match and the review flags reconciled. */
export async function writeContentRevision(tx: Tx, write: ContentWrite): Promise<ContentRevision> {
  return (await appendContentRevision(tx, write)).revision;
}

export async function appendContentRevision(tx: Tx, write: ContentWrite): Promise<WrittenContent> {
  if (write.workflowRunId) {
    // Idempotent for workflows: a step that is replayed after a crash finds the revision it wrote.
    const written = await tx.contentRevision.findUnique({ where: { workflowRunId: write.workflowRunId } });
    if (written) return { revision: written, ...readStoredContent(written), replayed: true };
  }
  // One writer per survey at a time: revision numbers stay gap-free and rows match the tip.
  await lockSurveyRow(tx, write.survey.id);
  let source: string;
  let document: TSurveyDocument | null = null;
  let findings: TFinding[] = [];
  let changes: TContentChange[] | null = Array.isArray(write.changes) ? write.changes : null;
  if (write.platform === "service") {
    const previous = write.previous !== undefined ? write.previous : await tipServiceDocument(tx, write.survey.id);
    const owned = await ownedIds(tx, write.survey.id);
    const withIds = assignIds(parseServiceDocument(write.source), { ...owned, fresh: write.freshIds }, write.survey);
    ({ document, findings } = reconcileFlags(withIds, { previous, legacySource: write.legacyFlagSource }));
    await replaceServiceRows(tx, write.survey.id, document, { created: owned.createdAt, updated: keptUpdateTimes(previous, document, owned.updatedAt) });
    if (typeof write.changes === "function") changes = write.changes(document);
    source = JSON.stringify(document);
  } else {
    source = typeof write.source === "string" ? write.source : JSON.stringify(write.source);
  }
  const last = await tx.contentRevision.findFirst({ where: { surveyId: write.survey.id }, orderBy: { revision: "desc" }, select: { revision: true } });
  const revision = await tx.contentRevision.create({
    data: {
      id: newUuidV7(),
      workspaceId: write.survey.workspaceId,
      surveyId: write.survey.id,
      revision: (last?.revision ?? 0) + 1,
      platform: write.platform,
      source,
      message: (typeof write.message === "function" ? write.message(changes ?? []) : write.message) ?? null,
      userId: write.actor,
      workflowRunId: write.workflowRunId ?? null,
      changes: changes ? (changes as Prisma.InputJsonValue) : undefined,
      exportWarnings: write.platform !== "service" && write.exportWarnings ? (write.exportWarnings as Prisma.InputJsonValue) : undefined,
    },
  });
  await recordEvent(tx, write.survey.workspaceId, "content.updated", {
    survey_id: revision.surveyId,
    revision: revision.revision,
    platform: revision.platform,
    message: revision.message,
    user_id: revision.userId,
    workflow_id: revision.workflowRunId,
  });
  return { revision, document, findings, replayed: false };
}

/** The document and findings of a stored revision (null document for other platforms). */
export function readStoredContent(revision: ContentRevision): { document: TSurveyDocument | null; findings: TFinding[] } {
  if (revision.platform !== "service") return { document: null, findings: [] };
  const document = ZSurveyDocument.parse(JSON.parse(revision.source));
  return { document, findings: findingsOf(document) };
}

export async function lockSurveyRow(tx: Tx, surveyId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "surveys" WHERE "id" = ${surveyId} FOR UPDATE`;
}

/** The tip `service` document inside a transaction (null before the survey is programmed). */
export async function tipServiceDocument(tx: Tx, surveyId: string): Promise<TSurveyDocument | null> {
  const tip = await tx.contentRevision.findFirst({ where: { surveyId, platform: "service" }, orderBy: { revision: "desc" }, select: { source: true } });
  return tip ? ZSurveyDocument.parse(JSON.parse(tip.source)) : null;
}

async function ownedIds(tx: Tx, surveyId: string) {
  const [pages, blocks, rules, variables] = await Promise.all([
    tx.page.findMany({ where: { surveyId }, select: { id: true, createdAt: true, updatedAt: true } }),
    tx.block.findMany({ where: { surveyId }, select: { id: true, createdAt: true, updatedAt: true } }),
    tx.navigationRule.findMany({ where: { surveyId }, select: { id: true, createdAt: true, updatedAt: true } }),
    tx.variable.findMany({ where: { surveyId }, select: { id: true, name: true, createdAt: true, updatedAt: true }, orderBy: { createdAt: "asc" } }),
  ]);
  const all = [...pages, ...blocks, ...rules, ...variables];
  return {
    pages: new Set(pages.map((row) => row.id)),
    blocks: new Set(blocks.map((row) => row.id)),
    rules: new Set(rules.map((row) => row.id)),
    variables: new Map(variables.reverse().map((row) => [row.name, row.id])),
    createdAt: new Map(all.map((row) => [row.id, row.createdAt])),
    updatedAt: new Map(all.map((row) => [row.id, row.updatedAt])),
  };
}

/** Each element's own content (not its children), to tell which rows this write leaves unchanged. */
function elementFingerprints(document: TSurveyDocument): Map<string, string> {
  const prints = new Map<string, string>();
  for (const page of document.pages) {
    prints.set(page.id, JSON.stringify([page.name, page.order, page.assign_response_status ?? null, page.attention_required ?? null]));
    for (const block of page.blocks) prints.set(block.id, JSON.stringify([page.id, block.order, block.config]));
    for (const rule of page.navigation_rules) prints.set(rule.id, JSON.stringify([page.id, rule.order, rule.condition ?? null, rule.target_page_id, rule.attention_required ?? null]));
  }
  for (const variable of document.variables) if (variable.id) prints.set(variable.id, JSON.stringify([variable.name, variable.type, variable.block_id ?? null, variable.label ?? null]));
  return prints;
}

/** `updated_at` of the rows whose element did not change (rows are rewritten on every write; their times should not be). */
function keptUpdateTimes(previous: TSurveyDocument | null, document: TSurveyDocument, updated: ReadonlyMap<string, Date>): Map<string, Date> {
  const kept = new Map<string, Date>();
  if (!previous) return kept;
  const before = elementFingerprints(previous);
  for (const [id, print] of elementFingerprints(document)) {
    const time = updated.get(id);
    if (time && before.get(id) === print) kept.set(id, time);
  }
  return kept;
}

/** Replaces the survey's Page/Block/NavigationRule/Variable rows with the document's (ids already assigned). */
async function replaceServiceRows(
  tx: Tx,
  surveyId: string,
  document: TSurveyDocument,
  times: { created: ReadonlyMap<string, Date>; updated: ReadonlyMap<string, Date> },
): Promise<void> {
  const now = new Date();
  const { created } = times;
  const updatedAt = (id: string) => times.updated.get(id) ?? now;
  await tx.variable.deleteMany({ where: { surveyId } });
  await tx.page.deleteMany({ where: { surveyId } }); // blocks and rules cascade
  await tx.page.createMany({
    data: document.pages.map((page) => ({
      id: page.id,
      surveyId,
      name: page.name,
      order: page.order,
      assignResponseStatus: page.assign_response_status ?? null,
      attentionRequired: (page.attention_required ?? undefined) as Prisma.InputJsonValue | undefined,
      createdAt: created.get(page.id) ?? now,
      updatedAt: updatedAt(page.id),
    })),
  });
  await tx.block.createMany({
    data: document.pages.flatMap((page) =>
      page.blocks.map((block) => ({
        id: block.id,
        pageId: page.id,
        surveyId,
        order: block.order,
        config: block.config as Prisma.InputJsonValue,
        createdAt: created.get(block.id) ?? now,
        updatedAt: updatedAt(block.id),
      })),
    ),
  });
  await tx.navigationRule.createMany({
    data: document.pages.flatMap((page) =>
      page.navigation_rules.map((rule) => ({
        id: rule.id,
        surveyId,
        sourcePageId: page.id,
        targetPageId: rule.target_page_id,
        order: rule.order,
        condition: rule.condition ?? null,
        attentionRequired: (rule.attention_required ?? undefined) as Prisma.InputJsonValue | undefined,
        createdAt: created.get(rule.id) ?? now,
        updatedAt: updatedAt(rule.id),
      })),
    ),
  });
  await tx.variable.createMany({
    data: document.variables.map((variable) => ({
      id: variable.id!,
      surveyId,
      name: variable.name,
      type: variable.type,
      blockId: variable.block_id ?? null,
      label: variable.label ?? null,
      createdAt: created.get(variable.id!) ?? now,
      updatedAt: updatedAt(variable.id!),
    })),
  });
  await tx.survey.update({ where: { id: surveyId }, data: { firstPageId: document.first_page_id } });
}

/** The run that holds the survey's lock (program-from-file or validation fix), if any. */
export async function lockingRun(tx: Pick<Tx, "workflowRun">, surveyId: string): Promise<{ id: string; kind: string } | null> {
  return tx.workflowRun.findFirst({
    where: { surveyId, kind: { in: [...LOCKING_WORKFLOWS] }, status: { in: ACTIVE } },
    select: { id: true, kind: true },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * Refuses a change while another party owns the survey's content: 409 `survey_locked` while a
 * program-from-file or validation-fix run holds the lock, 409 `workflow_active` while a programming or
 * content-edit run is active. `runId` is the caller's own run, which may write.
 */
export async function assertContentWritable(tx: Tx, surveyId: string, runId?: string | null): Promise<void> {
  const active = await tx.workflowRun.findMany({
    where: { surveyId, kind: { in: [...CONTENT_WRITING_WORKFLOWS] }, status: { in: ACTIVE }, ...(runId ? { id: { not: runId } } : {}) },
    select: { id: true, kind: true },
    orderBy: { createdAt: "asc" },
  });
  const locking = active.find((run) => (LOCKING_WORKFLOWS as readonly string[]).includes(run.kind));
  if (locking) throw surveyLocked(locking);
  if (active[0]) {
    throw new ApiError("workflow_active", `A ${active[0].kind} workflow (${active[0].id}) is active on this survey; wait for it to finish or cancel it.`, {
      status: "running",
    });
  }
}

export function surveyLocked(run: { id: string; kind: string }): ApiError {
  return new ApiError("survey_locked", `The survey is locked while an AI agent works on it (${run.kind} run ${run.id}); try again when it has finished.`, {
    status: "locked",
  });
}

export async function getTipContent(workspaceId: string, surveyId: string, platform?: Platform): Promise<TContentRevision> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const tip = await (await db()).contentRevision.findFirst({
    where: { surveyId, ...(platform ? { platform } : {}) },
    orderBy: { revision: "desc" },
  });
  if (!tip) throw new ApiError("not_found", platform ? `The survey has no ${platform} content yet.` : "The survey has no programmed content yet.", { resource: "content" });
  return serializeContentRevision(tip, true);
}

export async function listContentRevisions(workspaceId: string, surveyId: string, query: z.output<typeof ZContentRevisionsQuery>) {
  await getSurveyOrThrow(workspaceId, surveyId);
  const args = pageArgs(query);
  const rows = await (await db()).contentRevision.findMany({
    ...args,
    where: { ...args.where, surveyId, ...(query.platform ? { platform: query.platform } : {}) },
  });
  return toPage(rows, query.limit, (row) => serializeContentRevision(row, query.include === "source"));
}

export async function getContentRevisionOrThrow(workspaceId: string, surveyId: string, revision: number): Promise<TContentRevision> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const row = await (await db()).contentRevision.findUnique({ where: { surveyId_revision: { surveyId, revision } } });
  if (!row) throw new ApiError("not_found", `Content revision ${revision} does not exist.`, { resource: "content_revision" });
  return serializeContentRevision(row, true);
}

/**
 * A revision's source as the file it is: the platform's native format (QSF, Decipher XML, LSS,
 * SurveyMonkey JSON; the survey document for `service`) named `<slug>-<platform>-r<revision>.<ext>`.
 */
export async function getContentRevisionFile(workspaceId: string, surveyId: string, revision: number) {
  const survey = await getSurveyOrThrow(workspaceId, surveyId);
  const row = await (await db()).contentRevision.findUnique({ where: { surveyId_revision: { surveyId, revision } } });
  if (!row) throw new ApiError("not_found", `Content revision ${revision} does not exist.`, { resource: "content_revision" });
  const platform: Platform = isPlatform(row.platform) ? row.platform : "service";
  return {
    body: row.source,
    filename: sourceFileName(survey.slug, platform, row.revision),
    contentType: `${SOURCE_FILES[platform].mediaType}; charset=utf-8`,
    warnings: (row.exportWarnings as ExportWarning[] | null) ?? null,
  };
}

/** The newest revisions written for external platforms (History's exports list), without their sources. */
export async function listPlatformExports(workspaceId: string, surveyId: string, limit = 50): Promise<TContentRevision[]> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const rows = await (await db()).contentRevision.findMany({
    where: { surveyId, platform: { not: "service" } },
    orderBy: { revision: "desc" },
    take: limit,
    omit: { source: true },
  });
  return rows.map((row) => serializeContentRevision({ ...row, source: "" }, false));
}

/** The tip `service` document, parsed (for the preview and the editing agent). */
export async function getServiceDocument(workspaceId: string, surveyId: string): Promise<TSurveyDocument | null> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const tip = await (await db()).contentRevision.findFirst({ where: { surveyId, platform: "service" }, orderBy: { revision: "desc" } });
  if (!tip) return null;
  return ZSurveyDocument.parse(JSON.parse(tip.source));
}


/** The tip `service` revision's number and document (null before the survey is programmed), for the editor. */
export async function getServiceTip(workspaceId: string, surveyId: string): Promise<{ revision: number; document: TSurveyDocument } | null> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const tip = await (await db()).contentRevision.findFirst({ where: { surveyId, platform: "service" }, orderBy: { revision: "desc" }, select: { revision: true, source: true } });
  return tip ? { revision: tip.revision, document: ZSurveyDocument.parse(JSON.parse(tip.source)) } : null;
}

/** Every `service` revision number of a survey, newest first (History's version pickers). */
export async function listServiceRevisionNumbers(workspaceId: string, surveyId: string): Promise<number[]> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const rows = await (await db()).contentRevision.findMany({ where: { surveyId, platform: "service" }, orderBy: { revision: "desc" }, select: { revision: true } });
  return rows.map((row) => row.revision);
}
