import { TERMINAL_STATUSES } from "@/lib/workflows/runs";
import type { TWorkflowRun } from "@/lib/workflows/schemas";
import type { ToolContext } from "./tool";

/** How often a waiting tool reads the run again. Runs execute elsewhere (embedded executor or Inngest), so this polls the database. */
const POLL_MS = 500;

export type WaitOutcome = "finished" | "needs_input" | "still_running";

/**
 * Reads a workflow run until it ends, waits on a person (a pending hook) or `waitSeconds` pass, and
 * reports each step it completes as an MCP progress notification. Cancelling the tool call stops the
 * wait, not the run.
 */
export async function waitForRun(load: () => Promise<TWorkflowRun>, waitSeconds: number, context: ToolContext): Promise<{ run: TWorkflowRun; outcome: WaitOutcome }> {
  const deadline = Date.now() + waitSeconds * 1000;
  let reported = "";
  // MCP requires progress to increase with every notification: it counts the changes seen.
  let changes = 0;
  for (;;) {
    const run = await load();
    const outcome = outcomeOf(run);
    const completed = run.steps.filter((step) => step.status === "completed").length;
    const current = run.steps.at(-1);
    const message = current ? `${run.status}: step ${current.id} ${current.status} (${completed} steps done)` : run.status;
    if (message !== reported) {
      reported = message;
      await context.progress({ progress: ++changes, message });
    }
    if (outcome !== "still_running" || Date.now() >= deadline || context.signal.aborted) return { run, outcome };
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), context.signal);
  }
}

export function outcomeOf(run: TWorkflowRun): WaitOutcome {
  if (TERMINAL_STATUSES.includes(run.status)) return "finished";
  if (run.hooks.some((hook) => hook.status === "pending")) return "needs_input";
  return "still_running";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
