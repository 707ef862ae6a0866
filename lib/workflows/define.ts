import type { z } from "zod";
import type { Prisma, WorkflowRun } from "@/lib/generated/prisma/client";

/**
 * Workflow handlers are written once against Inngest's `step` API (the subset below). Inngest runs them
 * when `WORKFLOW_ENGINE=inngest`; the embedded executor (`executor.ts`) runs the very same handlers with a
 * `step` object that memoizes each step in `workflow_steps`.
 *
 * As with Inngest, code outside `step.run` runs again on every replay: keep side effects inside steps,
 * and make steps idempotent (a crash between a step's effect and its record re-runs it once).
 */

export type WaitForEventOptions = {
  event: string;
  /** Milliseconds or an `ms` string ("15m", "2h"). */
  timeout: number | string;
  /** Inngest expression over the awaited event, e.g. `async.data.hookId == 'whook_123'` (`&&` of equalities). */
  if?: string;
};

export type SignalPayload = { name: string; data: Record<string, unknown> };

export interface StepTools {
  run<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  sleep(id: string, duration: number | string): Promise<void>;
  waitForEvent(id: string, options: WaitForEventOptions): Promise<SignalPayload | null>;
  sendEvent(id: string, payload: SignalPayload | SignalPayload[]): Promise<unknown>;
}

export type WorkflowContext<Input> = {
  /** The run's public id (`wrun_…`). */
  runId: string;
  /** The run's workspace; empty for system runs (started with `workspaceId: null`), whose handlers don't read it. */
  workspaceId: string;
  surveyId: string | null;
  input: Input;
  step: StepTools;
};

export type WorkflowLinks = {
  /** Path of the NDJSON stream (defaults to `/v1/workflows/{id}/stream`). */
  stream?: (run: { id: string; surveyId: string | null }) => string;
  /** Path a client POSTs to resolve a hook. */
  resumeHook?: (run: { id: string; surveyId: string | null }, hook: { id: string; kind: string }) => string;
};

export type WorkflowDefinition<Input = unknown, Output = unknown> = {
  /** Inngest function id (kebab-case). */
  id: string;
  /** Public kind (`survey.programming`). */
  kind: string;
  /** The Inngest event that starts it; its data is `{ runId }`. */
  event: string;
  input: z.ZodType<Input>;
  /** Retries of a failing step before the run fails (default 3). */
  retries?: number;
  links?: WorkflowLinks;
  /** The resolution body each hook kind accepts, validated before the hook is resolved. */
  hooks?: Record<string, z.ZodType>;
  handler: (context: WorkflowContext<Input>) => Promise<Output>;
  /**
   * Runs in the transaction that ends the run — completed, failed (also after retries or a crash) or
   * cancelled — with either engine: for what must happen however the run ends (an event, a timestamp).
   */
  onFinish?: (tx: Prisma.TransactionClient, run: WorkflowRun) => Promise<void>;
};

export function defineWorkflow<Input, Output>(definition: WorkflowDefinition<Input, Output>): WorkflowDefinition<Input, Output> {
  return definition;
}

/** A permanent failure: the run fails at once instead of retrying the step. */
export { NonRetriableError, RetryAfterError } from "inngest";
