import type { Metadata } from "next";
import { ProgrammingRun, type RunSummary } from "@/components/programming/programming-run";
import { TargetForm } from "@/components/programming/target-form";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { PLATFORMS } from "@/lib/platforms";
import { latestProgrammingRun } from "@/lib/programming/service";
import { listQuestionnaireRevisions } from "@/lib/questionnaire-revisions/service";
import { getProgrammingTarget } from "@/lib/settings/programming-target";
import { INSTRUCTIONS_MAX_LENGTH } from "@/lib/settings/schemas";
import { getProgrammingSettings } from "@/lib/settings/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Programming" };

export default async function ProgrammingPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const [target, settings, revisions, run] = await Promise.all([
    getProgrammingTarget(workspaceId, survey.id),
    getProgrammingSettings(workspaceId),
    listQuestionnaireRevisions(workspaceId, survey.id, { limit: 1 }),
    latestProgrammingRun(workspaceId, survey.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "not_found") return null;
      throw error;
    }),
  ]);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  const tip = revisions.data[0];
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section aria-labelledby="runs-title" className="space-y-4 lg:order-2 lg:col-span-3">
        <div>
          <h2 id="runs-title" className="text-base font-semibold">
            Programming
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {tip
              ? `Programs questionnaire revision ${tip.revision} (${tip.file.name}) into pages, questions and navigation rules.`
              : "Upload a questionnaire first; then program it here."}
          </p>
        </div>
        <ProgrammingRun
          key={run?.id ?? "none"}
          surveyId={survey.id}
          initialRun={run ? ({ id: run.id, status: run.status, stream_url: run.stream_url, hooks: run.hooks } satisfies RunSummary) : null}
          canWrite={canWrite}
          hasQuestionnaire={Boolean(tip)}
        />
      </section>
      <section aria-labelledby="target-title" className="space-y-4 lg:order-1 lg:col-span-2">
        <div>
          <h2 id="target-title" className="text-base font-semibold">
            Programming target
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The platform this survey is programmed for, and how. Without a saved target, a run asks for it when it starts.
          </p>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <TargetForm
            surveyId={survey.id}
            platforms={[...PLATFORMS]}
            target={{ platform: target.platform, instructions: target.instructions }}
            defaults={settings.instructions}
            canWrite={canWrite}
            maxLength={INSTRUCTIONS_MAX_LENGTH}
          />
        </div>
      </section>
    </div>
  );
}
