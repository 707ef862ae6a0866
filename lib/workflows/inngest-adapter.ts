import { NonRetriableError, type GetStepTools, type Inngest } from "inngest";
import { inngest } from "@/inngest/client";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StepTools, WorkflowDefinition } from "./define";
import { RUN_CANCEL_EVENT } from "./dispatch";
import { announceChunks, appendChunk, markFinished, markStarted, publicRunError, TERMINAL_STATUSES } from "./runs";

/**
 * Runs a workflow definition as an Inngest function (`WORKFLOW_ENGINE=inngest`). Inngest memoizes the
 * steps; this wrapper keeps the run row, its steps and its stream in the database in step with Inngest,
 * so the API shows the same run whichever engine executes it.
 */

type InngestStep = GetStepTools<Inngest>;

export function toInngestFunction(definition: WorkflowDefinition<unknown, unknown>) {
  return inngest().createFunction(
    {
      id: definition.id,
      name: definition.kind,
      triggers: [{ event: definition.event }],
      retries: (definition.retries ?? 3) as 3,
      // `cancelRun` sends this event: Inngest stops the run between steps, and ends a sleep or wait at once.
      cancelOn: [{ event: RUN_CANCEL_EVENT, if: "async.data.runId == event.data.runId" }],
      onFailure: async ({ event, error }) => {
        const runId = (event.data.event.data as { runId?: string }).runId;
        if (runId) await finishFromInngest(runId, error);
      },
    },
    async ({ event, step }) => runUnderInngest(definition, String((event.data as { runId?: unknown }).runId), step as unknown as InngestStep),
  );
}

export async function runUnderInngest(definition: WorkflowDefinition<unknown, unknown>, runId: string, step: InngestStep): Promise<unknown> {
  const started = await step.run("workflow-start", async () => {
    const prisma = await db();
    const run = await prisma.$transaction(async (tx) => {
      const current = await tx.workflowRun.findUnique({ where: { id: runId } });
      if (!current || TERMINAL_STATUSES.includes(current.status)) return null;
      return markStarted(tx, current);
    });
    announceChunks(runId);
    return run ? { workspaceId: run.workspaceId, surveyId: run.surveyId, input: run.input } : null;
  });
  if (!started) return null;
  const output = await definition.handler({
    runId,
    workspaceId: started.workspaceId ?? "",
    surveyId: started.surveyId,
    input: definition.input.parse(started.input),
    step: recordingSteps(runId, step),
  });
  await step.run("workflow-finish", async () => {
    await (await db()).$transaction((tx) => markFinished(tx, runId, { status: "completed", output: output ?? null }));
    announceChunks(runId);
  });
  return output;
}

/** The run ended or cancellation was requested: no further step runs, and a step running meanwhile records nothing. */
async function stoppedRun(client: Pick<Prisma.TransactionClient, "$queryRaw">, runId: string, lock: boolean): Promise<boolean> {
  const [run] = lock
    ? await client.$queryRaw<{ status: string; cancelRequestedAt: Date | null }[]>`
        SELECT "status", "cancel_requested_at" AS "cancelRequestedAt" FROM "workflow_runs" WHERE "id" = ${runId} FOR UPDATE`
    : await client.$queryRaw<{ status: string; cancelRequestedAt: Date | null }[]>`
        SELECT "status", "cancel_requested_at" AS "cancelRequestedAt" FROM "workflow_runs" WHERE "id" = ${runId}`;
  return !run || run.cancelRequestedAt !== null || (TERMINAL_STATUSES as readonly string[]).includes(run.status);
}

/**
 * Inngest's step tools, with each finished step also recorded on the run. Each recorded step checks the
 * run before it starts (a run cancelled or ended meanwhile runs no further step) and again, under the
 * run's row lock, before it records its result: a step that was executing when the run was cancelled
 * records nothing after the run's final chunk, and the function stops.
 */
function recordingSteps(runId: string, step: InngestStep): StepTools {
  return {
    run: (stepId, fn) =>
      step.run(stepId, async () => {
        const prisma = await db();
        if (await stoppedRun(prisma, runId, false)) throw new NonRetriableError("The workflow was cancelled.");
        const value = await fn();
        const output = (value === undefined ? null : JSON.parse(JSON.stringify(value))) as Prisma.InputJsonValue;
        const recorded = await prisma.$transaction(async (tx) => {
          if (await stoppedRun(tx, runId, true)) return false;
          await tx.workflowStep.upsert({
            where: { runId_stepId: { runId, stepId } },
            create: { runId, stepId, status: "completed", output, finishedAt: new Date() },
            update: { status: "completed", output, finishedAt: new Date() },
          });
          await appendChunk(tx, runId, "step", { id: stepId, status: "completed" }, `step:${stepId}`);
          return true;
        });
        if (!recorded) throw new NonRetriableError("The workflow was cancelled.");
        announceChunks(runId);
        return value;
      }) as never,
    sleep: (stepId, duration) => step.sleep(stepId, duration),
    waitForEvent: (stepId, options) => step.waitForEvent(stepId, options) as never,
    sendEvent: (stepId, payload) => step.sendEvent(stepId, payload),
  };
}

async function finishFromInngest(runId: string, error: unknown): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const run = await tx.workflowRun.findUnique({ where: { id: runId } });
    if (!run) return;
    if (run.cancelRequestedAt) await markFinished(tx, runId, { status: "cancelled" });
    else await markFinished(tx, runId, { status: "failed", error: publicRunError(error, { runId }) });
  });
  announceChunks(runId);
}
