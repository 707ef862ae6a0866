"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ExportWarnings } from "@/components/history/export-warnings";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import { CheckIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { isPlatform, type Platform } from "@/lib/platforms";
import { SOURCE_FILES } from "@/lib/platforms/files";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";
import { followStream, type StreamChunk } from "@/lib/ui/ndjson";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";
import { applyChunk, emptyTimeline, PROGRAMMING_STEPS, progressFraction, type ExportReport, type InstructionsReport, type PendingHook, type Timeline } from "@/lib/ui/run-timeline";
import type { TargetFormValue } from "./target-form";

export type RunSummary = {
  id: string;
  status: "pending" | "running" | "completed" | "failed" | "cancelled";
  stream_url: string;
  hooks: { id: string; kind: string; status: string; resume_path: string }[];
};

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
const CACHE_LIMIT = 5000;
const cacheKey = (runId: string) => `sps-run-chunks:${runId}`;

function readCache(runId: string): StreamChunk[] {
  try {
    return JSON.parse(sessionStorage.getItem(cacheKey(runId)) ?? "[]") as StreamChunk[];
  } catch {
    return [];
  }
}

function writeCache(runId: string, chunks: StreamChunk[]) {
  try {
    sessionStorage.setItem(cacheKey(runId), JSON.stringify(chunks.slice(-CACHE_LIMIT)));
  } catch {
    // Storage full or unavailable: the next reload replays from the start instead.
  }
}

/**
 * Start programming and watch the run live from its NDJSON stream. What has been seen is kept for the
 * tab's session, so after a reload the stream resumes at `startIndex` = the next chunk instead of
 * replaying; a dropped connection resumes the same way.
 */
export function ProgrammingRun({
  surveyId,
  initialRun,
  canWrite,
  hasQuestionnaire,
  chosen,
  remember,
  reviewOpen,
  connected = [],
}: {
  surveyId: string;
  initialRun: RunSummary | null;
  canWrite: boolean;
  hasQuestionnaire: boolean;
  /** The platform (and instructions) chosen in the page's one target picker; null platform: the run asks. */
  chosen: TargetFormValue;
  /** Saves the chosen target for the survey when it differs from the saved one, so the next run knows it. */
  remember: () => Promise<void>;
  /** Open review items of the survey's tip (the run ends by pointing there). */
  reviewOpen: number;
  /** External platforms with a connected integration (the run may push there). */
  connected?: Platform[];
}) {
  const router = useRouter();
  const toast = useToast();
  const [run, setRun] = useState<RunSummary | null>(initialRun);
  const [timeline, setTimeline] = useState<Timeline>(emptyTimeline);
  const [connection, setConnection] = useState<"idle" | "connected" | "reconnecting">("idle");
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [push, setPush] = useState(false);
  const seen = useRef<StreamChunk[]>([]);
  const pushTo = chosen.platform && chosen.platform !== "service" && connected.includes(chosen.platform) ? chosen.platform : null;

  useEffect(() => {
    if (!run) return;
    const controller = new AbortController();
    const cached = readCache(run.id);
    seen.current = cached;
    const replayed = cached.reduce(applyChunk, emptyTimeline());
    // Restoring what this tab already saw (sessionStorage exists only after hydration), then following
    // the stream from there: synchronising with external systems is what this effect is for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTimeline(replayed);
    if (replayed.outcome) return () => controller.abort();
    // Only a run that was still going when this page started following it is news when it finishes.
    const wasActive = !TERMINAL.has(run.status);
    let finishedHere = false;
    void followStream({
      url: run.stream_url,
      startIndex: replayed.lastIndex + 1,
      signal: controller.signal,
      onConnectionChange: setConnection,
      isOver: async () => TERMINAL.has((await apiRequest<{ data: { status: string } }>("GET", `/surveys/${surveyId}/programming/runs/${run.id}`)).data.status),
      onChunk: (chunk) => {
        seen.current = [...seen.current, chunk];
        writeCache(run.id, seen.current);
        setTimeline((current) => applyChunk(current, chunk));
        if (chunk.type === "completed" && wasActive) finishedHere = true;
      },
    }).then((result) => {
      setConnection("idle");
      if (result === "ended" && finishedHere) {
        toast("Programming finished.");
        router.refresh();
      }
    });
    return () => controller.abort();
  }, [run, surveyId, router, toast]);

  async function start() {
    setStarting(true);
    setError(null);
    try {
      // The chosen platform becomes the survey's target first, so this run and the next use it without asking.
      await remember();
      const started = await apiRequest<{ workflow: RunSummary }>("POST", `/surveys/${surveyId}/programming`, pushTo && push ? { push: true } : {});
      setRun(started.workflow);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setStarting(false);
    }
  }

  const active = run !== null && !timeline.outcome && !TERMINAL.has(run.status);
  const fraction = progressFraction(timeline);
  const pendingHook = timeline.hook;
  const resumePath = pendingHook ? (run?.hooks.find((hook) => hook.id === pendingHook.id)?.resume_path ?? `/v1/surveys/${surveyId}/programming/runs/${run?.id}/hooks/${pendingHook.id}/resolve`) : null;

  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {!run && (
        <div className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          <p>{hasQuestionnaire ? "Program the current questionnaire into pages, questions and navigation rules." : "Upload a questionnaire first; then program it here."}</p>
          {canWrite && pushTo && <PushChoice platform={pushTo} checked={push} onChange={setPush} />}
          {canWrite && (
            <Button onClick={start} busy={starting} disabled={!hasQuestionnaire}>
              Start programming
            </Button>
          )}
        </div>
      )}

      {run && (
        <section aria-labelledby="run-title" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="run-title" className="text-sm font-semibold text-slate-900">
              Programming run <span className="font-mono text-xs font-normal text-slate-600">{run.id}</span>
            </h3>
            <RunStatus timeline={timeline} active={active} connection={connection} />
          </div>

          <div className="space-y-2">
            <progress
              max={100}
              value={Math.round(fraction * 100)}
              aria-label="Programming progress"
              className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
            />
            <ol className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Steps">
              {PROGRAMMING_STEPS.map((step) => (
                <li key={step.id} className="flex items-center gap-2">
                  {timeline.steps[step.id] === "done" ? (
                    <CheckIcon className="size-4 text-emerald-600" />
                  ) : (
                    <span aria-hidden className="mx-1 size-2 rounded-full bg-slate-300" />
                  )}
                  <span className={timeline.steps[step.id] === "done" ? "text-slate-900" : "text-slate-600"}>{step.label}</span>
                  <span className="sr-only">{timeline.steps[step.id] === "done" ? "(done)" : "(not yet)"}</span>
                </li>
              ))}
            </ol>
          </div>

          {pendingHook && resumePath && (
            <HookForm hook={pendingHook} resumePath={resumePath} canWrite={canWrite} chosen={chosen} remember={remember} onResolved={() => toast("Target chosen; programming continues.")} />
          )}

          {timeline.outcome?.status === "completed" && (
            <Alert tone="success" title="The survey is programmed">
              <p>
                {timeline.export
                  ? `Saved as content revision ${timeline.anatomy?.content_revision ?? "?"} and exported for ${platformName(timeline.export.platform)} as content revision ${timeline.export.contentRevision}.`
                  : `Saved as content revision ${timeline.outcome.contentRevision ?? "?"}.`}{" "}
                <Link href={`/surveys/${surveyId}/preview`} className="font-medium underline">
                  Preview it
                </Link>{" "}
                or see its{" "}
                <Link href={`/surveys/${surveyId}/history`} className="font-medium underline">
                  history
                </Link>
                .
              </p>
              {reviewOpen > 0 && (
                <p className="mt-2">
                  <strong>
                    {reviewOpen} {reviewOpen === 1 ? "item needs" : "items need"} your review
                  </strong>{" "}
                  — what could not be programmed as written and what the logic checks found.{" "}
                  <Link href={`/surveys/${surveyId}/review`} className="font-medium underline">
                    Review them
                  </Link>
                  .
                </p>
              )}
            </Alert>
          )}
          {timeline.export && <ExportView surveyId={surveyId} report={timeline.export} finished={timeline.outcome?.status === "completed"} />}
          {timeline.instructions && <InstructionsReportView report={timeline.instructions} />}
          {timeline.outcome?.status === "failed" && <Alert tone="error" title="Programming failed">{timeline.outcome.message}</Alert>}

          {timeline.anatomy && (
            <div role="group" aria-label="What was programmed">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                ["Pages", timeline.anatomy.pages],
                ["Questions", timeline.anatomy.questions],
                ["Navigation rules", timeline.anatomy.rules],
                ["End pages", (timeline.anatomy.complete_pages ?? 0) + (timeline.anatomy.terminate_pages ?? 0)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            </div>
          )}

          {timeline.issues.length > 0 && (
            <div className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">Issues found by the logic checks ({timeline.issues.length})</h4>
              <ul className="space-y-1.5 text-sm">
                {timeline.issues.map((issue, index) => (
                  <li key={index} className="flex items-start gap-2">
                    <Badge tone={issue.severity === "error" ? "red" : "amber"} className="mt-0.5 shrink-0">
                      {issue.severity === "error" ? "Error" : "Warning"}
                    </Badge>
                    <span className="text-slate-800">
                      {issue.variable && <span className="font-mono text-xs">{issue.variable} · </span>}
                      {issue.message}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <details open={active} className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-800">Activity ({timeline.entries.length})</summary>
            <div role="log" aria-live="polite" aria-label="Programming activity">
            <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4">
              {timeline.entries.map((entry) => (
                <li key={entry.index} className={entry.tone === "error" ? "text-red-700" : entry.tone === "warning" ? "text-amber-900" : entry.tone === "success" ? "text-emerald-800" : "text-slate-700"}>
                  {entry.text}
                </li>
              ))}
            </ol>
            </div>
          </details>

          {canWrite && !active && (
            <div className="flex flex-wrap items-center justify-end gap-4">
              {pushTo && <PushChoice platform={pushTo} checked={push} onChange={setPush} />}
              <Button variant="secondary" onClick={start} busy={starting} disabled={!hasQuestionnaire}>
                Program again
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function RunStatus({ timeline, active, connection }: { timeline: Timeline; active: boolean; connection: string }) {
  if (timeline.outcome?.status === "completed") return <Badge tone="green">Completed</Badge>;
  if (timeline.outcome?.status === "failed") return <Badge tone="red">Failed</Badge>;
  if (timeline.outcome?.status === "cancelled") return <Badge tone="neutral">Cancelled</Badge>;
  if (timeline.hook) return <Badge tone="amber">Waiting for you</Badge>;
  if (active && connection === "reconnecting") return <Badge tone="amber">Reconnecting…</Badge>;
  return <Badge tone="indigo">Running</Badge>;
}

const platformName = (id: string) => (isPlatform(id) ? PLATFORM_LABELS[id].name : id);

function PushChoice({ platform, checked, onChange }: { platform: Platform; checked: boolean; onChange: (value: boolean) => void }) {
  const name = PLATFORM_LABELS[platform].name;
  return (
    <Checkbox
      label={`Also create or update the survey on ${name}`}
      description={`Through the connected ${name} integration (Settings → Integrations), after the export.`}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The run's export for an external platform: its file to download and what the platform cannot express. */
function ExportView({ surveyId, report, finished }: { surveyId: string; report: ExportReport; finished: boolean }) {
  const name = platformName(report.platform);
  const extension = isPlatform(report.platform) ? SOURCE_FILES[report.platform].extension : "txt";
  const warnings = report.warnings.map((warning) => ({
    code: warning.code,
    element: warning.element ?? "Survey",
    reason: warning.element && warning.message.startsWith(`${warning.element}: `) ? warning.message.slice(warning.element.length + 2) : warning.message,
  }));
  return (
    <div role="group" aria-labelledby="export-title" className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 ring-inset">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id="export-title" className="font-semibold text-slate-900">
          Exported for {name} (content revision {report.contentRevision})
        </h4>
        {finished && (
          <a href={`/v1/surveys/${surveyId}/content/revisions/${report.contentRevision}/download`} download className={buttonClasses("secondary", "sm")}>
            Download the {name} file (.{extension})
          </a>
        )}
      </div>
      {report.pushed && (
        <p className="text-sm text-emerald-800">
          {report.pushed.action === "updated" ? "Updated" : "Created"} the survey on {name}
          {report.pushed.surveyId ? ` (its id there: ${report.pushed.surveyId})` : ""}.
        </p>
      )}
      <ExportWarnings warnings={warnings} platformName={name} label={`Export warnings for ${name}`} open />
      {report.warnings.length < report.warningCount && <p className="text-xs text-slate-600">More warnings are on their way…</p>}
    </div>
  );
}

function InstructionsReportView({ report }: { report: InstructionsReport }) {
  return (
    <div role="group" aria-label="Programming instructions" className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 ring-inset">
      <h4 className="font-semibold text-slate-900">Programming instructions</h4>
      {report.applied.length > 0 && (
        <div>
          <p className="font-medium text-emerald-800">Applied ({report.applied.length})</p>
          <ul className="mt-1 space-y-0.5">
            {report.applied.map((item, index) => (
              <li key={index} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                <span>
                  {item.text}
                  {item.detail && <span className="text-slate-600"> — {item.detail}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.notApplied.length > 0 && (
        <div>
          <p className="font-medium text-amber-900">Not applied ({report.notApplied.length})</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {report.notApplied.map((item, index) => (
              <li key={index}>
                {item.text}
                {item.detail && <span className="text-slate-600"> — {item.detail}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * A run that waits for its target (started without one, e.g. through the API). The platform is chosen in
 * the page's one target picker, not a second one here; answering also saves it as the survey's target.
 */
function HookForm({
  hook,
  resumePath,
  canWrite,
  chosen,
  remember,
  onResolved,
}: {
  hook: PendingHook;
  resumePath: string;
  canWrite: boolean;
  chosen: TargetFormValue;
  remember: () => Promise<void>;
  onResolved: () => void;
}) {
  const offered = (hook.request?.platforms ?? ["service"]).filter((platform): platform is Platform => platform in PLATFORM_LABELS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const platform = chosen.platform;
  const allowed = platform !== null && offered.includes(platform);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!platform || !allowed) return;
    setBusy(true);
    setError(null);
    try {
      await remember();
      await apiRequest("POST", resumePath, { platform, ...(chosen.instructions ? { instructions: chosen.instructions } : {}) });
      onResolved();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  if (hook.kind !== "programming.target") {
    return <Alert tone="warning">The run is waiting for input this screen cannot give ({hook.kind}).</Alert>;
  }
  return (
    <form onSubmit={submit} aria-labelledby={`hook-${hook.id}`} className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset">
      <div>
        <h4 id={`hook-${hook.id}`} className="text-sm font-semibold text-amber-950">
          The run needs your answer
        </h4>
        <p className="mt-1 text-sm text-amber-950">
          {hook.request?.message ?? "Choose the platform to program this survey for."}{" "}
          {platform
            ? allowed
              ? `Chosen under “Programming target”: ${PLATFORM_LABELS[platform].name}.`
              : `${PLATFORM_LABELS[platform].name} cannot be programmed yet; choose ${offered.map((candidate) => PLATFORM_LABELS[candidate].name).join(" or ")} under “Programming target”.`
            : "Choose it under “Programming target”; it is saved for the next runs too."}
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {canWrite ? (
        <Button type="submit" busy={busy} disabled={!allowed}>
          Continue programming
        </Button>
      ) : (
        <p className="text-sm text-amber-950">Someone who can edit this survey needs to answer.</p>
      )}
    </form>
  );
}
