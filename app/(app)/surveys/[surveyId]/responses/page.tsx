import type { Metadata } from "next";
import Link from "next/link";
import { CreateLinkButtons, LinkStatusButton } from "@/components/responses/link-controls";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { listLinks } from "@/lib/fielding/links";
import { listResponses, responseCounts } from "@/lib/fielding/responses";
import { RESPONSE_STATUSES, type TResponseStatus } from "@/lib/fielding/schemas";
import { pageOrigin } from "@/lib/http/page-origin";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { cn } from "@/lib/ui/cn";

export const metadata: Metadata = { title: "Responses" };

const STATUS_LABELS: Record<TResponseStatus, string> = { in_progress: "In progress", complete: "Complete", partial: "Partial", terminated: "Screened out" };
const STATUS_TONES = { in_progress: "indigo", complete: "green", partial: "amber", terminated: "red" } as const;
const MODES = [
  { value: undefined, label: "All" },
  { value: "test", label: "Test" },
  { value: "production", label: "Live" },
] as const;

type SearchParams = Promise<{ mode?: string; cursor?: string }>;

export default async function ResponsesPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");
  const mode = query.mode === "test" || query.mode === "production" ? query.mode : undefined;
  const origin = await pageOrigin();
  const [links, counts, page] = await Promise.all([
    listLinks(workspaceId, survey.id, origin),
    responseCounts(workspaceId, survey.id, mode),
    // The workspace's own members read every mode here; `response_data_access` governs API keys.
    listResponses({ workspaceId, surveyId: survey.id, enforceDataAccess: false }, { limit: 50, cursor: query.cursor, mode }),
  ]);
  const base = `/surveys/${survey.id}/responses`;
  const exportUrl = (format: string) => `/v1/surveys/${survey.id}/responses/export?format=${format}${mode ? `&mode=${mode}` : ""}`;
  const total = RESPONSE_STATUSES.reduce((sum, status) => sum + counts[status], 0);

  return (
    <div className="space-y-8">
      <section aria-labelledby="links-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="links-title" className="text-lg font-semibold text-slate-900">
              Respondent links
            </h2>
            <p className="mt-1 max-w-2xl text-sm text-slate-600">
              People answer the survey at these addresses, without signing in. Test links show a banner and let you jump between pages; their
              responses are marked as test.
            </p>
          </div>
          {canWrite && <CreateLinkButtons surveyId={survey.id} />}
        </div>
        {links.length === 0 ? (
          <p className="rounded-xl bg-white px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">No links yet.</p>
        ) : (
          <ul aria-label="Links" className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Badge tone={link.mode === "test" ? "amber" : "indigo"}>{link.mode === "test" ? "Test" : "Live"}</Badge>
                <Badge tone={link.status === "open" ? "green" : "neutral"}>{link.status === "open" ? "Open" : "Closed"}</Badge>
                <a href={link.url} className="min-w-0 flex-1 truncate font-mono text-sm text-indigo-700 hover:underline" target="_blank" rel="noreferrer">
                  {link.url}
                </a>
                <span className="text-xs text-slate-600">{link.content_revision === "tip" ? "latest version" : `version ${link.content_revision}`}</span>
                <CopyButton value={link.url} label="Copy link" />
                {canWrite && <LinkStatusButton surveyId={survey.id} linkId={link.id} status={link.status} />}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="responses-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="responses-title" className="text-lg font-semibold text-slate-900">
            Responses
          </h2>
          <nav aria-label="Response mode" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
            {MODES.map((option) => {
              const active = option.value === mode;
              return (
                <Link
                  key={option.label}
                  href={option.value ? `${base}?mode=${option.value}` : base}
                  aria-current={active ? "page" : undefined}
                  className={cn("rounded-md px-3 py-1.5 font-medium", active ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900")}
                >
                  {option.label}
                </Link>
              );
            })}
          </nav>
        </div>

        <dl aria-label="Responses by status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {RESPONSE_STATUSES.map((status) => (
            <div key={status} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{STATUS_LABELS[status]}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900">{counts[status]}</dd>
            </div>
          ))}
        </dl>

        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Download:</span>
          <a href={exportUrl("csv")} className={buttonClasses("secondary", "sm")} download>
            CSV
          </a>
          <a href={exportUrl("spss")} className={buttonClasses("secondary", "sm")} download>
            SPSS-ready CSV (codes)
          </a>
          <a href={exportUrl("labels")} className={buttonClasses("secondary", "sm")} download>
            SPSS labels (.sps)
          </a>
        </div>

        {total === 0 ? (
          <EmptyState title="No responses yet">Open a link above and answer the survey; each response appears here as it starts.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Responses, newest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Response
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Mode
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Started
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Finished
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.data.map((response) => (
                  <tr key={response.id}>
                    <td className="px-4 py-2">
                      <Link href={`${base}/${response.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                        {response.id}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      <Badge tone={STATUS_TONES[response.status]}>{STATUS_LABELS[response.status]}</Badge>
                    </td>
                    <td className="px-4 py-2">{response.mode === "test" ? "Test" : "Live"}</td>
                    <td className="px-4 py-2">
                      <RelativeTime iso={response.started_at} />
                    </td>
                    <td className="px-4 py-2">{response.completed_at ? <RelativeTime iso={response.completed_at} /> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.pagination.has_more && (
          <Link href={`${base}?${new URLSearchParams({ ...(mode ? { mode } : {}), cursor: page.pagination.next_cursor! })}`} className={buttonClasses("secondary", "sm")}>
            Older responses
          </Link>
        )}
      </section>
    </div>
  );
}
