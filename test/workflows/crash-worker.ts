/**
 * A server-like process for the crash test: it runs the embedded executor on the configured database
 * (DATA_DIR or DATABASE_URL). `start` creates a run first; `resume` waits for the run to finish and
 * prints a summary. The workflow's middle step is slow so the test can SIGKILL the process inside it.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { ensureDefaultWorkspace } from "@/lib/tenancy/bootstrap";
import { defineWorkflow } from "@/lib/workflows/define";
import { LocalExecutor } from "@/lib/workflows/executor";
import { startWorkflow } from "@/lib/workflows/runs";

async function effect(runId: string, step: string) {
  await (await db()).$executeRawUnsafe(`INSERT INTO crash_effects (run_id, step) VALUES ($1, $2)`, runId, step);
}

const crashy = defineWorkflow({
  id: "test-crashy",
  kind: "test.crashy",
  event: "test/crashy.requested",
  input: z.object({}),
  handler: async ({ runId, step }) => {
    await step.run("one", () => effect(runId, "one"));
    await step.run("two", async () => {
      await effect(runId, "two");
      console.log("IN_STEP_TWO");
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    });
    await step.run("three", () => effect(runId, "three"));
    return { done: true };
  },
});

async function main() {
  const [mode, givenRunId] = process.argv.slice(2);
  const prisma = await db();
  await prisma.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS crash_effects (run_id text, step text)`);
  let runId = givenRunId;
  if (mode === "start") {
    const { workspace } = await ensureDefaultWorkspace();
    runId = (await startWorkflow(crashy, { workspaceId: workspace.id, input: {} })).id;
    console.log(`RUN ${runId}`);
  }
  // A lease three times the heartbeat's interval (1 s) survives a busy machine delaying a renewal; the step sleeps
  // longer than the lease, so the second process only takes over after the first one's lease has run out.
  const executor = new LocalExecutor({ workflows: [crashy], leaseMs: 3_000, pollMs: 50 });
  executor.start();
  if (mode !== "resume") return;
  for (;;) {
    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId }, include: { steps: true } });
    if (["completed", "failed", "cancelled"].includes(run.status)) {
      const effects = await prisma.$queryRawUnsafe<{ step: string }[]>(`SELECT step FROM crash_effects WHERE run_id = $1`, runId);
      console.log(`SUMMARY ${JSON.stringify({ status: run.status, output: run.output, invocations: run.invocations, steps: run.steps.map((step) => step.stepId).sort(), effects: effects.map((row) => row.step).sort() })}`);
      await executor.stop();
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

void main();
