import type { Metadata } from "next";
import type { RunSummary } from "@/components/programming/programming-run";
import { ProgrammingScreen } from "@/components/programming/programming-screen";
import type { ModelInfo } from "@/components/programming/target-form";
import { modelSettingsFromEnv } from "@/lib/ai";
import { hasScope } from "@/lib/auth/scopes";
import { openClarificationCount } from "@/lib/clarifications/service";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { listIntegrations } from "@/lib/integrations/service";
import { PLATFORMS } from "@/lib/platforms";
import { latestProgrammingRun } from "@/lib/programming/service";
import { listQuestionnaireRevisions } from "@/lib/questionnaire-revisions/service";
import { reviewStatus } from "@/lib/review/summary";
import { getProgrammingTarget } from "@/lib/settings/programming-target";
import { INSTRUCTIONS_MAX_LENGTH } from "@/lib/settings/schemas";
import { getProgrammingSettings } from "@/lib/settings/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Programming" };

/** Which model reads instructions (null: none configured; a broken configuration counts as none here, the run reports the error). */
function modelInfo(): ModelInfo {
  try {
    const settings = modelSettingsFromEnv();
    return settings ? { provider: settings.provider, model: settings.model } : null;
  } catch {
    return null;
  }
}

export default async function ProgrammingPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const [target, settings, revisions, run, review, clarificationsOpen, integrations] = await Promise.all([
    getProgrammingTarget(workspaceId, survey.id),
    getProgrammingSettings(workspaceId),
    listQuestionnaireRevisions(workspaceId, survey.id, { limit: 1 }),
    latestProgrammingRun(workspaceId, survey.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "not_found") return null;
      throw error;
    }),
    reviewStatus(survey.id),
    openClarificationCount(survey.id),
    listIntegrations(workspaceId, { limit: 100 }),
  ]);
  // Platforms a run can push to: those with an integration that has credentials.
  const connected = [...new Set(integrations.data.filter((integration) => integration.platform !== "service" && integration.credentials_configured).map((integration) => integration.platform))];
  const tip = revisions.data[0];
  return (
    <ProgrammingScreen
      surveyId={survey.id}
      platforms={[...PLATFORMS]}
      connected={connected}
      target={{ platform: target.platform, instructions: target.instructions }}
      defaults={settings.instructions}
      canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
      maxLength={INSTRUCTIONS_MAX_LENGTH}
      model={modelInfo()}
      run={run ? ({ id: run.id, status: run.status, stream_url: run.stream_url, hooks: run.hooks } satisfies RunSummary) : null}
      hasQuestionnaire={Boolean(tip)}
      questionnaireLabel={
        tip ? `Programs questionnaire revision ${tip.revision} (${tip.file.name}) into pages, questions and navigation rules.` : "Upload a questionnaire first; then program it here."
      }
      reviewOpen={review.open}
      clarificationsOpen={clarificationsOpen}
    />
  );
}
