import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { ContentRevision, Prisma, Survey } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newUuidV7 } from "@/lib/ids";
import type { Platform } from "@/lib/platforms";
import { ZSurveyDocument, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { assignIds, findStructuralProblems } from "./document";
import type { TContentRevision, ZContentRevisionsQuery, ZPutContentBody } from "./schemas";

/**
 * The one writer of programmed content (DESIGN §4): every change — PUT /content, the programming
 * workflow, the editing agent, Interface O — appends a content revision and, for `service`, replaces
 * the Page/Block/NavigationRule/Variable rows to match, in the caller's transaction, with
 * `content.updated`.
 */

type Tx = Prisma.TransactionClient;

/** Workflow kinds during which content may only be written by that workflow. */
export const CONTENT_WRITING_WORKFLOWS = ["survey.programming", "survey.content_edit"] as const;

export function serializeContentRevision(revision: ContentRevision, withSource: boolean): TContentRevision {
  return {
    survey_id: revision.surveyId,
    revision: revision.revision,
    platform: revision.platform,
    ...(withSource ? { source: revision.source } : {}),
    user_id: revision.userId,
    message: revision.message,
    workflow_id: revision.workflowRunId,
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
  message?: string | null;
  workflowRunId?: string | null;
};

export async function writeContentRevision(tx: Tx, write: ContentWrite): Promise<ContentRevision> {
  if (write.workflowRunId) {
    // Idempotent for workflows: a step that is replayed after a crash finds the revision it wrote.
    const written = await tx.contentRevision.findUnique({ where: { workflowRunId: write.workflowRunId } });
    if (written) return written;
  }
  // One writer per survey at a time: revision numbers stay gap-free and rows match the tip.
  await tx.$queryRaw`SELECT "id" FROM "surveys" WHERE "id" = ${write.survey.id} FOR UPDATE`;
  let source: string;
  if (write.platform === "service") {
    const document = await replaceServiceRows(tx, write.survey, parseServiceDocument(write.source));
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
      message: write.message ?? null,
      userId: write.actor,
      workflowRunId: write.workflowRunId ?? null,
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
  return revision;
}

async function replaceServiceRows(tx: Tx, survey: ContentWrite["survey"], incoming: TSurveyDocument): Promise<TSurveyDocument> {
  const surveyId = survey.id;
  const [pages, blocks, rules] = await Promise.all([
    tx.page.findMany({ where: { surveyId }, select: { id: true, createdAt: true } }),
    tx.block.findMany({ where: { surveyId }, select: { id: true, createdAt: true } }),
    tx.navigationRule.findMany({ where: { surveyId }, select: { id: true, createdAt: true } }),
  ]);
  const created = new Map([...pages, ...blocks, ...rules].map((row) => [row.id, row.createdAt]));
  const document = assignIds(
    incoming,
    { pages: new Set(pages.map((row) => row.id)), blocks: new Set(blocks.map((row) => row.id)), rules: new Set(rules.map((row) => row.id)) },
    survey,
  );
  const now = new Date();
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
      })),
    ),
  });
  await tx.variable.createMany({
    data: document.variables.map((variable) => ({
      id: newUuidV7(),
      surveyId,
      name: variable.name,
      type: variable.type,
      blockId: variable.block_id ?? null,
      label: variable.label ?? null,
    })),
  });
  await tx.survey.update({ where: { id: surveyId }, data: { firstPageId: document.first_page_id } });
  return document;
}

/** 409 `workflow_active` while a programming or content-edit run of the survey is not finished. */
export async function assertNoContentWorkflow(tx: Tx, surveyId: string): Promise<void> {
  const active = await tx.workflowRun.findFirst({
    where: { surveyId, kind: { in: [...CONTENT_WRITING_WORKFLOWS] }, status: { in: ["pending", "running"] } },
    select: { id: true, kind: true },
  });
  if (active) {
    throw new ApiError("workflow_active", `A ${active.kind} workflow (${active.id}) is active on this survey; wait for it to finish or cancel it.`, {
      status: "running",
    });
  }
}

export async function putContent(auth: AuthContext, surveyId: string, body: z.output<typeof ZPutContentBody>): Promise<TContentRevision> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const revision = await (await db()).$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "surveys" WHERE "id" = ${survey.id} FOR UPDATE`;
    await assertNoContentWorkflow(tx, survey.id);
    const current = await tx.survey.findUniqueOrThrow({ where: { id: survey.id }, select: { locked: true } });
    if (current.locked) throw new ApiError("survey_locked", "The survey is locked while an AI agent works on it.");
    return writeContentRevision(tx, { survey, platform: body.platform, source: body.source, actor: auth.subject, message: body.message });
  });
  return serializeContentRevision(revision, true);
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

/** The tip `service` document, parsed (for the preview and the editing agent). */
export async function getServiceDocument(workspaceId: string, surveyId: string): Promise<TSurveyDocument | null> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const tip = await (await db()).contentRevision.findFirst({ where: { surveyId, platform: "service" }, orderBy: { revision: "desc" } });
  if (!tip) return null;
  return ZSurveyDocument.parse(JSON.parse(tip.source));
}

