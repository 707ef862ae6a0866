import { z } from "zod";
import { paginated, ZPaginationQuery } from "@/lib/http/pagination";
import { ZSurveyParams } from "@/lib/surveys/schemas";

/** Conversations with the editing agent (interface "P: conversations", DESIGN §7). */

export const ZConversation = z
  .object({
    id: z.string().describe("`conv_…`"),
    survey_id: z.string(),
    title: z.string().nullable(),
    created_by: z.string().describe("Who started it (`api_key:…`, `user:…`)."),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
    active_run_id: z.string().nullable().describe("The turn in progress (`wrun_…`), if any: resume its stream at `messages/{runId}/stream`."),
  })
  .meta({ id: "Conversation" });
export type TConversation = z.infer<typeof ZConversation>;

export const ZCreateConversationBody = z.object({ title: z.string().trim().min(1).max(200).optional() }).meta({ id: "CreateConversationBody" });

export const ZConversationParams = ZSurveyParams.extend({ conversationId: z.string().min(1).max(100).describe("`conv_…`") });
export const ZConversationRunParams = ZConversationParams.extend({ runId: z.string().min(1).max(100).describe("The turn's run id (`wrun_…`).") });

export const ZListConversationsQuery = ZPaginationQuery;
export const ZConversationList = paginated(ZConversation);
export const ZConversationResponse = z.object({ data: ZConversation });

/** A `UIMessage` part (AI SDK chat protocol): `text`, `tool-<name>` with `input`/`output`, `step-start`, … */
const ZPart = z.looseObject({ type: z.string().min(1).max(200) });

export const ZMessageMetadata = z
  .object({
    run_id: z.string().nullable().describe("The turn (`wrun_…`)."),
    content_revision: z.number().int().nullable().optional().describe("The revision the turn wrote (assistant messages of completed turns)."),
    status: z.enum(["pending", "running", "completed", "failed", "cancelled"]).optional().describe("How the turn ended (assistant messages); a cancelled turn keeps its partial text."),
  })
  .meta({ id: "MessageMetadata" });

export const ZMessage = z
  .object({
    id: z.string(),
    role: z.enum(["user", "assistant"]),
    parts: z.array(ZPart),
    metadata: ZMessageMetadata,
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ConversationMessage", description: "An AI SDK `UIMessage` with its turn." });
export type TMessage = z.infer<typeof ZMessage>;
export const ZMessageList = z.object({ data: z.array(ZMessage) });

const ZUserText = z.object({ type: z.literal("text"), text: z.string().trim().min(1).max(10_000) });
const ZIncomingMessage = z.object({
  id: z.string().max(200).optional(),
  role: z.literal("user"),
  parts: z.array(z.union([ZUserText, ZPart])).min(1).max(50),
});

/**
 * What `useChat`'s default transport sends (`{ id, messages, trigger, messageId }`: only the last user
 * message is taken, the history is the server's), or simply `{ message }`.
 */
export const ZSendMessageBody = z
  .union([
    z.object({ message: ZIncomingMessage }),
    z.object({
      id: z.string().max(200).optional(),
      messages: z.array(z.looseObject({ role: z.string(), parts: z.array(ZPart).optional() })).min(1).max(10_000),
      trigger: z.string().max(50).optional(),
      messageId: z.string().max(200).optional(),
    }),
  ])
  .transform((body, context) => {
    const candidate = "message" in body ? body.message : [...body.messages].reverse().find((message) => message.role === "user");
    const text = (candidate?.parts ?? [])
      .filter((part): part is { type: "text"; text: string } => part.type === "text" && typeof (part as { text?: unknown }).text === "string")
      .map((part) => part.text)
      .join("\n")
      .trim();
    if (!text) {
      context.addIssue({ code: "custom", path: ["message", "parts"], message: "The user message needs a text part with the request." });
      return z.NEVER;
    }
    if (text.length > 10_000) {
      context.addIssue({ code: "custom", path: ["message", "parts"], message: "The request is longer than 10,000 characters." });
      return z.NEVER;
    }
    return { text };
  })
  .meta({ id: "SendMessageBody" });

export const ZCancelTurnResponse = z.object({
  data: z.object({ run_id: z.string(), status: z.enum(["pending", "running", "completed", "failed", "cancelled"]) }),
});
