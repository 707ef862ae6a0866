import { readUIMessageStream, stepCountIs, streamText, type LanguageModel, type ModelMessage, type UIMessage, type UIMessageChunk } from "ai";
import { NonRetriableError } from "inngest";
import { z } from "zod";
import { contentEditTools, outlineOf, type EditSession } from "@/lib/ai/tools/content-edit";
import { getLanguageModel } from "@/lib/ai";
import { commitContentChange, type TContentChange, type TContentOperation } from "@/lib/content-operations";
import { keepDismissals } from "@/lib/content-operations/restore";
import { lockSurveyRow, parseServiceDocument, readStoredContent, tipServiceDocument } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import type { Prisma, WorkflowRun } from "@/lib/generated/prisma/client";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { announceChunks, appendChunks } from "@/lib/workflows/runs";
import { helpText } from "./grammar";
import { planRequests } from "./plan";

/**
 * One conversation turn (`survey.content_edit`, inngest/functions/content-edit.ts strings the steps):
 * run-agent (the model with the content tools, or the deterministic grammar) edits a working copy and
 * streams AI SDK UI message chunks into the run's chunk log → commit-turn writes every edit as ONE
 * content revision (message = the request, actor = who sent it) and streams the summary and `finish`.
 * The chat stream, the replay route and the saved assistant message all read that one chunk log.
 */

export const ZContentEditInput = z.object({
  conversationId: z.string(),
  text: z.string(),
  userMessageId: z.string(),
  assistantMessageId: z.string(),
});
export type TContentEditInput = z.infer<typeof ZContentEditInput>;

export type TurnScope = { runId: string; workspaceId: string; surveyId: string; input: TContentEditInput };

export type AgentOutput = {
  operations: TContentOperation[];
  notApplied: { request: string; reason: string }[];
  undo: boolean;
  /** Nothing in the message was understood (deterministic agent): the reply lists what it can do. */
  understoodNothing: boolean;
  cancelled: boolean;
  /** UI chunks written so far (the next chunk key). */
  written: number;
};

export type TurnOutput = { content_revision: number | null };

export const CHUNK_TYPE = "ui";
const MAX_STEPS = 12;
const CANCEL_POLL_MS = 250;

/** Buffers UI chunks and appends them to the run's log in batches (keys `ui:<n>`, so a replayed step adds nothing twice). */
class ChunkWriter {
  private buffer: { type: string; data: unknown; key: string }[] = [];
  private lastFlush = Date.now();
  constructor(
    private readonly runId: string,
    public written: number,
  ) {}

  push(chunk: UIMessageChunk): void {
    this.buffer.push({ type: CHUNK_TYPE, data: chunk, key: `${CHUNK_TYPE}:${this.written++}` });
  }

  /** Pushes and, for a live model stream, writes at most every 100 ms (and at once for anything but text deltas). */
  async write(chunk: UIMessageChunk): Promise<void> {
    this.push(chunk);
    if (chunk.type !== "text-delta" || Date.now() - this.lastFlush > 100) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.lastFlush = Date.now();
    await (await db()).$transaction((tx) => appendChunks(tx, this.runId, batch));
    announceChunks(this.runId);
  }
}

async function readTip(surveyId: string): Promise<TSurveyDocument | null> {
  return (await db()).$transaction((tx) => tipServiceDocument(tx, surveyId));
}

async function actorOf(runId: string): Promise<string> {
  const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId }, select: { createdBy: true } });
  return run.createdBy ?? `workflow:${runId}`;
}

// ---------------------------------------------------------------- step 1: the agent

export async function runAgent(scope: TurnScope): Promise<AgentOutput> {
  const writer = new ChunkWriter(scope.runId, 0);
  writer.push({ type: "start", messageId: scope.input.assistantMessageId, messageMetadata: { run_id: scope.runId } });
  const tip = await readTip(scope.surveyId);
  const empty: AgentOutput = { operations: [], notApplied: [], undo: false, understoodNothing: false, cancelled: false, written: 0 };
  if (!tip) {
    await writer.flush();
    return { ...empty, notApplied: [{ request: scope.input.text, reason: "The survey has no programmed content yet: program it from its questionnaire first." }], written: writer.written };
  }
  const actor = await actorOf(scope.runId);
  const model = getLanguageModel();
  const output = model ? await modelTurn(scope, model, tip, actor, writer) : deterministicTurn(scope, tip, actor, writer);
  await writer.flush();
  return { ...output, written: writer.written };
}

function deterministicTurn(scope: TurnScope, tip: TSurveyDocument, actor: string, writer: ChunkWriter): Omit<AgentOutput, "written"> {
  const plan = planRequests(tip, scope.input.text, { actor, now: new Date() });
  const undo = plan.requests.length > 0 && plan.requests.every((request) => request.status === "undo");
  let call = 0;
  for (const request of plan.requests) {
    if (request.status !== "applied") continue;
    request.operations.forEach((operation, index) => {
      const toolCallId = `call_${scope.runId.slice(-8)}_${call++}`;
      const { op, ...input } = operation;
      writer.push({ type: "tool-input-available", toolCallId, toolName: op, input });
      const changes = request.changes.filter((change) => change.op === op);
      writer.push({ type: "tool-output-available", toolCallId, output: { changes: (changes.length === request.operations.length ? [changes[index]] : changes).filter(Boolean).map((change) => change.summary) } });
    });
  }
  const notApplied = plan.requests.flatMap((request) =>
    request.status === "not_applied" ? [{ request: request.request, reason: request.reason }] : request.status === "undo" && !undo ? [{ request: request.request, reason: "“undo” works on its own, as a message of its own." }] : [],
  );
  return { operations: plan.operations, notApplied, undo, understoodNothing: !undo && plan.operations.length === 0, cancelled: false };
}

export function systemPrompt(document: TSurveyDocument): string {
  return [
    "You edit a programmed survey for its author. Use the tools to make the changes the author asks for; each tool is one edit of the survey's working copy, and everything is saved as one revision when you finish.",
    "Refer to pages, blocks and rules by the ids in the outline. Question variables (Q3) name questions in conditions.",
    "Conditions use this language: {VAR} = 'code' | != | < | <= | > | >= number | {VAR} anyof ['1','2'] | noneof | allof | contains | {VAR} empty | notempty | count({VAR}) > 1, joined with and / or / not and parentheses. Values are option CODES, never labels.",
    "A skip is a navigation rule on the page of the question it depends on (position 0 so it is evaluated first); ending or screening out goes to a page with assign_response_status complete or disqualified.",
    "If a tool reports an error, fix the input and try again, or explain why it cannot be done. Ask when the request is ambiguous. Finish with one or two sentences saying what you changed.",
    "",
    "The survey now:",
    outlineOf(document),
  ].join("\n");
}

async function historyOf(scope: TurnScope): Promise<ModelMessage[]> {
  const rows = await (await db()).message.findMany({
    where: { conversationId: scope.input.conversationId, id: { lt: scope.input.userMessageId } },
    orderBy: { id: "desc" },
    take: 20,
  });
  return rows.reverse().flatMap((row): ModelMessage[] => {
    const text = ((row.parts as { type: string; text?: string }[]) ?? []).flatMap((part) => (part.type === "text" && part.text ? [part.text] : [])).join("\n");
    if (!text) return [];
    return [row.role === "user" ? { role: "user", content: text } : { role: "assistant", content: text }];
  });
}

async function modelTurn(scope: TurnScope, model: LanguageModel, tip: TSurveyDocument, actor: string, writer: ChunkWriter): Promise<Omit<AgentOutput, "written">> {
  const session: EditSession = { document: tip, operations: [], changes: [], actor };
  const controller = new AbortController();
  const prisma = await db();
  const poll = setInterval(() => {
    void prisma.workflowRun
      .findUnique({ where: { id: scope.runId }, select: { cancelRequestedAt: true } })
      .then((run) => {
        if (run?.cancelRequestedAt) controller.abort();
      })
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  let failure: string | null = null;
  try {
    const result = streamText({
      model,
      system: systemPrompt(tip),
      messages: [...(await historyOf(scope)), { role: "user", content: scope.input.text }],
      tools: contentEditTools(session),
      stopWhen: stepCountIs(MAX_STEPS),
      abortSignal: controller.signal,
    });
    for await (const chunk of result.toUIMessageStream({ sendStart: false, sendFinish: false, onError: (error) => (error instanceof Error ? error.message : String(error)) })) {
      if (chunk.type === "abort") break;
      if (chunk.type === "error") {
        failure = chunk.errorText;
        continue;
      }
      await writer.write(chunk);
    }
  } finally {
    clearInterval(poll);
  }
  if (controller.signal.aborted) return { operations: [], notApplied: [], undo: false, understoodNothing: false, cancelled: true };
  if (failure) throw new NonRetriableError(`The language model failed: ${failure}`);
  return { operations: session.operations, notApplied: [], undo: false, understoodNothing: false, cancelled: false };
}

// ---------------------------------------------------------------- step 2: one revision, the summary, finish

export async function commitTurn(scope: TurnScope, agent: AgentOutput): Promise<TurnOutput> {
  const writer = new ChunkWriter(scope.runId, agent.written);
  const prisma = await db();
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
  const actor = await actorOf(scope.runId);
  const message = scope.input.text.length > 500 ? `${scope.input.text.slice(0, 499)}…` : scope.input.text;
  // The validator's findings on the tip before the commit: the summary names only the new ones.
  const tipRow = await prisma.contentRevision.findFirst({ where: { surveyId: scope.surveyId, platform: "service" }, orderBy: { revision: "desc" } });
  const before = new Set((tipRow ? readStoredContent(tipRow).findings : []).map((finding) => `${finding.code}|${finding.message}`));

  let revision: number | null = null;
  let changes: TContentChange[] = [];
  let findings: { message: string; severity: string }[] = [];
  const lines: string[] = [];
  if (agent.undo) {
    const undone = await undoLastTurn(scope, survey, actor);
    if ("reason" in undone) lines.push(undone.reason);
    else {
      revision = undone.revision;
      changes = undone.changes;
      findings = undone.findings.filter((finding) => !finding.dismissed && !before.has(`${finding.code}|${finding.message}`));
      lines.push(`Undone: version ${undone.restored} is the content again (saved as version ${undone.revision}).`);
    }
  } else if (agent.operations.length > 0) {
    const result = await commitContentChange({ survey, change: { operations: agent.operations }, actor, message, workflowRunId: scope.runId });
    revision = result.revision.revision;
    changes = result.changes;
    findings = result.findings.filter((finding) => !finding.dismissed && !before.has(`${finding.code}|${finding.message}`));
    lines.push(`Saved as version ${revision}. What changed:`, ...changes.slice(0, 50).map((change) => `- ${change.summary}`));
    if (changes.length > 50) lines.push(`- … and ${changes.length - 50} more`);
  }
  if (revision === null) {
    // The interface: a completed turn writes exactly one content revision. One that changed nothing writes the
    // same content again, so History and the conversation's version links still show the request.
    const result = await commitContentChange({ survey, change: { operations: [] }, actor, message, workflowRunId: scope.runId });
    revision = result.revision.revision;
    lines.push(`Nothing was changed (saved as version ${revision}, the same content).`);
  }
  if (agent.notApplied.length > 0) {
    lines.push("", "Not done:", ...agent.notApplied.map((item) => `- “${item.request}”: ${item.reason}`));
  }
  if (agent.understoodNothing) lines.push("", helpText());
  if (findings.length > 0) {
    lines.push("", `The validator has ${findings.length} new finding${findings.length === 1 ? "" : "s"} to review:`, ...findings.slice(0, 10).map((finding) => `- ${finding.message}`));
  }
  const text = lines.join("\n").replace(/^\n+/, "").replace(/\n{3,}/g, "\n\n");
  const id = `summary_${scope.runId}`;
  writer.push({ type: "text-start", id });
  writer.push({ type: "text-delta", id, delta: text });
  writer.push({ type: "text-end", id });
  writer.push({ type: "finish", finishReason: "stop", messageMetadata: { run_id: scope.runId, content_revision: revision, status: "completed" } });
  await writer.flush();
  return { content_revision: revision };
}

/** "undo": the content before this conversation's last completed turn that changed it, written again as a new revision. */
type Undone = { reason: string } | { revision: number; restored: number; changes: TContentChange[]; findings: Awaited<ReturnType<typeof commitContentChange>>["findings"] };

async function undoLastTurn(scope: TurnScope, survey: { id: string; workspaceId: string; slug: string; name: string }, actor: string): Promise<Undone> {
  const prisma = await db();
  const turns = await prisma.message.findMany({ where: { conversationId: scope.input.conversationId, role: "assistant" }, orderBy: { id: "desc" }, take: 200 });
  const last = turns.map((turn) => turn.metadata as { content_revision?: number | null; status?: string } | null).find((metadata) => metadata?.status === "completed" && typeof metadata.content_revision === "number");
  if (!last?.content_revision) return { reason: "There is nothing to undo: no earlier turn of this conversation changed the survey." };
  const tip = await prisma.contentRevision.findFirst({ where: { surveyId: survey.id, platform: "service" }, orderBy: { revision: "desc" }, select: { revision: true } });
  if (tip?.revision !== last.content_revision) {
    return { reason: `The survey changed since (revision ${tip?.revision} is newer than this conversation's last change, ${last.content_revision}); restore an earlier revision from History instead.` };
  }
  const previous = await prisma.contentRevision.findFirst({ where: { surveyId: survey.id, platform: "service", revision: { lt: last.content_revision } }, orderBy: { revision: "desc" } });
  if (!previous?.source) return { reason: "There is no earlier revision to go back to." };
  const source = previous.source;
  const result = await prisma.$transaction(
    async (tx) => {
      await lockSurveyRow(tx, survey.id);
      const document = keepDismissals(parseServiceDocument(source), await tipServiceDocument(tx, survey.id));
      return commitContentChange({ tx, survey, change: { document }, actor, message: `Undo: ${scope.input.text}`.slice(0, 500), workflowRunId: scope.runId });
    },
    { timeout: 20_000 },
  );
  return { revision: result.revision.revision, restored: previous.revision, changes: result.changes, findings: result.findings };
}

// ---------------------------------------------------------------- however the turn ends

/**
 * In the transaction that ends the run: the assistant message is saved from the UI chunks the turn
 * streamed (read with the AI SDK's own reader, so it is what `useChat` showed; a cancelled turn keeps its
 * partial text, marked cancelled), and the conversation is free for the next turn.
 */
export async function finishTurn(tx: Prisma.TransactionClient, run: WorkflowRun): Promise<void> {
  const input = ZContentEditInput.safeParse(run.input);
  if (!input.success || !run.workspaceId) return;
  const rows = await tx.streamChunk.findMany({ where: { runId: run.id, type: CHUNK_TYPE }, orderBy: { index: "asc" }, select: { data: true } });
  const chunks = rows.map((row) => row.data as UIMessageChunk).filter((chunk) => chunk.type !== "finish");
  let message: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const snapshot of readUIMessageStream({ stream, message: { id: input.data.assistantMessageId, role: "assistant", parts: [] }, terminateOnError: false })) message = snapshot;
  const output = run.output as TurnOutput | null;
  const error = run.error as { message?: string } | null;
  const parts = [...(message?.parts ?? [])];
  if (run.status === "failed") parts.push({ type: "text", text: `The turn failed: ${error?.message ?? "unknown error"}` });
  await tx.message.updateMany({ where: { conversationId: input.data.conversationId, runId: run.id, activeTurn: true }, data: { activeTurn: null } });
  await tx.message.upsert({
    where: { id: input.data.assistantMessageId },
    create: {
      id: input.data.assistantMessageId,
      conversationId: input.data.conversationId,
      workspaceId: run.workspaceId,
      role: "assistant",
      parts: parts as Prisma.InputJsonValue,
      metadata: { run_id: run.id, content_revision: output?.content_revision ?? null, status: run.status },
      runId: run.id,
    },
    update: {},
  });
  await tx.conversation.update({ where: { id: input.data.conversationId }, data: { updatedAt: new Date() } });
}
