import Link from "next/link";
import { SurveyActions } from "@/components/surveys/survey-dialogs";
import { SurveyTabs } from "@/components/surveys/survey-tabs";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { openClarificationCount } from "@/lib/clarifications/service";
import { reviewStatus } from "@/lib/review/summary";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

type Params = Promise<{ surveyId: string }>;

export default async function SurveyLayout({ children, params }: { children: React.ReactNode; params: Params }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  const [review, clarifications] = await Promise.all([reviewStatus(survey.id), openClarificationCount(survey.id)]);
  return (
    <div className="space-y-6">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link href="/surveys" className="hover:text-slate-900 hover:underline">
            Surveys
          </Link>
          <span aria-hidden className="px-2">
            /
          </span>
          <span aria-current="page" className="text-slate-900">
            {survey.name}
          </span>
        </nav>
        <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{survey.name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-mono text-xs">{survey.slug}</span>
              <span aria-hidden className="px-2">
                ·
              </span>
              updated <RelativeTime iso={survey.updated_at} />
            </p>
            {survey.description && <p className="mt-2 max-w-3xl text-sm text-slate-700">{survey.description}</p>}
          </div>
          {canWrite && <SurveyActions survey={survey} afterDelete="list" size="md" />}
        </div>
      </div>
      <SurveyTabs surveyId={survey.id} badges={{ clarifications, review: review.open }} />
      <div>{children}</div>
    </div>
  );
}
