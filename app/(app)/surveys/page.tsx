import type { Metadata } from "next";
import Link from "next/link";
import { SurveyActions, CreateSurveyButton } from "@/components/surveys/survey-dialogs";
import { SurveySearch } from "@/components/surveys/survey-search";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DocumentIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { reviewStatuses, type ReviewStatus } from "@/lib/review/summary";
import { listSurveys } from "@/lib/surveys/service";

export const metadata: Metadata = { title: "Surveys" };

const PAGE_SIZE = 20;

type SearchParams = Promise<{ q?: string | string[]; cursor?: string | string[] }>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SurveysPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireViewer();
  const params = await searchParams;
  const q = (first(params.q) ?? "").trim().slice(0, 200);
  const cursor = first(params.cursor) || undefined;
  const canWrite = hasScope(viewer.auth.scopes, "surveys:write");

  let page: Awaited<ReturnType<typeof listSurveys>> | null = null;
  let staleCursor = false;
  try {
    page = await listSurveys(viewer.workspace.workspaceId, { q: q || undefined, cursor, limit: PAGE_SIZE });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "validation_error")) throw error;
    staleCursor = true;
  }

  const statuses = page ? await reviewStatuses(page.data.map((survey) => survey.id)) : new Map<string, ReviewStatus>();

  const nextHref = page?.pagination.next_cursor
    ? `/surveys?${new URLSearchParams({ ...(q ? { q } : {}), cursor: page.pagination.next_cursor })}`
    : null;
  const firstHref = `/surveys${q ? `?${new URLSearchParams({ q })}` : ""}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Surveys</h1>
          <p className="mt-1 text-sm text-slate-600">Questionnaires you are turning into programmed surveys.</p>
        </div>
        {canWrite && <CreateSurveyButton />}
      </div>

      <SurveySearch q={q} />

      {staleCursor && (
        <Alert tone="warning" title="This page link is out of date">
          <Link href={firstHref} className="underline">
            Go to the first page
          </Link>
        </Alert>
      )}

      {page && page.data.length === 0 && !cursor && !q && (
        <EmptyState
          icon={<DocumentIcon />}
          title="No surveys yet"
          action={canWrite ? <CreateSurveyButton label="Create your first survey" /> : undefined}
        >
          Create a survey, upload its questionnaire (Word, PDF, Markdown or text), and the service programs it for you.
        </EmptyState>
      )}

      {page && page.data.length === 0 && (cursor || q) && (
        <EmptyState title={q ? `No surveys match “${q}”` : "No more surveys"}>
          {q ? "Try another word, or " : ""}
          <Link href={q ? "/surveys" : firstHref} className="text-indigo-700 underline">
            {q ? "show all surveys" : "Back to the first page"}
          </Link>
          .
        </EmptyState>
      )}

      {page && page.data.length > 0 && (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{q ? `Surveys matching “${q}”` : "Surveys, newest first"}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Slug
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Updated
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.data.map((survey) => (
                <tr key={survey.id} className="hover:bg-slate-50/60">
                  <td className="px-4 py-3">
                    <Link href={`/surveys/${survey.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      {survey.name}
                    </Link>
                    {survey.description && <p className="mt-0.5 line-clamp-1 text-slate-600">{survey.description}</p>}
                  </td>
                  <td className="px-4 py-3">
                    <StatusCell surveyId={survey.id} status={statuses.get(survey.id)} />
                  </td>
                  <td className="hidden px-4 py-3 font-mono text-xs text-slate-600 md:table-cell">{survey.slug}</td>
                  <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                    <RelativeTime iso={survey.updated_at} />
                  </td>
                  <td className="px-4 py-2">{canWrite && <SurveyActions survey={survey} afterDelete="refresh" />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {(cursor || nextHref) && page && page.data.length > 0 && (
        <nav aria-label="Pages" className="flex items-center justify-between">
          {cursor ? (
            <ButtonLink href={firstHref} variant="ghost">
              ← First page
            </ButtonLink>
          ) : (
            <span />
          )}
          {nextHref && (
            <ButtonLink href={nextHref} variant="secondary">
              Next page →
            </ButtonLink>
          )}
        </nav>
      )}
    </div>
  );
}

/** Where the survey stands: not programmed, being programmed, programmed with items to review, or programmed and clean. */
function StatusCell({ surveyId, status }: { surveyId: string; status: ReviewStatus | undefined }) {
  switch (status?.state) {
    case "programming":
      return <Badge tone="indigo">Programming…</Badge>;
    case "needs_review":
      return (
        <Link href={`/surveys/${surveyId}/review`} className="rounded-md focus-visible:outline-2">
          <Badge tone="amber">
            Programmed · needs review ({status.open})
          </Badge>
        </Link>
      );
    case "clean":
      return <Badge tone="green">Programmed · clean</Badge>;
    default:
      return <span className="text-xs text-slate-600">Not programmed</span>;
  }
}
