import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { Markdown } from "@/components/preview/markdown";
import { RespondentForm, TestBanner } from "@/components/respondent/respondent-form";
import { documentDirection, respondentView, tokenCookieName } from "@/lib/fielding/respondent";

// Public (no sign-in; proxy.ts lets /r/ through). Each visitor's page depends on their resume cookie.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: { absolute: "Survey" }, robots: { index: false, follow: false } };

const UNAVAILABLE: Record<"closed" | "expired" | "not_programmed", readonly [string, string]> = {
  closed: ["This survey is closed", "Thank you for your interest. The survey is not taking answers any more."],
  expired: ["This survey has ended", "Thank you for your interest. The time for answering this survey is over."],
  not_programmed: ["This survey is not ready yet", "Please try again later."],
};

function Shell({ title, dir = "ltr", banner, children }: { title: string; dir?: "ltr" | "rtl"; banner?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div dir={dir} className="min-h-screen bg-slate-50">
      {banner}
      <main className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="mb-6 text-xl font-semibold text-slate-900 sm:text-2xl">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

export default async function RespondentPage({ params, searchParams }: { params: Promise<{ linkId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { linkId } = await params;
  const token = (await cookies()).get(tokenCookieName(linkId))?.value;
  const view = await respondentView(linkId, token, await searchParams);

  if (view.kind === "unavailable") {
    if (view.reason === "not_found") notFound();
    const [title, message] = UNAVAILABLE[view.reason];
    return (
      <Shell title={title}>
        <p className="text-base text-slate-700">{message}</p>
      </Shell>
    );
  }
  if (view.kind === "ended") {
    const title = view.document?.survey.name ?? "Survey";
    return (
      <Shell title={title} dir={view.document ? documentDirection(view.document) : "ltr"}>
        <div role="status" className="space-y-4">
          {view.blocks.length > 0 ? (
            view.blocks.map((block) => <Markdown key={block.id} text={block.config.content} className="space-y-3 text-base leading-relaxed text-slate-800" />)
          ) : (
            <p className="text-base text-slate-800">{view.status === "complete" ? "Thank you, your answers have been recorded." : "Thank you for your time."}</p>
          )}
        </div>
      </Shell>
    );
  }
  return (
    <Shell title={view.document.survey.name} dir={documentDirection(view.document)} banner={view.jumpTargets ? <TestBanner view={view} /> : undefined}>
      <RespondentForm view={view} />
    </Shell>
  );
}
