import type { Metadata } from "next";
import Link from "next/link";
import { ClarificationsPanel } from "@/components/clarifications/clarifications-panel";
import { EmptyState } from "@/components/ui/empty-state";
import { SegmentedNav } from "@/components/ui/segmented-nav";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import type { TClarificationSession } from "@/lib/clarifications/schemas";
import { getClarificationSession, listClarificationSessions } from "@/lib/clarifications/service";
import { extractedDocumentOf } from "@/lib/files/extraction";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { listQuestionnaireRevisions } from "@/lib/questionnaire-revisions/service";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";

export const metadata: Metadata = { title: "Clarifications" };

/** The document text the excerpts are highlighted in; large documents are shown by excerpt only. */
const TEXT_LIMIT = 400_000;

type SearchParams = Promise<{ revision?: string }>;

export default async function ClarificationsPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const revisions = await listQuestionnaireRevisions(workspaceId, survey.id, { limit: 100 });
  const tip = revisions.data[0];
  const base = `/surveys/${survey.id}/clarifications`;
  if (!tip) {
    return (
      <EmptyState title="No questionnaire yet">
        Upload the questionnaire first; then the service checks it for what the document leaves open and asks you.{" "}
        <Link href={`/surveys/${survey.id}/questionnaire`} className="text-indigo-700 underline">
          Upload it
        </Link>
        .
      </EmptyState>
    );
  }
  const requested = Number(query.revision);
  const viewed = revisions.data.find((revision) => revision.revision === requested) ?? tip;
  const isTip = viewed.revision === tip.revision;
  const session: TClarificationSession | null = await getClarificationSession(workspaceId, survey.id, viewed.revision).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });
  const text = session
    ? await extractedDocumentOf(workspaceId, viewed.file_id)
        .then(({ document }) => (document.text.length <= TEXT_LIMIT ? document.text : null))
        .catch((error: unknown) => {
          log.warn("clarifications page: document text unavailable", { surveyId: survey.id, error });
          return null;
        })
    : null;
  const older = (await listClarificationSessions(workspaceId, survey.id)).filter((entry) => entry.revision !== tip.revision);

  return (
    <section aria-labelledby="clarifications-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="clarifications-title" className="text-base font-semibold">
            Clarifications
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            {isTip
              ? `Where questionnaire revision ${tip.revision} (${tip.file.name}) leaves something open, the service asks you here instead of guessing. Programming uses your answers.`
              : `Questionnaire revision ${viewed.revision} (${viewed.file.name}) is not the current one: its clarifications are shown read-only.`}
          </p>
        </div>
        {older.length > 0 && (
          <SegmentedNav
            label="Questionnaire revision"
            items={[
              { href: base, label: `Revision ${tip.revision} (current)`, active: isTip },
              ...older.map((entry) => ({ href: `${base}?revision=${entry.revision}`, label: `Revision ${entry.revision}`, active: viewed.revision === entry.revision })),
            ]}
          />
        )}
      </div>
      <ClarificationsPanel
        key={`${viewed.revision}:${session?.updated_at ?? "none"}:${session?.clarifications.length ?? 0}`}
        surveyId={survey.id}
        revision={viewed.revision}
        session={session}
        text={text}
        readOnly={!isTip}
        canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
      />
    </section>
  );
}
