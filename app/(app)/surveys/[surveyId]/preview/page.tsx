import type { Metadata } from "next";
import Link from "next/link";
import { PreviewScreen } from "@/components/preview/preview-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { requireViewer } from "@/lib/auth/viewer";
import { getServiceDocument } from "@/lib/content/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Preview" };

export default async function PreviewPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const document = await getServiceDocument(viewer.workspace.workspaceId, survey.id);
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Preview</h2>
      {document ? (
        <>
          <p className="text-sm text-slate-600">
            Take the survey as a respondent would. Skip logic and conditional questions apply; nothing you enter is saved.
          </p>
          <PreviewScreen document={document} />
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
