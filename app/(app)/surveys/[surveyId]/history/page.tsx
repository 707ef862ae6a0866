import type { Metadata } from "next";
import Link from "next/link";
import { ChangeList, type ChangeContext } from "@/components/history/change-list";
import { DiffView } from "@/components/history/diff-view";
import { PlatformExports } from "@/components/history/platform-exports";
import { RestoreButton } from "@/components/history/restore-button";
import { RevisionRow } from "@/components/history/revision-row";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/styles";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import type { TContentChange } from "@/lib/content-operations/schemas";
import { getContentRevisionOrThrow, getServiceTip, listContentRevisions, listPlatformExports, listServiceRevisionNumbers, parseServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { vocabularyOf } from "@/lib/questionnaire/condition-words";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { describeActors } from "@/lib/tenancy/actors";
import { diffDocuments } from "@/lib/ui/document-diff";

export const metadata: Metadata = { title: "History" };

const LIMIT = 20;
/** Changes listed right away; the rest of a long revision is one click away. */
const SHOWN = 8;

type SearchParams = Promise<{ from?: string; to?: string; cursor?: string }>;

async function readDocument(workspaceId: string, surveyId: string, revision: number) {
  const row = await getContentRevisionOrThrow(workspaceId, surveyId, revision);
  if (row.platform !== "service") throw new ApiError("validation_error", `Revision ${revision} is ${row.platform} content; only the service's own survey documents can be compared.`);
  return parseServiceDocument(row.source ?? "");
}

/** A whole-document write (programming, PUT /content) lists every element; say it in one line. */
function wholeDocumentSummary(changes: TContentChange[]): string | null {
  if (changes.length === 0 || changes.some((change) => change.op !== "replace_document")) return null;
  const count = (kind: string, verb: string) => changes.filter((change) => change.element.kind === kind && change.summary.startsWith(verb)).length;
  const parts = [
    ["page", "pages"],
    ["block", "blocks"],
    ["rule", "rules"],
  ].flatMap(([kind, noun]) => {
    const added = count(kind, "Added");
    const removed = count(kind, "Deleted");
    const changed = changes.filter((change) => change.element.kind === kind).length - added - removed;
    const counted = (count: number, verb: string) => (count ? `${count} ${count === 1 ? noun.slice(0, -1) : noun} ${verb}` : null);
    return [counted(added, "added"), counted(changed, "changed"), counted(removed, "removed")].filter(Boolean);
  });
  return parts.length ? `The whole survey was written: ${parts.join(", ")}.` : null;
}

export default async function HistoryPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  let revisions: Awaited<ReturnType<typeof listContentRevisions>> | null = null;
  try {
    revisions = await listContentRevisions(workspaceId, survey.id, { limit: LIMIT, cursor: query.cursor, platform: "service" });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "validation_error")) throw error;
  }
  const [numbers, tip, exports] = await Promise.all([listServiceRevisionNumbers(workspaceId, survey.id), getServiceTip(workspaceId, survey.id), listPlatformExports(workspaceId, survey.id)]);
  const actors = await describeActors(workspaceId, [...(revisions?.data ?? []), ...exports].map((revision) => revision.user_id));
  const to = Number(query.to ?? numbers[0] ?? 0);
  const from = Number(query.from ?? numbers[1] ?? 0);
  const pages = tip?.document.pages ?? [];
  const context: ChangeContext = {
    vocabulary: tip ? vocabularyOf(tip.document) : () => undefined,
    pageName: (id) => pages.find((page) => page.id === id)?.name ?? null,
  };

  let comparison: { diff: ReturnType<typeof diffDocuments>; vocabularies: Parameters<typeof DiffView>[0]["vocabularies"] } | { error: string } | null = null;
  if (query.from && query.to) {
    try {
      const [before, after] = await Promise.all([readDocument(workspaceId, survey.id, from), readDocument(workspaceId, survey.id, to)]);
      comparison = { diff: diffDocuments(before, after), vocabularies: { before: vocabularyOf(before), after: vocabularyOf(after) } };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      comparison = { error: error.message };
    }
  }

  if (numbers.length === 0 && exports.length === 0) {
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
        {!revisions && (
          <Alert tone="warning" title="This page link is out of date">
            <Link href={`/surveys/${survey.id}/history`} className="underline">
              Go to the newest versions
            </Link>
          </Alert>
        )}
        {numbers.length === 0 ? (
          <p className="rounded-2xl bg-white px-4 py-3 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
            No version of the survey programmed here yet: only platform sources written directly, listed below.
          </p>
        ) : (
        <ol aria-label="Versions of the programmed survey, newest first" className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {(revisions?.data ?? []).map((revision) => {
            const current = revision.revision === numbers[0];
            const changes = revision.changes ?? [];
            const whole = wholeDocumentSummary(changes);
            const previous = numbers.find((number) => number < revision.revision);
            return (
              <RevisionRow
                key={revision.revision}
                headingId={`version-${revision.revision}`}
                title={
                  <>
                    Version {revision.revision}
                    {current && <Badge tone="indigo">Current</Badge>}
                  </>
                }
                message={revision.message}
                actor={actors.get(revision.user_id) ?? revision.user_id}
                createdAt={revision.created_at}
                actions={
                  <>
                    <Link href={`/surveys/${survey.id}/history/${revision.revision}`} className={buttonClasses("ghost", "sm")} aria-label={`View version ${revision.revision}`}>
                      View
                    </Link>
                    {previous !== undefined && (
                      <Link
                        href={`/surveys/${survey.id}/history?from=${previous}&to=${revision.revision}#compare-title`}
                        className={buttonClasses("ghost", "sm")}
                        aria-label={`Compare version ${revision.revision} with version ${previous}`}
                      >
                        Compare
                      </Link>
                    )}
                    {canWrite && !current && <RestoreButton surveyId={survey.id} revision={revision.revision} />}
                  </>
                }
              >
                {whole ? (
                  <details className="text-sm text-slate-700">
                    <summary className="cursor-pointer">{whole}</summary>
                    <ChangeList changes={changes} context={context} label={`Changes in version ${revision.revision}`} />
                  </details>
                ) : changes.length > 0 ? (
                  <>
                    <ChangeList changes={changes.slice(0, SHOWN)} context={context} label={`Changes in version ${revision.revision}`} />
                    {changes.length > SHOWN && (
                      <details className="text-sm">
                        <summary className="cursor-pointer text-slate-700">{changes.length - SHOWN} more changes</summary>
                        <ChangeList changes={changes.slice(SHOWN)} context={context} label={`More changes in version ${revision.revision}`} />
                      </details>
                    )}
                  </>
                ) : revision.changes === null ? (
                  <p className="text-xs text-slate-600">Written before changes were recorded; compare it with the previous version to see them.</p>
                ) : null}
              </RevisionRow>
            );
          })}
        </ol>
        )}
        {revisions?.pagination.next_cursor && (
          <nav aria-label="Older versions" className="flex justify-end">
            <ButtonLink href={`/surveys/${survey.id}/history?cursor=${encodeURIComponent(revisions.pagination.next_cursor)}`}>Older versions →</ButtonLink>
          </nav>
        )}
      </section>

      <PlatformExports surveyId={survey.id} surveySlug={survey.slug} exports={exports} actors={actors} />

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
              <DiffView diff={comparison.diff} from={from} to={to} vocabularies={comparison.vocabularies} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
