"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/time";
import { useToast } from "@/components/ui/toast";
import type { TClarification, TClarificationSession } from "@/lib/clarifications/schemas";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";
import { followStream } from "@/lib/ui/ndjson";

const STATUS_LABELS: Record<TClarification["status"], string> = { open: "Open", answered: "Answered", skipped: "Skipped" };
const STATUS_TONES = { open: "amber", answered: "green", skipped: "neutral" } as const;
/** Document text shown around an excerpt: whole lines, at most this many characters either side. */
const WINDOW = 280;
const CONTEXT_LINES = 2;

/**
 * The Clarifications section: "Check for questions" probes the current questionnaire and shows each question
 * as it arrives (live NDJSON stream); each can be answered with one of its options, in the author's own words,
 * or skipped. "Check again" runs a follow-up round. Older revisions are shown read-only.
 */
export function ClarificationsPanel({
  surveyId,
  revision,
  session,
  text,
  readOnly,
  canWrite,
}: {
  surveyId: string;
  revision: number;
  session: TClarificationSession | null;
  /** The document's extracted text (the offsets of `context.source`), when small enough to send. */
  text: string | null;
  readOnly: boolean;
  canWrite: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const [items, setItems] = useState<TClarification[]>(session?.clarifications ?? []);
  const [status, setStatus] = useState<TClarificationSession["status"] | null>(session?.status ?? null);
  const [round, setRound] = useState(session?.round ?? 0);
  const [stream, setStream] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const writable = canWrite && !readOnly;
  const open = items.filter((item) => item.status === "open").length;

  useEffect(() => {
    if (!stream) return;
    const controller = new AbortController();
    void followStream({
      url: stream,
      startIndex: 0,
      signal: controller.signal,
      onChunk: (chunk) => {
        if (chunk.type === "clarification") {
          const item = chunk.data as TClarification;
          setItems((current) => (current.some((entry) => entry.id === item.id) ? current : [...current, item]));
        } else if (chunk.type === "completed") {
          const output = (chunk.data as { output: { clarification_count: number; status: TClarificationSession["status"] } }).output;
          setStatus(output.status);
          toast(output.clarification_count === 0 ? "Nothing new to ask." : `${output.clarification_count} ${output.clarification_count === 1 ? "question" : "questions"} found.`);
        } else if (chunk.type === "failed") {
          setStatus("open");
          setError((chunk.data as { error?: { message?: string } }).error?.message ?? "The check failed.");
        }
      },
    }).then((result) => {
      if (result === "ended") {
        setStream(null);
        router.refresh();
      }
    });
    return () => controller.abort();
  }, [stream, router, toast]);

  // Someone else's probe is running: look again until it has finished.
  useEffect(() => {
    if (status !== "probing" || stream) return;
    const timer = setInterval(() => router.refresh(), 1500);
    return () => clearInterval(timer);
  }, [status, stream, router]);

  async function check() {
    setStarting(true);
    setError(null);
    try {
      const started = await apiRequest<{ stream_url: string; session: TClarificationSession }>("POST", `/surveys/${surveyId}/questionnaire/clarifications`);
      setStatus("probing");
      setRound(started.session.round);
      setStream(started.stream_url);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setStarting(false);
    }
  }

  function replace(item: TClarification) {
    setItems((current) => current.map((entry) => (entry.id === item.id ? item : entry)));
    router.refresh();
  }

  const probing = status === "probing";
  return (
    <div className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p role="status" aria-live="polite" className="text-sm text-slate-800">
          {status === null
            ? "The questionnaire has not been checked for questions yet."
            : probing
              ? `Checking the questionnaire${round > 1 ? ` (round ${round})` : ""}… ${items.length} found so far.`
              : open > 0
                ? `${open} of ${items.length} ${open === 1 ? "question is" : "questions are"} open.`
                : status === "completed"
                  ? `Done: nothing more to ask${items.length ? ` (${items.length} answered or skipped)` : ""}.`
                  : `All ${items.length} questions answered or skipped. Check again for follow-up questions.`}
        </p>
        {writable && (
          <div className="flex flex-wrap items-center gap-2">
            {!probing && open === 0 && status !== null && (
              <Link href={`/surveys/${surveyId}/programming`} className="text-sm font-medium text-indigo-700 underline">
                Program the survey
              </Link>
            )}
            <Button onClick={check} busy={starting || probing} variant={status === null ? "primary" : "secondary"}>
              {status === null ? "Check for questions" : "Check again"}
            </Button>
          </div>
        )}
      </div>

      {items.length > 0 && (
        <ol className="space-y-4" aria-label={`Clarifications of questionnaire revision ${revision}`}>
          {items.map((item) => (
            <li key={item.id}>
              <ClarificationCard surveyId={surveyId} item={item} text={text} writable={writable} onAnswered={replace} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function DocumentWindow({ text, item }: { text: string | null; item: TClarification }) {
  const { start, end } = item.context.source;
  if (!text || end <= start || end > text.length) {
    return item.context.excerpt ? <blockquote tabIndex={0} className="mt-1 max-h-48 overflow-y-auto text-sm whitespace-pre-wrap text-slate-800">{item.context.excerpt}</blockquote> : null;
  }
  // Two lines of context on either side of the lines the excerpt spans, so the highlight is always in view.
  let from = text.lastIndexOf("\n", Math.max(0, start - 1)) + 1;
  for (let line = 0; line < CONTEXT_LINES && from > 0 && start - from < WINDOW; line++) from = text.lastIndexOf("\n", from - 2) + 1;
  let stop = text.indexOf("\n", Math.max(start, end - 1));
  for (let line = 0; line < CONTEXT_LINES && stop >= 0 && stop - end < WINDOW; line++) stop = text.indexOf("\n", stop + 1);
  if (stop < 0) stop = text.length;
  return (
    <blockquote tabIndex={0} className="mt-1 max-h-56 overflow-y-auto text-sm whitespace-pre-wrap text-slate-700">
      {from > 0 && "…"}
      {text.slice(from, start)}
      <mark className="rounded bg-amber-200 px-0.5 text-slate-900">{text.slice(start, end)}</mark>
      {text.slice(end, stop)}
      {stop < text.length && "…"}
    </blockquote>
  );
}

function ClarificationCard({ surveyId, item, text, writable, onAnswered }: { surveyId: string; item: TClarification; text: string | null; writable: boolean; onAnswered: (item: TClarification) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [words, setWords] = useState(item.answer?.option_id ? "" : (item.answer?.text ?? ""));
  const titleId = `clarification-${item.id}`;
  const chosen = item.answer?.kind === "answer" ? item.options.find((option) => option.option_id === item.answer?.option_id) : undefined;

  async function answer(body: { kind: "answer" | "skip"; option_id?: string; text?: string }, key: string) {
    setBusy(key);
    setProblem(null);
    try {
      const updated = await apiRequest<{ data: TClarification }>("PATCH", `/surveys/${surveyId}/questionnaire/clarifications/${item.id}`, body);
      onAnswered(updated.data);
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  function submitWords(event: FormEvent) {
    event.preventDefault();
    if (!words.trim()) {
      setProblem("Write an answer, or pick one of the options.");
      return;
    }
    void answer({ kind: "answer", text: words.trim() }, "text");
  }

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="max-w-3xl text-sm font-semibold text-slate-900">
          {item.prompt}
        </h3>
        <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
      </div>
      {item.question_ids.length > 0 && (
        <p className="text-xs text-slate-600">
          About {item.question_ids.join(", ")}
          {item.round > 1 ? ` · round ${item.round}` : ""}
        </p>
      )}
      {(item.context.excerpt || text) && (
        <figure className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
          <figcaption className="text-xs font-medium text-slate-600">In the questionnaire</figcaption>
          <DocumentWindow text={text} item={item} />
        </figure>
      )}
      {item.answer && (
        <p className="text-sm text-slate-800">
          {item.answer.kind === "skip" ? "Skipped: programming keeps its default" : <>Your answer: <strong className="font-medium">{chosen?.label ?? item.answer.text}</strong></>}
          {item.answer.kind === "answer" && chosen && item.answer.text ? ` (${item.answer.text})` : ""} · <RelativeTime iso={item.answer.answered_at} />
        </p>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      {writable && (
        <div className="space-y-3">
          {item.options.length > 0 && (
            <div role="group" aria-label={`Answers to: ${item.prompt}`} className="flex flex-wrap gap-2">
              {item.options.map((option) => (
                <Button
                  key={option.option_id}
                  variant={chosen?.option_id === option.option_id ? "primary" : "secondary"}
                  size="sm"
                  aria-pressed={chosen?.option_id === option.option_id}
                  title={option.description}
                  busy={busy === option.option_id}
                  onClick={() => void answer({ kind: "answer", option_id: option.option_id }, option.option_id)}
                >
                  {option.label}
                </Button>
              ))}
            </div>
          )}
          <form onSubmit={submitWords} className="flex flex-wrap items-end gap-2">
            <TextAreaField label="Or answer in your own words" rows={1} value={words} onChange={(event) => setWords(event.target.value)} className="min-w-64 flex-1" />
            <Button type="submit" variant="secondary" size="sm" busy={busy === "text"}>
              Save answer
            </Button>
            <Button variant="ghost" size="sm" busy={busy === "skip"} onClick={() => void answer({ kind: "skip" }, "skip")}>
              Skip
            </Button>
          </form>
        </div>
      )}
    </article>
  );
}
