"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";

type Metadata = { run_id?: string | null; content_revision?: number | null; status?: string };
type ChatMessage = UIMessage<Metadata>;
type StoredMessage = { id: string; role: "user" | "assistant"; parts: Record<string, unknown>[]; metadata: Metadata };

const EXAMPLES = ["make Q3 multiple choice", "add a 'Prefer not to say' option to Q5", "skip to Q10 if Q2 is No", "make every question optional"];

/**
 * The chat with the editing agent (AI SDK `useChat` over the conversation routes). A turn streams its
 * edits as change cards and a summary; the page refreshes afterwards so the preview beside it shows the
 * new version. A reload during a turn resumes its stream (`resume`), and Stop cancels the turn on the
 * server (a closed tab would not).
 */
export function AgentChat({
  surveyId,
  conversationId,
  activeRunId,
  initialMessages,
  canWrite,
  model,
}: {
  surveyId: string;
  conversationId: string | null;
  activeRunId: string | null;
  initialMessages: StoredMessage[];
  canWrite: boolean;
  model: string | null;
}) {
  const router = useRouter();
  // Where the transport sends: the conversation is created with the first message when there is none yet.
  const [target] = useState(() => new ChatTarget(conversationId, activeRunId));
  const [chatId] = useState(() => conversationId ?? `new-${surveyId}`);
  const [draft, setDraft] = useState("");
  const [stopping, setStopping] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [stopped, setStopped] = useState<Set<string>>(() => new Set());

  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatMessage>({
        api: `/v1/surveys/${surveyId}/conversations`,
        credentials: "same-origin",
        headers: { "x-requested-with": "fetch" },
        prepareSendMessagesRequest: async ({ id, messages, trigger, messageId }) => {
          if (!target.conversationId) {
            const created = await apiRequest<{ data: { id: string } }>("POST", `/surveys/${surveyId}/conversations`, {});
            target.setConversation(created.data.id);
          }
          return {
            api: `/v1/surveys/${surveyId}/conversations/${target.conversationId}/messages`,
            headers: { "x-requested-with": "fetch" },
            // The server keeps the history; only the new message travels.
            body: { id, trigger, messageId, messages: messages.slice(-1) },
          };
        },
        prepareReconnectToStreamRequest: () => ({
          api: `/v1/surveys/${surveyId}/conversations/${target.conversationId}/messages/${target.runId}/stream`,
          headers: { "x-requested-with": "fetch" },
        }),
      }),
    [surveyId, target],
  );

  const { messages, sendMessage, status, error } = useChat<ChatMessage>({
    id: chatId,
    messages: initialMessages as ChatMessage[],
    transport,
    resume: Boolean(activeRunId && conversationId),
    onFinish: () => {
      setStopping(false);
      router.refresh();
    },
  });
  const busy = status === "submitted" || status === "streaming";

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    setProblem(null);
    setDraft("");
    await sendMessage({ text });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  }

  async function stop() {
    if (!target.conversationId) return;
    setStopping(true);
    try {
      const result = await apiRequest<{ data: { run_id: string; status: string } }>("POST", `/surveys/${surveyId}/conversations/${target.conversationId}/cancel`);
      setStopped((current) => new Set(current).add(result.data.run_id));
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setStopping(false);
    }
  }

  return (
    <section aria-labelledby="agent-chat-heading" className="flex min-h-[28rem] flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-4 py-3">
        <h3 id="agent-chat-heading" className="text-sm font-semibold text-slate-900">
          Conversation
        </h3>
        <p className="mt-1 text-xs text-slate-600">
          {model
            ? `The agent uses the language model (${model}) and edits through the same operations as the editor; each turn is one version in History.`
            : "No language model is configured: the agent understands common edits in plain words (the examples below, and more in the README). Each turn is one version in History."}
        </p>
      </div>
      <div role="log" aria-label="Messages" aria-live="polite" className="flex-1 space-y-4 overflow-y-auto px-4 py-4">
        {messages.length === 0 && (
          <div className="text-sm text-slate-600">
            <p>Ask for a change, for example:</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <button type="button" className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800 hover:bg-slate-200" onClick={() => setDraft(example)} disabled={!canWrite}>
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} surveyId={surveyId} stopped={Boolean(message.metadata?.run_id && stopped.has(message.metadata.run_id))} />
        ))}
        {status === "submitted" && <p className="text-sm text-slate-600">The agent is working…</p>}
      </div>
      {(problem || error) && (
        <div className="px-4 pb-2">
          <Alert tone="error">{problem ?? error?.message}</Alert>
        </div>
      )}
      {canWrite ? (
        <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 px-4 py-3">
          <label className="flex-1">
            <span className="sr-only">Message to the agent</span>
            <textarea
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              rows={2}
              maxLength={10_000}
              placeholder="Tell the agent what to change, e.g. “make Q3 multiple choice”"
              className="block w-full resize-y rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
            />
          </label>
          {busy ? (
            <Button variant="secondary" onClick={stop} busy={stopping}>
              Stop
            </Button>
          ) : (
            <Button type="submit" disabled={!draft.trim()}>
              Send
            </Button>
          )}
        </form>
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">Your role can read this conversation but not change the survey.</p>
      )}
    </section>
  );
}

/** The conversation and turn the transport talks to (the conversation is created with the first message). */
class ChatTarget {
  constructor(
    public conversationId: string | null,
    public readonly runId: string | null,
  ) {}

  setConversation(id: string) {
    this.conversationId = id;
  }
}

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; output?: { changes?: string[] } | unknown; errorText?: string };

function MessageView({ message, surveyId, stopped }: { message: ChatMessage; surveyId: string; stopped: boolean }) {
  const mine = message.role === "user";
  const metadata = message.metadata ?? {};
  const cancelled = stopped || metadata.status === "cancelled";
  return (
    <article aria-label={mine ? "You" : "Agent"} className={mine ? "ml-8 rounded-lg bg-indigo-50 px-3 py-2" : "mr-4 space-y-2"}>
      <p className="text-xs font-semibold text-slate-600">{mine ? "You" : "Agent"}</p>
      {message.parts.map((part, index) => {
        if (part.type === "text") {
          return (
            <p key={index} className="text-sm whitespace-pre-wrap text-slate-900">
              {part.text}
            </p>
          );
        }
        if (part.type.startsWith("tool-")) return <ChangeCard key={index} part={part as unknown as ToolPart} />;
        return null;
      })}
      {!mine && (cancelled || typeof metadata.content_revision === "number" || metadata.status === "failed") && (
        <p className="flex flex-wrap items-center gap-2 text-xs">
          {cancelled && <Badge tone="neutral">Stopped — nothing was saved</Badge>}
          {metadata.status === "failed" && <Badge tone="red">Failed</Badge>}
          {typeof metadata.content_revision === "number" && (
            <Link href={`/surveys/${surveyId}/history/${metadata.content_revision}`} className="text-indigo-700 underline">
              Version {metadata.content_revision} in History
            </Link>
          )}
        </p>
      )}
    </article>
  );
}

const READS = new Set(["read_outline", "read_question", "validate"]);

/** One tool call: the changes it made ("Q3: single_choice → multiple_choice"), or why it failed. */
function ChangeCard({ part }: { part: ToolPart }) {
  const name = part.type.slice("tool-".length);
  if (READS.has(name)) return <p className="text-xs text-slate-600">Read the survey ({name.replace(/_/g, " ")})</p>;
  const changes = (part.output as { changes?: string[] } | undefined)?.changes ?? [];
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset" data-testid="change-card">
      {part.state === "output-error" ? (
        <p className="text-red-800">
          {name.replace(/_/g, " ")}: {part.errorText}
        </p>
      ) : changes.length > 0 ? (
        <ul className="space-y-0.5">
          {changes.map((change, index) => (
            <li key={index} className="text-slate-900">
              {change}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{name.replace(/_/g, " ")}…</p>
      )}
    </div>
  );
}
