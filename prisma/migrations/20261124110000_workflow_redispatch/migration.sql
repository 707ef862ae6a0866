-- Inngest mode: events whose sending failed are sent again by the re-dispatch sweep, with a bounded number
-- of attempts (a run then fails; a signal is given up) and a back-off from the last attempt.
ALTER TABLE "workflow_runs" ADD COLUMN "dispatch_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "workflow_runs" ADD COLUMN "dispatch_tried_at" TIMESTAMPTZ(3);
CREATE INDEX "workflow_runs_dispatched_at_idx" ON "workflow_runs"("dispatched_at");

ALTER TABLE "workflow_signals" ADD COLUMN "dispatch_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "workflow_signals" ADD COLUMN "dispatch_tried_at" TIMESTAMPTZ(3);
CREATE INDEX "workflow_signals_dispatched_at_idx" ON "workflow_signals"("dispatched_at");
