"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DocumentIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";
import { QUESTIONNAIRE_FORMATS, questionnaireFormatOf } from "@/lib/files/formats";
import { cn } from "@/lib/ui/cn";
import { formatBytes } from "@/lib/ui/format";
import { sha256Hex } from "@/lib/ui/sha256";
import { UploadError, uploadWithProgress, type UploadTarget } from "@/lib/ui/upload";

const FORMATS = QUESTIONNAIRE_FORMATS;
/** What the form reads, in words (the error and the hint say the same). */
const READABLE = "a Word (.docx), PDF, Markdown (.md) or text (.txt) questionnaire, or another platform's survey file (.qsf, .lss, .xml, .json, .tsv, XLSForm .xlsx)";
const ACCEPT = [...Object.keys(FORMATS).map((extension) => `.${extension}`), ...new Set(Object.values(FORMATS).map((format) => format.type))].join(",");

type Phase =
  | { name: "idle" }
  | { name: "hashing"; file: File }
  | { name: "uploading"; file: File; loaded: number }
  | { name: "verifying"; file: File }
  | { name: "error"; message: string };

type CreatedFile = { data: { id: string }; upload: UploadTarget & { expires_at: string } };

function formatOf(file: File) {
  return questionnaireFormatOf(file.name);
}

/**
 * Upload a questionnaire: drop it here or choose it. The browser computes the file's SHA-256, creates the
 * file through the API, sends the bytes straight to the signed upload URL (with progress), marks the
 * file ready — the server re-reads the stored bytes and checks size and hash — and asserts it as the
 * survey's questionnaire, which becomes the next revision.
 */
export function QuestionnaireUpload({ surveyId, maxBytes, hasQuestionnaire }: { surveyId: string; maxBytes: number; hasQuestionnaire: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [dragging, setDragging] = useState(false);
  const busy = phase.name === "hashing" || phase.name === "uploading" || phase.name === "verifying";

  async function start(file: File) {
    const format = formatOf(file);
    if (!format) {
      setPhase({ name: "error", message: `“${file.name}” is not ${READABLE}.` });
      return;
    }
    if (file.size === 0) {
      setPhase({ name: "error", message: `“${file.name}” is empty.` });
      return;
    }
    if (file.size > maxBytes) {
      setPhase({ name: "error", message: `“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.` });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    let fileId: string | null = null;
    try {
      setPhase({ name: "hashing", file });
      const hash = await sha256Hex(file);
      const created = await apiRequest<CreatedFile>("POST", `/surveys/${surveyId}/files`, {
        name: file.name,
        content_type: format.type,
        size_bytes: file.size,
      });
      fileId = created.data.id;
      setPhase({ name: "uploading", file, loaded: 0 });
      await uploadWithProgress(created.upload, file, (loaded) => setPhase({ name: "uploading", file, loaded }), controller.signal);
      setPhase({ name: "verifying", file });
      await apiRequest("PATCH", `/surveys/${surveyId}/files/${fileId}`, { status: "ready", size_bytes: file.size, content_hash: hash });
      const revision = await apiRequest<{ data: { revision: number } }>("PUT", `/surveys/${surveyId}/questionnaire`, { file_id: fileId });
      setPhase({ name: "idle" });
      toast(`“${file.name}” is now the questionnaire (revision ${revision.data.revision}).`);
      router.refresh();
    } catch (error) {
      if (fileId) {
        // Leave no half-finished file looking usable; the bytes (if any) are swept with it later.
        void apiRequest("PATCH", `/surveys/${surveyId}/files/${fileId}`, { status: "failed" }).catch(() => {});
      }
      const message =
        error instanceof UploadError
          ? error.message
          : error instanceof ApiRequestError && error.code === "validation_error" && error.details.some((detail) => detail.path === "body.content_hash")
            ? "The uploaded bytes do not match the file on your computer (the checksums differ). Please upload it again."
            : errorMessage(error);
      setPhase({ name: "error", message });
    } finally {
      abort.current = null;
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  }

  const percent = phase.name === "uploading" ? Math.round((phase.loaded / Math.max(1, phase.file.size)) * 100) : phase.name === "verifying" ? 100 : 0;

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors",
          dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white",
        )}
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <DocumentIcon />
        </div>
        {!busy && (
          <>
            <p className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">Drop the questionnaire here</span> or
            </p>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              aria-describedby={hintId}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void start(file);
              }}
            />
            <label
              htmlFor={inputId}
              className="inline-flex h-10 cursor-pointer items-center rounded-lg bg-white px-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
            >
              {hasQuestionnaire ? "Choose a new version…" : "Choose a file…"}
            </label>
            <p id={hintId} className="text-xs text-slate-600">
              Word (.docx), PDF, Markdown (.md) or text (.txt) — or a survey file of another platform (.qsf, .lss, .xml, .json, .tsv, .xlsx), programmed as it is — up to {formatBytes(maxBytes)}.
            </p>
          </>
        )}
        {busy && (
          <div className="w-full max-w-md space-y-2 text-left">
            <p className="truncate text-sm font-medium text-slate-900">{phase.file.name}</p>
            <progress
              max={100}
              value={phase.name === "hashing" ? undefined : percent}
              aria-label={`Uploading ${phase.file.name}`}
              className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
            />
            <div className="flex items-center justify-between text-xs text-slate-600">
              <span role="status" aria-live="polite">
                {phase.name === "hashing" && "Computing the checksum…"}
                {phase.name === "uploading" && `Uploading… ${percent}% of ${formatBytes(phase.file.size)}`}
                {phase.name === "verifying" && "Verifying the upload…"}
              </span>
              {phase.name === "uploading" && (
                <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
                  Cancel upload
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
      {phase.name === "error" && (
        <Alert tone="error" title="The questionnaire was not uploaded">
          {phase.message}
        </Alert>
      )}
    </div>
  );
}
