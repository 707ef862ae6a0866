import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import type { TContentRevision } from "@/lib/content/schemas";
import { isPlatform, type Platform } from "@/lib/platforms";
import { SOURCE_FILES, sourceFileName } from "@/lib/platforms/files";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";
import { ExportWarnings } from "./export-warnings";
import { RevisionRow } from "./revision-row";

/** The download address of a revision's source (GET /v1/.../content/revisions/{revision}/download). */
export function downloadHref(surveyId: string, revision: number): string {
  return `/v1/surveys/${surveyId}/content/revisions/${revision}/download`;
}

/** A link that downloads a revision's source as its platform's file. */
export function DownloadSourceLink({ surveyId, surveySlug, revision, platform, size = "sm" }: { surveyId: string; surveySlug: string; revision: number; platform: Platform; size?: "sm" | "md" }) {
  const filename = sourceFileName(surveySlug, platform, revision);
  return (
    <a href={downloadHref(surveyId, revision)} download={filename} className={buttonClasses("secondary", size)}>
      Download .{SOURCE_FILES[platform].extension}
      <span className="sr-only">
        {" "}
        of version {revision} for {PLATFORM_LABELS[platform].name} ({filename})
      </span>
    </a>
  );
}

/**
 * History's list of the survey exported for other platforms: each export is a content revision holding
 * the platform's native source, downloadable as its file, with the warnings of what the platform could
 * not express.
 */
export function PlatformExports({ surveyId, surveySlug, exports, actors }: { surveyId: string; surveySlug: string; exports: TContentRevision[]; actors: Map<string, string> }) {
  return (
    <section aria-labelledby="exports-title" className="space-y-3">
      <div>
        <h2 id="exports-title" className="text-base font-semibold">
          Exports for other platforms
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Programming for Qualtrics, Decipher, SurveyMonkey or LimeSurvey saves the platform&apos;s own file as a version here. Download it to import it there; its warnings say what the platform cannot express.
        </p>
      </div>
      {exports.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-3 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          No exports yet. Choose another platform under{" "}
          <Link href={`/surveys/${surveyId}/programming`} className="text-indigo-700 underline">
            Programming
          </Link>{" "}
          and program the survey to get its file.
        </p>
      ) : (
        <ol aria-label="Exports for other platforms, newest first" className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {exports.map((revision) => {
            const platform: Platform = isPlatform(revision.platform) ? revision.platform : "service";
            const name = PLATFORM_LABELS[platform].name;
            return (
              <RevisionRow
                key={revision.revision}
                headingId={`export-${revision.revision}`}
                title={`Version ${revision.revision} · ${name}`}
                detail={SOURCE_FILES[platform].format}
                message={revision.message}
                actor={actors.get(revision.user_id) ?? revision.user_id}
                createdAt={revision.created_at}
                actions={
                  <>
                    <Link href={`/surveys/${surveyId}/history/${revision.revision}`} className={buttonClasses("ghost", "sm")} aria-label={`View version ${revision.revision} (${name})`}>
                      View
                    </Link>
                    <DownloadSourceLink surveyId={surveyId} surveySlug={surveySlug} revision={revision.revision} platform={platform} />
                  </>
                }
              >
                <ExportWarnings warnings={revision.export_warnings} platformName={name} label={`Warnings of version ${revision.revision} (${name})`} />
              </RevisionRow>
            );
          })}
        </ol>
      )}
    </section>
  );
}
