import type { z } from "zod";
import { probeClarificationsWorkflow } from "@/inngest/functions/probe-clarifications";
import type { AuthContext } from "@/lib/auth/context";
import { lockSurveyRow } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import type { Clarification, ClarificationSession, Prisma } from "@/lib/generated/prisma/client";
import { ApiError, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { IRAssumption, IROverride } from "@/lib/questionnaire/ir";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { createRun, dispatchRuns, getRunWithDetails, serializeRun } from "@/lib/workflows/runs";
import type { TWorkflowRun } from "@/lib/workflows/schemas";
import { streamWorkflowRun } from "@/lib/workflows/service";
import { type ClarificationOption, overrideOfAnswer, type StoredAnswer } from "./questions";
import { CLARIFICATIONS_KIND, type TClarification, type TClarificationSession, type ZAnswerClarificationBody, type ZClarificationsStarted } from "./schemas";

/**
 * Questionnaire clarifications (interface "P: questionnaire clarification", DESIGN §7): one session per
 * questionnaire revision; probes run as `survey.questionnaire_clarifications` workflows (steps.ts); answers
 * are recorded on the tip only and become overrides of the questionnaire IR when programming compiles.
 */

type Tx = Prisma.TransactionClient;
type SessionWithItems = ClarificationSession & { clarifications: Clarification[] };

const KIND = CLARIFICATIONS_KIND;

export function serializeClarification(row: Clarification): TClarification {
  const options = row.options as unknown as ClarificationOption[];
  return {
    id: row.id,
    session_id: row.sessionId,
    questionnaire_revision: row.questionnaireRevision,
    round: row.round,
    kind: row.kind,
    prompt: row.prompt,
    question_ids: row.questionIds as string[],
    context: row.context as TClarification["context"],
    options: options.map((option) => ({ option_id: option.option_id, label: option.label, ...(option.description ? { description: option.description } : {}) })),
    status: row.status as TClarification["status"],
    answer: (row.answer as StoredAnswer | null) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeSession(session: SessionWithItems): TClarificationSession {
  return {
    id: session.id,
    questionnaire_revision: session.questionnaireRevision,
    status: session.status as TClarificationSession["status"],
    round: session.round,
    open_count: session.clarifications.filter((item) => item.status === "open").length,
    clarifications: session.clarifications.map(serializeClarification),
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}

const ITEMS = { clarifications: { orderBy: [{ round: "asc" }, { id: "asc" }] } } satisfies Prisma.ClarificationSessionInclude;

async function tipRevision(tx: Tx, surveyId: string): Promise<number | null> {
  const tip = await tx.questionnaireRevision.findFirst({ where: { surveyId }, orderBy: { revision: "desc" }, select: { revision: true } });
  return tip?.revision ?? null;
}

/** Records `questionnaire.clarifications.updated` with the session's state after the change. */
export async function recordClarificationsUpdated(tx: Tx, workspaceId: string, sessionId: string, workflowId: string | null): Promise<void> {
  const session = await tx.clarificationSession.findUniqueOrThrow({ where: { id: sessionId } });
  const open = await tx.clarification.count({ where: { sessionId, status: "open" } });
  await recordEvent(tx, workspaceId, "questionnaire.clarifications.updated", {
    survey_id: session.surveyId,
    questionnaire_revision: session.questionnaireRevision,
    session_id: session.id,
    status: session.status,
    open_questions: open,
    workflow_id: workflowId,
  });
}

/** Starts a probe of the tip revision (202): the first one opens the revision's session, later ones are follow-ups. */
export async function startClarifications(auth: AuthContext, surveyId: string): Promise<z.input<typeof ZClarificationsStarted>> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const prisma = await db();
  const { run, sessionId } = await prisma.$transaction(async (tx) => {
    await lockSurveyRow(tx, survey.id);
    const revision = await tipRevision(tx, survey.id);
    if (revision === null) throw new ApiError("questionnaire_required", "Assert a questionnaire first: upload a file and PUT /questionnaire with its file_id.");
    const active = await tx.workflowRun.findFirst({ where: { surveyId: survey.id, kind: KIND, status: { in: ["pending", "running"] } }, select: { id: true } });
    if (active) throw new ApiError("workflow_active", `A clarification probe (${active.id}) is already running on this survey; wait for it to finish.`, { status: "running" });
    const existing = await tx.clarificationSession.findUnique({ where: { surveyId_questionnaireRevision: { surveyId: survey.id, questionnaireRevision: revision } } });
    const session = existing
      ? await tx.clarificationSession.update({ where: { id: existing.id }, data: { status: "probing", round: existing.round + 1 } })
      : await tx.clarificationSession.create({
          data: { id: newId("cses"), workspaceId: auth.workspaceId, surveyId: survey.id, questionnaireRevision: revision, status: "probing", round: 1 },
        });
    const created = await createRun(tx, probeClarificationsWorkflow, {
      workspaceId: auth.workspaceId,
      surveyId: survey.id,
      createdBy: auth.subject,
      input: { sessionId: session.id, questionnaireRevision: revision, round: session.round },
    });
    return { run: created, sessionId: session.id };
  });
  await dispatchRuns([run]);
  const workflow = await describeClarificationRun(auth.workspaceId, survey.id, run.id);
  const session = await prisma.clarificationSession.findUniqueOrThrow({ where: { id: sessionId }, include: ITEMS });
  return { workflow_id: run.id, workflow, session: serializeSession(session), stream_url: workflow.stream_url };
}

export async function describeClarificationRun(workspaceId: string, surveyId: string, runId: string): Promise<TWorkflowRun> {
  const run = await getRunWithDetails({ id: runId, workspaceId, surveyId, kind: KIND });
  if (!run) throw new ApiError("not_found", "No such clarification run on this survey.", { resource: "workflow" });
  return serializeRun(run, probeClarificationsWorkflow);
}

export async function streamClarificationRun(auth: AuthContext, surveyId: string, runId: string, startIndex: number): Promise<Response> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  return streamWorkflowRun(auth, runId, startIndex, { surveyId, kind: KIND });
}

async function sessionOrThrow(workspaceId: string, surveyId: string, revision: number | null): Promise<SessionWithItems> {
  const prisma = await db();
  const wanted = revision ?? (await tipRevision(prisma, surveyId));
  if (wanted === null) throw new ApiError("not_found", "This survey has no questionnaire yet, so nothing has been probed.", { resource: "clarification_session" });
  if (revision !== null && !(await prisma.questionnaireRevision.findFirst({ where: { workspaceId, surveyId, revision }, select: { id: true } }))) {
    throw new ApiError("not_found", `This survey has no questionnaire revision ${revision}.`, { resource: "questionnaire_revision" });
  }
  const session = await prisma.clarificationSession.findFirst({ where: { workspaceId, surveyId, questionnaireRevision: wanted }, include: ITEMS });
  if (!session) {
    throw new ApiError("not_found", `Questionnaire revision ${wanted} has not been checked for questions yet: POST /questionnaire/clarifications to start.`, {
      resource: "clarification_session",
    });
  }
  return session;
}

/** The session of the tip revision (or of `revision`, read-only history). Reading never starts or advances a probe. */
export async function getClarificationSession(workspaceId: string, surveyId: string, revision: number | null = null): Promise<TClarificationSession> {
  await getSurveyOrThrow(workspaceId, surveyId);
  return serializeSession(await sessionOrThrow(workspaceId, surveyId, revision));
}

/** The tip session, or null (for pages that show "not checked yet"). */
export async function findTipSession(workspaceId: string, surveyId: string): Promise<TClarificationSession | null> {
  const prisma = await db();
  const revision = await tipRevision(prisma, surveyId);
  if (revision === null) return null;
  const session = await prisma.clarificationSession.findFirst({ where: { workspaceId, surveyId, questionnaireRevision: revision }, include: ITEMS });
  return session ? serializeSession(session) : null;
}

async function clarificationOrThrow(workspaceId: string, surveyId: string, clarificationId: string, revision: number | null): Promise<Clarification> {
  const row = await (await db()).clarification.findFirst({
    where: { id: clarificationId, workspaceId, surveyId, ...(revision !== null ? { questionnaireRevision: revision } : {}) },
  });
  if (!row) throw new ApiError("not_found", "No such clarification on this survey.", { resource: "clarification" });
  return row;
}

export async function getClarification(workspaceId: string, surveyId: string, clarificationId: string, revision: number | null = null): Promise<TClarification> {
  await getSurveyOrThrow(workspaceId, surveyId);
  return serializeClarification(await clarificationOrThrow(workspaceId, surveyId, clarificationId, revision));
}

/** Records an answer or a skip on an item of the tip revision; the last answer wins, earlier ones stay in its history. */
export async function answerClarification(
  auth: AuthContext,
  surveyId: string,
  clarificationId: string,
  body: z.output<typeof ZAnswerClarificationBody>,
): Promise<TClarification> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  const text = body.text?.trim() ? body.text.trim() : null;
  if (body.kind === "answer" && !body.option_id && !text) {
    throw validationError("An answer needs an `option_id` (one of the item's options) or non-empty `text`.", [{ path: "body", message: "option_id or text is required with kind answer" }]);
  }
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockSurveyRow(tx, surveyId);
    const row = await tx.clarification.findFirst({ where: { id: clarificationId, workspaceId: auth.workspaceId, surveyId } });
    if (!row) throw new ApiError("not_found", "No such clarification on this survey.", { resource: "clarification" });
    const tip = await tipRevision(tx, surveyId);
    if (tip !== row.questionnaireRevision) {
      throw new ApiError("revision_not_tip", `This clarification belongs to questionnaire revision ${row.questionnaireRevision}; the current questionnaire is revision ${tip}. Its clarifications are read-only.`, {
        revisions: tip === null ? [] : [tip],
      });
    }
    const options = row.options as unknown as ClarificationOption[];
    if (body.kind === "answer" && body.option_id && !options.some((option) => option.option_id === body.option_id)) {
      throw validationError(`"${body.option_id}" is not an option of this clarification.`, [
        { path: "option_id", message: `one of: ${options.map((option) => option.option_id).join(", ") || "(none: answer with text)"}` },
      ]);
    }
    const answer: StoredAnswer = {
      kind: body.kind,
      option_id: body.kind === "answer" ? (body.option_id ?? null) : null,
      text: body.kind === "answer" ? text : null,
      answered_by: auth.subject,
      answered_at: new Date().toISOString(),
    };
    const history = [...((row.answerHistory as StoredAnswer[] | null) ?? []), ...(row.answer ? [row.answer as StoredAnswer] : [])];
    const updated = await tx.clarification.update({
      where: { id: row.id },
      data: { status: body.kind === "skip" ? "skipped" : "answered", answer, answerHistory: history as Prisma.InputJsonValue },
    });
    await recordClarificationsUpdated(tx, auth.workspaceId, row.sessionId, null);
    return serializeClarification(updated);
  });
}

export type AppliedAnswer = { clarificationId: string; prompt: string; override: IROverride };

/** The answers of a revision's session as IR overrides, in the order they were given (skips keep the compiler's default). */
export async function answersAsOverrides(surveyId: string, questionnaireRevision: number): Promise<AppliedAnswer[]> {
  const rows = await (await db()).clarification.findMany({
    where: { surveyId, questionnaireRevision, status: "answered" },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
  });
  return rows.flatMap((row) => {
    const override = overrideOfAnswer(
      { options: row.options as unknown as ClarificationOption[], assumption: row.assumption as unknown as IRAssumption },
      row.answer as unknown as StoredAnswer,
    );
    return override ? [{ clarificationId: row.id, prompt: row.prompt, override }] : [];
  });
}

/** Every revision that has a session, newest first, with its state (the Clarifications page's revision picker). */
export async function listClarificationSessions(workspaceId: string, surveyId: string): Promise<{ revision: number; status: string; open: number; total: number }[]> {
  const sessions = await (await db()).clarificationSession.findMany({
    where: { workspaceId, surveyId },
    orderBy: { questionnaireRevision: "desc" },
    include: { clarifications: { select: { status: true } } },
  });
  return sessions.map((session) => ({
    revision: session.questionnaireRevision,
    status: session.status,
    open: session.clarifications.filter((item) => item.status === "open").length,
    total: session.clarifications.length,
  }));
}

/** Open clarifications of the tip revision (the tab's badge, the programming page's reminder). */
export async function openClarificationCount(surveyId: string): Promise<number> {
  const prisma = await db();
  const revision = await tipRevision(prisma, surveyId);
  if (revision === null) return 0;
  return prisma.clarification.count({ where: { surveyId, questionnaireRevision: revision, status: "open" } });
}
