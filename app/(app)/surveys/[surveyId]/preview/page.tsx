import type { Metadata } from "next";
import Link from "next/link";
import { SurveyEditor } from "@/components/editor/survey-editor";
import { PreviewScreen } from "@/components/preview/preview-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { SegmentedNav } from "@/components/ui/segmented-nav";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getServiceTip } from "@/lib/content/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Preview" };

type SearchParams = Promise<{ mode?: string; element?: string }>;

export default async function PreviewPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const tip = await getServiceTip(viewer.workspace.workspaceId, survey.id);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  const editing = query.mode === "edit";
  const base = `/surveys/${survey.id}/preview`;
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Preview</h2>
      {tip ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              {editing
                ? `Version ${tip.revision}. Edit questions, pages and skips in place; every save is a new version in History.`
                : "Take the survey as a respondent would. Skip logic and conditional questions apply; nothing you enter is saved."}
            </p>
            <SegmentedNav
              label="Preview mode"
              items={[
                { href: base, label: "Preview", active: !editing },
                { href: `${base}?mode=edit`, label: canWrite ? "Edit" : "Outline", active: editing },
              ]}
            />
          </div>
          {editing ? (
            <SurveyEditor key={tip.revision} surveyId={survey.id} document={tip.document} focus={query.element ?? null} canWrite={canWrite} />
          ) : (
            <PreviewScreen key={tip.revision} document={tip.document} />
          )}
        </>
      ) : (
        <EmptyState title="Nothing to preview yet">
          The survey has not been programmed.{" "}
          <Link href={`/surveys/${survey.id}/programming`} className="text-indigo-700 underline">
            Program it
          </Link>{" "}
          from its questionnaire, then preview it here.
        </EmptyState>
      )}
    </div>
  );
}
