import type { Platform } from "@/lib/platforms";
import type { StreamChunk } from "./ndjson";
import { PLATFORM_LABELS } from "./platforms";

/**
 * Turns a programming run's stream chunks into what the Programming screen shows: the steps with their
 * state, a readable log, the pending hook (if the run is asking something), the anatomy of the result,
 * the audit's issues and the outcome. Pure, so a replay after a reload gives the same picture.
 */

export const PROGRAMMING_STEPS = [
  { id: "resolve-target", label: "Choose the target" },
  { id: "compile-questionnaire", label: "Read and program the questionnaire" },
  { id: "write-content", label: "Save the programmed survey" },
  { id: "audit-content", label: "Check the logic" },
] as const;

export type TimelineEntry = { index: number; at: string; text: string; tone: "info" | "success" | "warning" | "error" };
export type AuditIssue = { code: string; severity: "error" | "warning"; message: string; page_id?: string; block_id?: string; rule_id?: string; variable?: string };
export type PendingHook = { id: string; kind: string; request: { message?: string; platforms?: string[] } | null };
export type Anatomy = { pages: number; blocks: number; rules: number; questions: number; terminate_pages?: number; complete_pages?: number; content_revision?: number };

/** An external platform's export written by the run (chunk `progress` phase `exported`) and its warnings (`audit.issue` `export.*`). */
export type ExportReport = {
  platform: string;
  contentRevision: number;
  warningCount: number;
  warnings: { code: string; element: string | null; message: string }[];
  /** With `push: true`: what the platform's API did (chunk `progress` phase `pushed`). */
  pushed?: { action: "created" | "updated"; surveyId: string | null };
};

/** What the run did with the programming instructions (chunk `instructions`): applied without a model, or not. */
export type InstructionsReport = { applied: { text: string; detail: string | null }[]; notApplied: { text: string; detail: string | null }[] };

export type Timeline = {
  steps: Record<string, "done" | "pending">;
  entries: TimelineEntry[];
  hook: PendingHook | null;
  anatomy: Anatomy | null;
  issues: AuditIssue[];
  /** Set when the run exported the survey for an external platform. */
  export: ExportReport | null;
  instructions: InstructionsReport | null;
  outcome: { status: "completed"; contentRevision: number | null } | { status: "failed"; message: string } | { status: "cancelled" } | null;
  lastIndex: number;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** An instruction as the chunk gives it: text, or an object naming it and why (not) applied. */
function instructionItem(item: unknown): { text: string; detail: string | null } | null {
  if (typeof item === "string") return item.trim() ? { text: item, detail: null } : null;
  if (!item || typeof item !== "object") return null;
  const record = item as Record<string, unknown>;
  const text = [record.instruction, record.text, record.sentence, record.summary].find((value): value is string => typeof value === "string" && value.trim() !== "");
  if (!text) return null;
  // `changes` (what an applied instruction did, as the editing agent's change lines) or the reason it was not applied.
  const changes = Array.isArray(record.changes) ? record.changes.filter((change): change is string => typeof change === "string") : [];
  const detail = [record.reason, record.message, record.result, changes.join("; "), record.note].find((value): value is string => typeof value === "string" && value.trim() !== "");
  return { text, detail: detail ?? null };
}

function instructionList(value: unknown): { text: string; detail: string | null }[] {
  return Array.isArray(value) ? value.map(instructionItem).filter((item): item is { text: string; detail: string | null } => item !== null) : [];
}

function progressText(data: Record<string, unknown>): string | null {
  switch (data.phase) {
    case "target":
      return `Target: ${data.platform === "service" ? "this service" : String(data.platform)}${
        data.instructions_source === "none" ? ", no instructions" : data.instructions_source ? ` (instructions from ${String(data.instructions_source).replace("_", " ")})` : ""
      }.`;
    case "extracting":
      return `Reading the document (${Math.max(1, Math.round(Number(data.bytes ?? 0) / 1024))} KB)…`;
    case "extracted":
      return `Read ${plural(Number(data.lines ?? 0), "line")}${data.pages ? ` on ${plural(Number(data.pages), "page")}` : ""} from the ${String(data.format ?? "document").toUpperCase()} file.`;
    case "parsed":
      return `Found ${plural(Number(data.questions ?? 0), "question")} in ${plural(Number(data.sections ?? 0), "section")}.`;
    case "model":
      if (data.status === "skipped") return "No AI model is configured: programmed by the deterministic compiler.";
      if (data.status === "started") return "Refining with the AI model…";
      if (data.status === "chunk") return `AI model: part ${Number(data.chunk ?? 0)} of ${Number(data.chunks ?? 0)}.`;
      if (data.status === "done") return "AI model finished.";
      if (data.status === "failed") return `The AI model failed${data.message ? `: ${String(data.message)}` : ""}; kept the compiler's result.`;
      return null;
    case "compiled":
      return `Programmed ${plural(Number(data.pages ?? 0), "page")}, ${plural(Number(data.blocks ?? 0), "block")} and ${plural(Number(data.rules ?? 0), "navigation rule")}.`;
    case "validated":
      return Number(data.issues ?? 0) === 0 ? "The logic checks found no issues." : `The logic checks found ${plural(Number(data.issues), "issue")}.`;
    case "imported":
      return `Imported the ${platformName(data.format)} survey definition${Number(data.warnings ?? 0) ? ` (${plural(Number(data.warnings), "warning")})` : ""}.`;
    case "exported":
      return `Exported for ${platformName(data.platform)} as content revision ${Number(data.content_revision ?? 0)}${Number(data.warnings ?? 0) ? ` with ${plural(Number(data.warnings), "warning")}` : ", nothing lost"}.`;
    case "pushed":
      return `${data.action === "updated" ? "Updated" : "Created"} the survey on ${platformName(data.platform)}${data.survey_id ? ` (its id there: ${String(data.survey_id)})` : ""}.`;
    default:
      return null;
  }
}

/** The platform's display name (lib/ui/platforms.ts), or the id as given. */
function platformName(id: unknown): string {
  const platform = String(id ?? "");
  return platform in PLATFORM_LABELS ? PLATFORM_LABELS[platform as Platform].name : platform || "the platform";
}

export function emptyTimeline(): Timeline {
  return { steps: {}, entries: [], hook: null, anatomy: null, issues: [], export: null, instructions: null, outcome: null, lastIndex: -1 };
}

export function applyChunk(timeline: Timeline, chunk: StreamChunk): Timeline {
  if (chunk.index <= timeline.lastIndex) return timeline;
  const next: Timeline = { ...timeline, entries: [...timeline.entries], issues: timeline.issues, steps: { ...timeline.steps }, lastIndex: chunk.index };
  const data = (chunk.data ?? {}) as Record<string, unknown>;
  const add = (text: string, tone: TimelineEntry["tone"] = "info") => next.entries.push({ index: chunk.index, at: chunk.at, text, tone });
  switch (chunk.type) {
    case "started":
      add("Programming started.");
      break;
    case "hook":
      if (data.status === "pending") {
        next.hook = { id: String(data.id), kind: String(data.kind), request: (data.request as PendingHook["request"]) ?? null };
        add(data.kind === "programming.target" ? "Waiting for you to choose the target platform." : `Waiting for input (${String(data.kind)}).`, "warning");
      } else if (data.status === "resolved") {
        if (next.hook?.id === data.id) next.hook = null;
        const resolution = (data.resolution ?? {}) as { platform?: string };
        add(resolution.platform ? `Target chosen: ${resolution.platform === "service" ? "this service" : resolution.platform}.` : "Answer received.");
      }
      break;
    case "step": {
      const id = String(data.id);
      if (data.status === "completed") next.steps[id] = "done";
      break;
    }
    case "progress": {
      const text = progressText(data);
      if (text) add(text, data.phase === "exported" && Number(data.warnings ?? 0) > 0 ? "warning" : "info");
      if (data.phase === "exported") {
        next.export = { platform: String(data.platform), contentRevision: Number(data.content_revision), warningCount: Number(data.warnings ?? 0), warnings: timeline.export?.warnings ?? [] };
      }
      if (data.phase === "pushed" && timeline.export) {
        next.export = { ...timeline.export, pushed: { action: data.action === "updated" ? "updated" : "created", surveyId: typeof data.survey_id === "string" ? data.survey_id : null } };
      }
      break;
    }
    case "anatomy":
      next.anatomy = data as unknown as Anatomy;
      break;
    case "instructions": {
      const report = { applied: instructionList(data.applied), notApplied: instructionList(data.not_applied ?? data.notApplied) };
      next.instructions = report;
      add(
        `Instructions: ${report.applied.length} applied, ${report.notApplied.length} not applied.`,
        report.notApplied.length ? "warning" : "info",
      );
      break;
    }
    case "audit.issue":
      // An export warning belongs to the export (what the platform cannot express), not to the logic checks.
      if (String(data.code ?? "").startsWith("export.") && timeline.export) {
        const warning = { code: String(data.code).slice("export.".length), element: typeof data.element === "string" ? data.element : null, message: String(data.message ?? "") };
        next.export = { ...timeline.export, warnings: [...timeline.export.warnings, warning] };
      } else next.issues = [...timeline.issues, data as unknown as AuditIssue];
      break;
    case "completed": {
      const output = (data.output ?? data) as { content_revision?: number };
      next.outcome = { status: "completed", contentRevision: typeof output.content_revision === "number" ? output.content_revision : null };
      next.hook = null;
      add("Programming finished.", "success");
      break;
    }
    case "failed": {
      const error = (data.error ?? data) as { message?: string };
      next.outcome = { status: "failed", message: error.message ?? "The run failed." };
      next.hook = null;
      add(`Programming failed: ${error.message ?? "no reason given"}`, "error");
      break;
    }
    case "cancelled":
      next.outcome = { status: "cancelled" };
      next.hook = null;
      add("Programming was cancelled.", "warning");
      break;
  }
  return next;
}

export function progressFraction(timeline: Timeline): number {
  if (timeline.outcome?.status === "completed") return 1;
  const done = PROGRAMMING_STEPS.filter((step) => timeline.steps[step.id] === "done").length;
  return done / PROGRAMMING_STEPS.length;
}
