import type { Metadata } from "next";
import { TargetForm } from "@/components/programming/target-form";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { PLATFORMS } from "@/lib/platforms";
import { getProgrammingTarget } from "@/lib/settings/programming-target";
import { INSTRUCTIONS_MAX_LENGTH } from "@/lib/settings/schemas";
import { getProgrammingSettings } from "@/lib/settings/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Programming" };

export default async function ProgrammingPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const [target, settings] = await Promise.all([
    getProgrammingTarget(viewer.workspace.workspaceId, survey.id),
    getProgrammingSettings(viewer.workspace.workspaceId),
  ]);
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section aria-labelledby="target-title" className="space-y-4 lg:col-span-2">
        <div>
          <h2 id="target-title" className="text-base font-semibold">
            Programming target
          </h2>
          <p className="mt-1 text-sm text-slate-600">The platform this survey is programmed for, and how.</p>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <TargetForm
            surveyId={survey.id}
            platforms={[...PLATFORMS]}
            target={{ platform: target.platform, instructions: target.instructions }}
            defaults={settings.instructions}
            canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
            maxLength={INSTRUCTIONS_MAX_LENGTH}
          />
        </div>
      </section>
      <section aria-labelledby="runs-title" className="space-y-4 lg:col-span-3">
        <h2 id="runs-title" className="text-base font-semibold">
          Programming
        </h2>
        <div className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          <p>
            Here you will start programming the current questionnaire and watch the run live: each step, its progress and any issues the audit
            finds. If the run asks which platform to program for, you answer it here. You can leave and come back: the run keeps going on the
            server and this page picks up where it was.
          </p>
          <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-1.5 text-xs font-medium text-slate-700">
            Starting a run is not available on this server yet
          </p>
        </div>
      </section>
    </div>
  );
}
