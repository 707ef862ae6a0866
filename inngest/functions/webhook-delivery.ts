import { z } from "zod";
import { defineWorkflow } from "@/lib/workflows/define";
import { runDeliveryRound } from "@/lib/webhooks/engine";

/** Rounds per run; then the run ends and the scheduler starts a fresh one if work remains (bounded step logs). */
export const MAX_ROUNDS_PER_RUN = 200;

/**
 * The webhook delivery engine as a workflow (DESIGN §5 kind `webhooks.delivery`): each run works in
 * rounds — fan out new events, then send a batch of due deliveries — until nothing is left to do. Runs are
 * system runs (no workspace, no workflow.* events); `lib/webhooks/scheduler.ts` starts them when work is
 * due. The embedded executor runs it by default; with `WORKFLOW_ENGINE=inngest`, Inngest does.
 */
export const webhookDeliveryWorkflow = defineWorkflow({
  id: "webhook-delivery",
  kind: "webhooks.delivery",
  event: "webhooks/delivery.requested",
  input: z.object({}),
  retries: 5,
  handler: async ({ step }) => {
    const totals = { rounds: 0, fanned_out: 0, attempted: 0, succeeded: 0 };
    for (let round = 1; round <= MAX_ROUNDS_PER_RUN; round++) {
      const result = await step.run(`round-${round}`, () => runDeliveryRound());
      totals.rounds = round;
      totals.fanned_out += result.fannedOut;
      totals.attempted += result.attempted;
      totals.succeeded += result.succeeded;
      if (result.fannedOut === 0 && result.attempted === 0) break;
    }
    return totals;
  },
});
