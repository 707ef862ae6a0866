import type { Metadata } from "next";
import Link from "next/link";
import { DiffView } from "@/components/history/diff-view";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/styles";
import { RelativeTime } from "@/components/ui/time";
import { requireViewer } from "@/lib/auth/viewer";
import { getContentRevisionOrThrow, listContentRevisions, parseServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { describeActors } from "@/lib/tenancy/actors";
import { diffDocuments } from "@/lib/ui/document-diff";

export const metadata: Metadata = { title: "History" };

const LIMIT = 100;

type SearchParams = Promise<{ from?: string; to?: string }>;

async function readDocument(workspaceId: string, surveyId: string, revision: number) {
  const row = await getContentRevisionOrThrow(workspaceId, surveyId, revision);
  if (row.platform !== "service") throw new ApiError("validation_error", `Revision ${revision} is ${row.platform} content; only the service's own survey documents can be compared.`);
  return parseServiceDocument(row.source ?? "");
}

export default async function HistoryPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const revisions = await listContentRevisions(workspaceId, survey.id, { limit: LIMIT, platform: "service" });
  const actors = await describeActors(workspaceId, revisions.data.map((revision) => revision.user_id));
  const numbers = revisions.data.map((revision) => revision.revision);
  const to = Number(query.to ?? numbers[0] ?? 0);
  const from = Number(query.from ?? numbers[1] ?? 0);

  let comparison: { diff: ReturnType<typeof diffDocuments> } | { error: string } | null = null;
  if (query.from && query.to) {
    try {
      const [before, after] = await Promise.all([readDocument(workspaceId, survey.id, from), readDocument(workspaceId, survey.id, to)]);
      comparison = { diff: diffDocuments(before, after) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      comparison = { error: error.message };
    }
  }

  if (revisions.data.length === 0) {
    return (
      <EmptyState title="No versions yet">
        Every version of the programmed survey appears here — from programming runs and from edits — with who made it and why.{" "}
        <Link href={`/surveys/${survey.id}/programming`} className="text-indigo-700 underline">
          Program the survey
        </Link>{" "}
        to create the first.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-base font-semibold">
          History
        </h2>
        <ol aria-label="Versions of the programmed survey, newest first" className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {revisions.data.map((revision, index) => (
            <li key={revision.revision} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  Version {revision.revision}
                  {index === 0 && <Badge tone="indigo">Current</Badge>}
                </p>
                <p className="text-sm text-slate-700">{revision.message ?? "No message"}</p>
                <p className="text-xs text-slate-600">
                  {actors.get(revision.user_id) ?? revision.user_id} · <RelativeTime iso={revision.created_at} />
                </p>
              </div>
              <Link href={`/surveys/${survey.id}/history/${revision.revision}`} className={buttonClasses("ghost", "sm")} aria-label={`View version ${revision.revision}`}>
                View
              </Link>
            </li>
          ))}
        </ol>
      </section>

      {numbers.length > 1 && (
        <section aria-labelledby="compare-title" className="space-y-4">
          <h2 id="compare-title" className="text-base font-semibold">
            Compare versions
          </h2>
          <form method="get" className="flex flex-wrap items-end gap-3">
            <div className="space-y-1.5">
              <label htmlFor="compare-from" className="block text-sm font-medium text-slate-800">
                From version
              </label>
              <select id="compare-from" name="from" defaultValue={String(from)} className={`${inputClasses} w-32`}>
                {numbers.map((number) => (
                  <option key={number} value={number}>
                    {number}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <label htmlFor="compare-to" className="block text-sm font-medium text-slate-800">
                To version
              </label>
              <select id="compare-to" name="to" defaultValue={String(to)} className={`${inputClasses} w-32`}>
                {numbers.map((number) => (
                  <option key={number} value={number}>
                    {number}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClasses("secondary")}>
              Compare
            </button>
          </form>
          {comparison && "error" in comparison && <Alert tone="error">{comparison.error}</Alert>}
          {comparison && "diff" in comparison && (
            <div aria-live="polite" className="space-y-2">
              <p className="text-sm text-slate-700">
                Changes from version {from} to version {to}:
              </p>
              <DiffView diff={comparison.diff} from={from} to={to} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
