import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import {
  ZCancelTurnResponse,
  ZConversationList,
  ZConversationParams,
  ZConversationResponse,
  ZConversationRunParams,
  ZCreateConversationBody,
  ZListConversationsQuery,
  ZMessageList,
  ZSendMessageBody,
} from "./schemas";

const tags = ["Conversations"];
const ZUiChunk = z.looseObject({ type: z.string() }).meta({ id: "UIMessageChunk", description: "One AI SDK UI message stream chunk (an SSE `data:` line; the stream ends with `data: [DONE]`)." });

export const createConversationOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/conversations",
  access: { scope: "surveys:write" },
  summary: "Start a conversation with the editing agent",
  tags,
  params: ZSurveyParams,
  body: ZCreateConversationBody,
  response: { status: 201, description: "The conversation.", schema: ZConversationResponse },
  errors: ["not_found"],
});

export const listConversationsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/conversations",
  access: { scope: "surveys:read" },
  summary: "List the survey's conversations (newest first)",
  tags,
  params: ZSurveyParams,
  query: ZListConversationsQuery,
  response: { status: 200, description: "A page of conversations.", schema: ZConversationList },
  errors: ["not_found"],
});

export const sendMessageOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/conversations/{conversationId}/messages",
  access: { scope: "surveys:write" },
  summary: "Send a message: starts a turn and streams it (SSE)",
  description:
    "Body: what `useChat`'s default transport sends (`{ id, messages, trigger, messageId }`, only the last user message is read: the history is the server's) or `{ message: { role: 'user', parts: [{ type: 'text', text }] } }`. Starts a `survey.content_edit` run (header `x-workflow-run-id`) and answers with its AI SDK UI message stream (`x-vercel-ai-ui-message-stream: v1`): `start`, `tool-input-available` / `tool-output-available` per edit, the summary text, `finish`, then `[DONE]`. A completed turn writes one content revision (when it changed anything) and emits `content.updated`. Closing the stream does not stop the turn. 409 `turn_active` while this conversation has a turn in progress; 409 `workflow_active` / `survey_locked` while another run holds the content.",
  tags,
  params: ZConversationParams,
  body: ZSendMessageBody,
  response: { status: 200, description: "The turn's UI message stream.", schema: ZUiChunk, contentType: "text/event-stream" },
  errors: ["not_found", "turn_active", "workflow_active", "survey_locked"],
});

export const listMessagesOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/conversations/{conversationId}/messages",
  access: { scope: "surveys:read" },
  summary: "The conversation's messages (AI SDK UIMessages, oldest first)",
  description: "User and assistant messages with their parts (text, `tool-<operation>` parts with input and output) and `metadata: { run_id, content_revision, status }`.",
  tags,
  params: ZConversationParams,
  response: { status: 200, description: "The messages.", schema: ZMessageList },
  errors: ["not_found"],
});

export const resumeTurnStreamOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/conversations/{conversationId}/messages/{runId}/stream",
  access: { scope: "surveys:read" },
  summary: "Reconnect to a turn's stream",
  description: "Replays the turn's persisted UI message chunks from the start, then follows live until the turn ends — the same chunks the POST streamed.",
  tags,
  params: ZConversationRunParams,
  response: { status: 200, description: "The turn's UI message stream.", schema: ZUiChunk, contentType: "text/event-stream" },
  errors: ["not_found"],
});

export const cancelTurnOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/conversations/{conversationId}/cancel",
  access: { scope: "surveys:write" },
  summary: "Cancel the turn in progress",
  description: "The run ends `cancelled`: no content revision is written and the partial assistant message is kept (metadata `status: cancelled`). 409 `conflict` when no turn is in progress.",
  tags,
  params: ZConversationParams,
  response: { status: 200, description: "The turn's run and its status.", schema: ZCancelTurnResponse },
  errors: ["not_found", "conflict"],
});
