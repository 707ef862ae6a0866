-- Runs: lease expiries since the last progress (a run whose process keeps dying fails after a few), and
-- the correlation key of the signal a parked run waits for (a signal wakes only the runs waiting for it).
ALTER TABLE "workflow_runs" ADD COLUMN "lease_expiries" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "workflow_runs" ADD COLUMN "waiting_key" TEXT;

-- Signals: the correlation key (hook id or run id) a wait looks them up by, exactly.
ALTER TABLE "workflow_signals" ADD COLUMN "key" TEXT;
CREATE INDEX "workflow_signals_name_key_idx" ON "workflow_signals"("name", "key");
CREATE INDEX "workflow_signals_created_at_idx" ON "workflow_signals"("created_at");
