import type { Metadata } from "next";
import Link from "next/link";
import { DownloadButton } from "@/components/questionnaire/download-button";
import { QuestionnaireUpload } from "@/components/questionnaire/questionnaire-upload";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { findTipSession } from "@/lib/clarifications/service";
import { listQuestionnaireRevisions } from "@/lib/questionnaire-revisions/service";
import { UPLOAD_MAX_BYTES } from "@/lib/storage";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { describeActors } from "@/lib/tenancy/actors";
import { formatBytes } from "@/lib/ui/format";

export const metadata: Metadata = { title: "Questionnaire" };

const HISTORY_LIMIT = 100;

export default async function QuestionnairePage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  const revisions = await listQuestionnaireRevisions(viewer.workspace.workspaceId, survey.id, { limit: HISTORY_LIMIT });
  const actors = await describeActors(viewer.workspace.workspaceId, revisions.data.map((revision) => revision.created_by));
  const tip = revisions.data[0];
  const clarifications = tip ? await findTipSession(viewer.workspace.workspaceId, survey.id) : null;

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section aria-labelledby="questionnaire-title" className="space-y-4 lg:col-span-2">
        <div>
          <h2 id="questionnaire-title" className="text-base font-semibold">
            Questionnaire
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {tip ? (
              <>
                The current questionnaire is <strong className="font-medium text-slate-900">{tip.file.name}</strong> (revision {tip.revision}). Uploading
                a new version keeps the earlier ones.
              </>
            ) : (
              "Upload the questionnaire document the survey should be programmed from."
            )}
          </p>
        </div>
        {canWrite ? (
          <QuestionnaireUpload surveyId={survey.id} maxBytes={UPLOAD_MAX_BYTES} hasQuestionnaire={Boolean(tip)} />
        ) : (
          <Alert tone="info">Your role can read this survey but not change it.</Alert>
        )}
        {tip && (
          <div className="rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
            <p>
              {!clarifications
                ? "The service can check the questionnaire for what it leaves open (how many answers may be chosen, filters and skips it cannot follow) and ask you before programming."
                : clarifications.open_count > 0
                  ? `${clarifications.open_count} ${clarifications.open_count === 1 ? "question about this questionnaire is" : "questions about this questionnaire are"} waiting for your answer.`
                  : "Every question about this questionnaire has been answered or skipped."}
            </p>
            <Link href={`/surveys/${survey.id}/clarifications`} className="mt-2 inline-block font-medium text-indigo-700 underline">
              {!clarifications ? "Check for questions" : clarifications.open_count > 0 ? "Answer them" : "See the clarifications"}
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="revisions-title" className="space-y-4 lg:col-span-3">
        <h2 id="revisions-title" className="text-base font-semibold">
          Revisions
        </h2>
        {revisions.data.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200">
            No questionnaire yet. Each upload becomes a numbered revision here, with its file to download.
          </p>
        ) : (
          <ol className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Questionnaire revisions, newest first">
            {revisions.data.map((revision) => (
              <li key={revision.revision} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                    <span>Revision {revision.revision}</span>
                    {revision === tip && <Badge tone="indigo">Current</Badge>}
                  </p>
                  <p className="truncate text-sm text-slate-700">{revision.file.name}</p>
                  <p className="text-xs text-slate-600">
                    {formatBytes(revision.file.size_bytes)} · {actors.get(revision.created_by) ?? revision.created_by} · <RelativeTime iso={revision.created_at} />
                    {revision.file.content_hash && (
                      <>
                        {" "}
                        · SHA-256 <code title={revision.file.content_hash}>{revision.file.content_hash.slice(0, 12)}…</code>
                      </>
                    )}
                  </p>
                </div>
                <DownloadButton surveyId={survey.id} fileId={revision.file_id} fileName={revision.file.name} label={`Download revision ${revision.revision} (${revision.file.name})`} />
              </li>
            ))}
          </ol>
        )}
        {revisions.pagination.has_more && <p className="text-xs text-slate-600">Showing the latest {HISTORY_LIMIT} revisions.</p>}
      </section>
    </div>
  );
}
