import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import type { z } from "zod";
import { contentEditWorkflow } from "@/inngest/functions/content-edit";
import type { AuthContext } from "@/lib/auth/context";
import { assertContentWritable, lockSurveyRow } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import type { Conversation, Message } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { cancelRun, createRun, dispatchRuns, TERMINAL_STATUSES, workflowBus } from "@/lib/workflows/runs";
import { ndjsonChunkStream, reserveStream } from "@/lib/workflows/stream";
import type { TConversation, TMessage, ZCreateConversationBody, ZListConversationsQuery, ZSendMessageBody } from "./schemas";
import { CHUNK_TYPE } from "./turn";

/** Conversations with the editing agent: routes under `/v1/surveys/{surveyId}/conversations` call these. */

type WithActive = Conversation & { messages?: Pick<Message, "runId">[] };

function serializeConversation(row: WithActive): TConversation {
  return {
    id: row.id,
    survey_id: row.surveyId,
    title: row.title,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    active_run_id: row.messages?.[0]?.runId ?? null,
  };
}

const withActive = { messages: { where: { activeTurn: true }, select: { runId: true } } } as const;

export async function createConversation(auth: AuthContext, surveyId: string, body: z.output<typeof ZCreateConversationBody>): Promise<TConversation> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const row = await (await db()).conversation.create({
    data: { id: newId("conv"), workspaceId: auth.workspaceId, surveyId: survey.id, title: body.title ?? null, createdBy: auth.subject },
  });
  return serializeConversation(row);
}

export async function listConversations(auth: AuthContext, surveyId: string, query: z.output<typeof ZListConversationsQuery>) {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const args = pageArgs(query);
  const rows = await (await db()).conversation.findMany({ ...args, where: { ...args.where, surveyId: survey.id, workspaceId: auth.workspaceId }, include: withActive });
  return toPage(rows, query.limit, serializeConversation);
}

export async function getConversationOrThrow(auth: AuthContext, surveyId: string, conversationId: string): Promise<WithActive> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const row = await (await db()).conversation.findFirst({ where: { id: conversationId, surveyId: survey.id, workspaceId: auth.workspaceId }, include: withActive });
  if (!row) throw notFound("conversation");
  return row;
}

export async function describeConversation(auth: AuthContext, surveyId: string, conversationId: string): Promise<TConversation> {
  return serializeConversation(await getConversationOrThrow(auth, surveyId, conversationId));
}

function serializeMessage(row: Message): TMessage {
  const metadata = (row.metadata as TMessage["metadata"] | null) ?? { run_id: row.runId };
  return {
    id: row.id,
    role: row.role as TMessage["role"],
    parts: row.parts as TMessage["parts"],
    metadata: { ...metadata, run_id: row.runId, ...(row.activeTurn ? { status: "running" as const } : {}) },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMessages(auth: AuthContext, surveyId: string, conversationId: string): Promise<TMessage[]> {
  const conversation = await getConversationOrThrow(auth, surveyId, conversationId);
  const rows = await (await db()).message.findMany({ where: { conversationId: conversation.id }, orderBy: { id: "asc" }, take: 1000 });
  return rows.map(serializeMessage);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Starts a turn: in one transaction the user message is saved as the conversation's active turn (the
 * unique index makes a second concurrent turn fail: 409 `turn_active`) and the `survey.content_edit` run
 * is created (409 `workflow_active` / `survey_locked` while another run holds the content). The response
 * is the turn's UI message stream, read from the chunk log the run writes; closing it does not stop the run.
 */
export async function sendMessage(auth: AuthContext, surveyId: string, conversationId: string, body: z.output<typeof ZSendMessageBody>): Promise<Response> {
  const conversation = await getConversationOrThrow(auth, surveyId, conversationId);
  const userMessageId = newId("msg");
  const assistantMessageId = newId("msg");
  let run;
  try {
    run = await (await db()).$transaction(async (tx) => {
      await lockSurveyRow(tx, conversation.surveyId);
      await tx.message.create({
        data: {
          id: userMessageId,
          conversationId: conversation.id,
          workspaceId: auth.workspaceId,
          role: "user",
          parts: [{ type: "text", text: body.text }],
          activeTurn: true,
        },
      });
      await assertContentWritable(tx, conversation.surveyId);
      const created = await createRun(tx, contentEditWorkflow, {
        workspaceId: auth.workspaceId,
        surveyId: conversation.surveyId,
        createdBy: auth.subject,
        input: { conversationId: conversation.id, text: body.text, userMessageId, assistantMessageId },
      });
      await tx.message.update({ where: { id: userMessageId }, data: { runId: created.id, metadata: { run_id: created.id } } });
      if (!conversation.title) await tx.conversation.update({ where: { id: conversation.id }, data: { title: body.text.slice(0, 80) } });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError("turn_active", "This conversation already has a turn in progress; wait for it to finish, resume its stream, or cancel it.", { status: "running" });
    }
    throw error;
  }
  await dispatchRuns([run]);
  return turnStreamResponse(auth, run.id);
}

/** The turn's stream from its first chunk, then live until it ends (`useChat({ resume: true })`, a reload). */
export async function resumeTurnStream(auth: AuthContext, surveyId: string, conversationId: string, runId: string): Promise<Response> {
  const conversation = await getConversationOrThrow(auth, surveyId, conversationId);
  const turn = await (await db()).message.findFirst({ where: { conversationId: conversation.id, runId, role: "user" }, select: { id: true } });
  if (!turn) throw notFound("turn");
  return turnStreamResponse(auth, runId);
}

function turnStreamResponse(auth: AuthContext, runId: string): Response {
  const release = reserveStream(auth.apiKeyId ?? auth.subject);
  return new Response(uiMessageSse(ndjsonChunkStream(runId, 0, release)), {
    headers: { ...UI_MESSAGE_STREAM_HEADERS, "x-workflow-run-id": runId },
  });
}

/**
 * The run's chunk log as an AI SDK UI message stream over SSE: the turn's `ui` chunks as they are, and
 * the run's end — a failed run as an `error` chunk, a cancelled one as `abort` — then `[DONE]`. Derived
 * only from the log, so the live stream and every replay are the same.
 */
export function uiMessageSse(ndjson: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let buffered = "";
  let finished = false;
  const event = (data: unknown) => encoder.encode(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  return ndjson.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(bytes, controller) {
        buffered += decoder.decode(bytes, { stream: true });
        let newline = buffered.indexOf("\n");
        while (newline >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf("\n");
          if (!line.trim()) continue;
          const chunk = JSON.parse(line) as { type: string; data: { type?: string; error?: { message?: string } } };
          if (chunk.type === CHUNK_TYPE) {
            if (chunk.data.type === "finish") finished = true;
            controller.enqueue(event(chunk.data));
          } else if (chunk.type === "failed") {
            controller.enqueue(event({ type: "error", errorText: chunk.data.error?.message ?? "The turn failed." }));
            controller.enqueue(event("[DONE]"));
          } else if (chunk.type === "cancelled") {
            if (!finished) controller.enqueue(event({ type: "abort", reason: "cancelled" }));
            controller.enqueue(event("[DONE]"));
          } else if (chunk.type === "completed") {
            if (!finished) controller.enqueue(event({ type: "finish" }));
            controller.enqueue(event("[DONE]"));
          }
        }
      },
    }),
  );
}

/**
 * Cancels the conversation's turn in progress (409 `conflict` when there is none): the run ends
 * `cancelled` at its next step boundary (at once while the model is streaming), writes no revision, and
 * the partial assistant message is kept, marked cancelled. Waits briefly for the run to end.
 */
export async function cancelTurn(auth: AuthContext, surveyId: string, conversationId: string): Promise<{ run_id: string; status: (typeof TERMINAL_STATUSES)[number] | "pending" | "running" }> {
  const conversation = await getConversationOrThrow(auth, surveyId, conversationId);
  const runId = conversation.messages?.[0]?.runId;
  if (!runId) throw new ApiError("conflict", "This conversation has no turn in progress to cancel.");
  const requested = await cancelRun(auth.workspaceId, runId);
  if (!requested) throw notFound("turn");
  const status = await waitForEnd(runId, 5_000);
  return { run_id: runId, status };
}

async function waitForEnd(runId: string, timeoutMs: number) {
  const prisma = await db();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
    if (TERMINAL_STATUSES.includes(run.status) || Date.now() >= deadline) return run.status;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        workflowBus.off(`chunk:${runId}`, done);
        resolve();
      };
      const timer = setTimeout(done, 100);
      workflowBus.on(`chunk:${runId}`, done);
    });
  }
}
