-- Fielding on the service itself (issue 14): respondent links and responses.

CREATE TABLE "survey_links" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "name" TEXT,
    "mode" TEXT NOT NULL,
    "content_revision" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'open',
    "expires_at" TIMESTAMPTZ(3),
    "hidden_variables" JSONB NOT NULL DEFAULT '{}',
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "survey_links_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "survey_links_workspace_id_idx" ON "survey_links"("workspace_id");
CREATE INDEX "survey_links_survey_id_idx" ON "survey_links"("survey_id");
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "responses" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "content_revision" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in_progress',
    "token_hash" TEXT NOT NULL,
    "start_nonce" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "path" JSONB NOT NULL DEFAULT '[]',
    "answers" JSONB NOT NULL DEFAULT '{}',
    "other_text" JSONB NOT NULL DEFAULT '{}',
    "draft" JSONB,
    "flags" JSONB NOT NULL DEFAULT '[]',
    "page_shown_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "end_page_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "responses_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "responses_token_hash_key" ON "responses"("token_hash");
CREATE UNIQUE INDEX "responses_link_id_start_nonce_key" ON "responses"("link_id", "start_nonce");
CREATE INDEX "responses_workspace_id_idx" ON "responses"("workspace_id");
CREATE INDEX "responses_survey_id_status_idx" ON "responses"("survey_id", "status");
CREATE INDEX "responses_status_last_activity_at_idx" ON "responses"("status", "last_activity_at");
ALTER TABLE "responses" ADD CONSTRAINT "responses_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "survey_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "responses" ADD CONSTRAINT "responses_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
