import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { requireViewer } from "@/lib/auth/viewer";
import { readableAnswers, responseRowOrThrow } from "@/lib/fielding/export";
import { ApiError } from "@/lib/http/errors";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Response" };

export default async function ResponsePage({ params }: { params: Promise<{ surveyId: string; responseId: string }> }) {
  const { surveyId, responseId } = await params;
  const viewer = await requireViewer();
  const survey = await getSurveyForPage(viewer.workspace.workspaceId, surveyId);
  let found;
  try {
    found = await responseRowOrThrow(viewer.workspace.workspaceId, survey.id, responseId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const { response, document } = found;
  const answers = readableAnswers(document, response);
  const flags = response.flags as { kind: string; page_id: string; ms: number }[];
  return (
    <div className="space-y-6">
      <Link href={`/surveys/${survey.id}/responses`} className="text-sm text-indigo-700 hover:underline">
        ← All responses
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-lg font-semibold text-slate-900">{response.id}</h2>
        <Badge tone={response.status === "complete" ? "green" : response.status === "terminated" ? "red" : "amber"}>{response.status.replace("_", " ")}</Badge>
        <Badge tone={response.mode === "test" ? "amber" : "indigo"}>{response.mode === "test" ? "Test" : "Live"}</Badge>
        <span className="text-sm text-slate-600">content version {response.contentRevision}</span>
      </div>
      {flags.length > 0 && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Flagged: {flags.length} {flags.length === 1 ? "page was" : "pages were"} sent faster than a person can read them (kept; check before analysis).
        </p>
      )}
      <section aria-labelledby="answers-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <h3 id="answers-title" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
          Answers in question order
        </h3>
        <dl className="divide-y divide-slate-100">
          {answers.map((row) => (
            <div key={row.name} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm text-slate-700">
                <span className="font-mono text-xs font-semibold text-slate-900">{row.name}</span> {row.question}
              </dt>
              <dd className="text-sm text-slate-900 sm:col-span-2">{row.answer ?? <span className="text-slate-500">not asked or not answered</span>}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
