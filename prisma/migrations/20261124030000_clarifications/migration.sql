-- Questionnaire clarifications (issue 10): one session per questionnaire revision, one row per question to the author.

-- CreateTable
CREATE TABLE "clarification_sessions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "questionnaire_revision" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'probing',
    "round" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clarification_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clarifications" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "questionnaire_revision" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "assumption_key" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "question_ids" JSONB NOT NULL,
    "context" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "assumption" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "answer" JSONB,
    "answer_history" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clarifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "clarification_sessions_workspace_id_idx" ON "clarification_sessions"("workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "clarification_sessions_survey_id_questionnaire_revision_key" ON "clarification_sessions"("survey_id", "questionnaire_revision");

-- CreateIndex
CREATE INDEX "clarifications_workspace_id_idx" ON "clarifications"("workspace_id");

-- CreateIndex
CREATE INDEX "clarifications_survey_id_idx" ON "clarifications"("survey_id");

-- CreateIndex
CREATE UNIQUE INDEX "clarifications_session_id_assumption_key_key" ON "clarifications"("session_id", "assumption_key");

-- AddForeignKey
ALTER TABLE "clarification_sessions" ADD CONSTRAINT "clarification_sessions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clarification_sessions" ADD CONSTRAINT "clarification_sessions_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "clarification_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
