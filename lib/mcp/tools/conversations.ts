import { z } from "zod";
import { ZConversation } from "@/lib/conversations/schemas";
import { createConversation, describeConversation, listMessages, sendMessage } from "@/lib/conversations/service";
import { ApiError } from "@/lib/http/errors";
import { describeWorkflowRun } from "@/lib/workflows/service";
import { defineTool } from "../tool";
import { waitForRun } from "../wait";
import { ZSurveyId } from "./surveys";

/**
 * The editing agent (issue 11): one request is one conversation turn (`POST …/conversations/{id}/messages`),
 * which edits the programmed survey as one content revision. The tool waits for the turn and returns
 * the agent's summary instead of the UI message stream the browser reads.
 */

const TURN_KIND = "survey.content_edit";

export const askEditingAgentTool = defineTool({
  name: "ask_editing_agent",
  title: "Ask the editing agent to change the survey",
  description:
    "Sends a request in plain words (\"make Q3 multiple choice\", \"show Q5 only if Q2 is 1\", \"undo\") to the survey's editing agent, waits for its turn and returns its summary and the content revision it wrote. Continue a conversation with `conversation_id` (it keeps context, and \"undo\" undoes its last change); without it a new conversation starts.",
  access: "surveys:write",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({
    survey_id: ZSurveyId,
    request: z.string().trim().min(1).max(10_000).describe("What to change, in plain words."),
    conversation_id: z.string().trim().min(1).max(100).optional().describe("`conv_…` of an earlier call; default: a new conversation."),
    wait_seconds: z.number().int().min(0).max(600).default(50).describe("How long to wait for the turn, in seconds (default 50)."),
  }),
  output: z.object({
    conversation: ZConversation,
    run_id: z.string(),
    outcome: z.enum(["finished", "needs_input", "still_running"]),
    status: z.enum(["pending", "running", "completed", "failed", "cancelled"]),
    summary: z.string().describe("The agent's reply: what it changed and what it could not do."),
    content_revision: z.number().int().nullable().describe("The revision the turn wrote; null when nothing changed."),
  }),
  run: async ({ survey_id, request, conversation_id, wait_seconds }, context) => {
    const { auth } = context;
    const conversation = conversation_id ? await describeConversation(auth, survey_id, conversation_id) : await createConversation(auth, survey_id, {});
    const stream = await sendMessage(auth, survey_id, conversation.id, { text: request });
    const runId = stream.headers.get("x-workflow-run-id");
    // The turn runs on without its stream; the result is read from the stored messages.
    await stream.body?.cancel();
    if (!runId) throw new ApiError("internal_error", "The turn started without a run id.");
    const { run, outcome } = await waitForRun(() => describeWorkflowRun(auth.workspaceId, runId, { surveyId: survey_id, kind: TURN_KIND }), wait_seconds, context);
    const reply = (await listMessages(auth, survey_id, conversation.id)).findLast((message) => message.role === "assistant" && message.metadata.run_id === runId);
    const summary = (reply?.parts ?? [])
      .filter((part): part is { type: "text"; text: string } => part.type === "text" && typeof part.text === "string")
      .map((part) => part.text)
      .join("")
      .trim();
    return {
      conversation: await describeConversation(auth, survey_id, conversation.id),
      run_id: runId,
      outcome,
      status: run.status,
      summary: summary || (outcome === "still_running" ? "The agent is still working; call ask_editing_agent's conversation again later or read list_content_revisions." : run.error?.message ?? ""),
      content_revision: reply?.metadata.content_revision ?? null,
    };
  },
});

export const CONVERSATION_TOOLS = [askEditingAgentTool];
