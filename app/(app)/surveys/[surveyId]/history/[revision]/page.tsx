import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ExportWarnings } from "@/components/history/export-warnings";
import { DownloadSourceLink } from "@/components/history/platform-exports";
import { RestoreButton } from "@/components/history/restore-button";
import { RevisionOutline } from "@/components/history/revision-outline";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getContentRevisionOrThrow, listServiceRevisionNumbers, parseServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { isPlatform } from "@/lib/platforms";
import { SOURCE_FILES } from "@/lib/platforms/files";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";
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
  const platform = isPlatform(revision.platform) ? revision.platform : "service";
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
        <div className="flex flex-wrap items-center gap-2">
          {platform !== "service" && <DownloadSourceLink surveyId={survey.id} surveySlug={survey.slug} revision={revision.revision} platform={platform} size="md" />}
          {restorable && <RestoreButton surveyId={survey.id} revision={revision.revision} size="md" />}
        </div>
      </div>
      {revision.platform === "service" ? (
        <RevisionOutline document={parseServiceDocument(revision.source ?? "")} />
      ) : (
        <>
          <ExportWarnings warnings={revision.export_warnings} platformName={PLATFORM_LABELS[platform].name} label={`Warnings of version ${revision.revision}`} />
          <section aria-labelledby="source-title" className="space-y-2">
            <h3 id="source-title" className="text-sm font-semibold text-slate-900">
              {PLATFORM_LABELS[platform].name} source · {SOURCE_FILES[platform].format}
            </h3>
            <pre tabIndex={0} aria-labelledby="source-title" className="max-h-[32rem] overflow-auto rounded-2xl bg-slate-50 p-4 text-xs whitespace-pre-wrap ring-1 ring-slate-200">
              {revision.source}
            </pre>
          </section>
        </>
      )}
    </section>
  );
}
