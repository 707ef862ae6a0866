import type { Metadata } from "next";
import Link from "next/link";
import { AgentChat } from "@/components/agent/agent-chat";
import { PreviewScreen } from "@/components/preview/preview-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { modelSettingsFromEnv } from "@/lib/ai";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getServiceTip } from "@/lib/content/service";
import { listConversations, listMessages } from "@/lib/conversations/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Edit with the agent" };

function modelLabel(): string | null {
  try {
    const settings = modelSettingsFromEnv();
    return settings ? `${settings.provider}, ${settings.model}` : null;
  } catch {
    return null;
  }
}

/** The chat with the editing agent beside the live preview of the tip content (refreshed after each turn). */
export default async function AgentPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const [tip, conversations] = await Promise.all([getServiceTip(viewer.workspace.workspaceId, survey.id), listConversations(viewer.auth, survey.id, { limit: 1 })]);
  const conversation = conversations.data[0] ?? null;
  const messages = conversation ? await listMessages(viewer.auth, survey.id, conversation.id) : [];
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Edit with the agent</h2>
      {tip ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <AgentChat
            surveyId={survey.id}
            conversationId={conversation?.id ?? null}
            activeRunId={conversation?.active_run_id ?? null}
            initialMessages={messages}
            canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
            model={modelLabel()}
          />
          <section aria-labelledby="agent-preview-heading" className="space-y-2">
            <h3 id="agent-preview-heading" className="text-sm font-semibold text-slate-700">
              Preview · version {tip.revision}
            </h3>
            <PreviewScreen key={tip.revision} document={tip.document} />
          </section>
        </div>
      ) : (
        <EmptyState title="Nothing to edit yet">
          The survey has not been programmed.{" "}
          <Link href={`/surveys/${survey.id}/programming`} className="text-indigo-700 underline">
            Program it
          </Link>{" "}
          from its questionnaire, then refine it here in plain words.
        </EmptyState>
      )}
    </div>
  );
}
