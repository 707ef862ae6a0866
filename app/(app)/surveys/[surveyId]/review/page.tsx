import type { Metadata } from "next";
import Link from "next/link";
import { ReviewList } from "@/components/review/review-list";
import { EmptyState } from "@/components/ui/empty-state";
import { SegmentedNav } from "@/components/ui/segmented-nav";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getServiceTip } from "@/lib/content/service";
import { reviewOf, type ReviewGroup } from "@/lib/review/items";
import { getSurveyForPage } from "@/lib/surveys/viewer-reads";
import { describeActors } from "@/lib/tenancy/actors";

export const metadata: Metadata = { title: "Review" };

type SearchParams = Promise<{ show?: string }>;

function only(groups: ReviewGroup[], dismissed: boolean): ReviewGroup[] {
  return groups.map((group) => ({ ...group, items: group.items.filter((item) => item.dismissed === dismissed) })).filter((group) => group.items.length > 0);
}

export default async function ReviewPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: SearchParams }) {
  const { surveyId } = await params;
  const query = await searchParams;
  const viewer = await requireViewer();
  const workspaceId = viewer.workspace.workspaceId;
  const survey = await getSurveyForPage(workspaceId, surveyId);
  const tip = await getServiceTip(workspaceId, survey.id);
  if (!tip) {
    return (
      <EmptyState title="Nothing to review yet">
        Once the survey is programmed, everything the programming and the logic checks want a person to look at is listed here.{" "}
        <Link href={`/surveys/${survey.id}/programming`} className="text-indigo-700 underline">
          Program it
        </Link>
        .
      </EmptyState>
    );
  }
  const review = reviewOf(tip.document);
  const showDismissed = query.show === "dismissed";
  const groups = only(review.groups, showDismissed);
  const actors = await describeActors(workspaceId, review.groups.flatMap((group) => group.items.map((item) => item.dismissedBy)));
  const base = `/surveys/${survey.id}/review`;
  return (
    <section aria-labelledby="review-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-title" className="text-base font-semibold">
            Review
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {review.open === 0
              ? "Nothing needs review in version " + tip.revision + "."
              : `${review.open} ${review.open === 1 ? "item needs" : "items need"} review in version ${tip.revision}: what the programming could not program as written, and what the logic checks found.`}
          </p>
        </div>
        <SegmentedNav
              label="Review items"
              items={[
            { href: base, label: `Open (${review.open})`, active: !showDismissed },
            { href: `${base}?show=dismissed`, label: `Dismissed (${review.dismissed})`, active: showDismissed },
          ]}
            />
      </div>
      {groups.length === 0 ? (
        <EmptyState title={showDismissed ? "Nothing was dismissed" : "All clear"}>
          {showDismissed ? "Dismissed items are listed here with who dismissed them and when." : "No open review items. Preview the survey to try it as a respondent."}
        </EmptyState>
      ) : (
        <ReviewList
          surveyId={survey.id}
          document={tip.document}
          groups={groups}
          actors={Object.fromEntries(actors)}
          canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
          dismissedView={showDismissed}
        />
      )}
    </section>
  );
}
