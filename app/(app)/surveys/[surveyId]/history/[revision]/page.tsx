import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RestoreButton } from "@/components/history/restore-button";
import { RevisionOutline } from "@/components/history/revision-outline";
import { Alert } from "@/components/ui/alert";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getContentRevisionOrThrow, listServiceRevisionNumbers, parseServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { describeActors } from "@/lib/tenancy/actors";

export const metadata: Metadata = { title: "Version" };

export default async function RevisionPage({ params }: { params: Promise<{ surveyId: string; revision: string }> }) {
  const { surveyId, revision: revisionParam } = await params;
  const number = Number(revisionParam);
  if (!Number.isInteger(number) || number < 1) notFound();
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  let revision;
  try {
    revision = await getContentRevisionOrThrow(workspaceId, survey.id, number);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const [actors, numbers] = await Promise.all([describeActors(workspaceId, [revision.user_id]), listServiceRevisionNumbers(workspaceId, survey.id)]);
  const restorable = revision.platform === "service" && revision.revision !== numbers[0] && hasScope(viewer.auth.scopes, "surveys:write");
  return (
    <section aria-labelledby="revision-title" className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href={`/surveys/${survey.id}/history`} className="hover:text-slate-900 hover:underline">
          History
        </Link>
        <span aria-hidden className="px-2">
          /
        </span>
        <span aria-current="page">Version {revision.revision}</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="revision-title" className="text-base font-semibold">
            Version {revision.revision}
            {revision.revision === numbers[0] && <span className="ml-2 text-sm font-normal text-slate-600">(current)</span>}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {revision.message ?? "No message"} · {actors.get(revision.user_id) ?? revision.user_id} · <RelativeTime iso={revision.created_at} />
          </p>
        </div>
        {restorable && <RestoreButton surveyId={survey.id} revision={revision.revision} size="md" />}
      </div>
      {revision.platform === "service" ? (
        <RevisionOutline document={parseServiceDocument(revision.source ?? "")} />
      ) : (
        <Alert tone="info" title={`${revision.platform} source`}>
          <pre className="mt-2 max-h-[32rem] overflow-auto text-xs whitespace-pre-wrap">{revision.source}</pre>
        </Alert>
      )}
    </section>
  );
}
