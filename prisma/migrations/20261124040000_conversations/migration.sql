-- Conversations with the editing agent (issue 11). One active turn per conversation is a constraint:
-- the turn's user message carries active_turn = true until the turn ends (then NULL), and the unique
-- index admits one such row per conversation, so two concurrent POSTs cannot both start a turn.

CREATE TABLE "conversations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "title" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "parts" JSONB NOT NULL,
    "metadata" JSONB,
    "run_id" TEXT,
    "active_turn" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "conversations_workspace_id_idx" ON "conversations"("workspace_id");
CREATE INDEX "conversations_survey_id_idx" ON "conversations"("survey_id");
CREATE UNIQUE INDEX "messages_conversation_id_active_turn_key" ON "messages"("conversation_id", "active_turn");
CREATE INDEX "messages_conversation_id_id_idx" ON "messages"("conversation_id", "id");
CREATE INDEX "messages_workspace_id_idx" ON "messages"("workspace_id");
CREATE INDEX "messages_run_id_idx" ON "messages"("run_id");

ALTER TABLE "conversations" ADD CONSTRAINT "conversations_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
