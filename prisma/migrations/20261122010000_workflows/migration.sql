-- CreateEnum
CREATE TYPE "workflow_status" AS ENUM ('pending', 'running', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "workflow_runs" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT,
    "kind" TEXT NOT NULL,
    "function_id" TEXT NOT NULL,
    "status" "workflow_status" NOT NULL DEFAULT 'pending',
    "input" JSONB NOT NULL,
    "output" JSONB,
    "error" JSONB,
    "created_by" TEXT,
    "wake_at" TIMESTAMPTZ(3),
    "waiting_for" TEXT,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "invocations" INTEGER NOT NULL DEFAULT 0,
    "cancel_requested_at" TIMESTAMPTZ(3),
    "dispatched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_steps" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "step_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "output" JSONB,
    "error" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "wake_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "workflow_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_hooks" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "request" JSONB,
    "resolution" JSONB,
    "resolved_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "workflow_hooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stream_chunks" (
    "run_id" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "key" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stream_chunks_pkey" PRIMARY KEY ("run_id","index")
);

-- CreateTable
CREATE TABLE "workflow_signals" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "dispatched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_signals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workflow_runs_workspace_id_kind_idx" ON "workflow_runs"("workspace_id", "kind");

-- CreateIndex
CREATE INDEX "workflow_runs_survey_id_kind_idx" ON "workflow_runs"("survey_id", "kind");

-- CreateIndex
CREATE INDEX "workflow_runs_status_wake_at_idx" ON "workflow_runs"("status", "wake_at");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_steps_run_id_step_id_key" ON "workflow_steps"("run_id", "step_id");

-- CreateIndex
CREATE INDEX "workflow_hooks_run_id_idx" ON "workflow_hooks"("run_id");

-- CreateIndex
CREATE UNIQUE INDEX "stream_chunks_run_id_key_key" ON "stream_chunks"("run_id", "key");

-- CreateIndex
CREATE INDEX "workflow_signals_name_created_at_idx" ON "workflow_signals"("name", "created_at");

-- AddForeignKey
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_hooks" ADD CONSTRAINT "workflow_hooks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_chunks" ADD CONSTRAINT "stream_chunks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
