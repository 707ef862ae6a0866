-- CreateTable
CREATE TABLE "pages" (
    "id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "assign_response_status" TEXT,
    "attention_required" JSONB,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "programming_started_at" TIMESTAMPTZ(3),
    "programming_completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blocks" (
    "id" TEXT NOT NULL,
    "page_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "navigation_rules" (
    "id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "source_page_id" TEXT NOT NULL,
    "target_page_id" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "condition" TEXT,
    "attention_required" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "navigation_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "variables" (
    "id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "block_id" TEXT,
    "label" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "variables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_revisions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "message" TEXT,
    "user_id" TEXT NOT NULL,
    "workflow_run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pages_survey_id_idx" ON "pages"("survey_id");

-- CreateIndex
CREATE INDEX "blocks_page_id_idx" ON "blocks"("page_id");

-- CreateIndex
CREATE INDEX "blocks_survey_id_idx" ON "blocks"("survey_id");

-- CreateIndex
CREATE INDEX "navigation_rules_survey_id_idx" ON "navigation_rules"("survey_id");

-- CreateIndex
CREATE INDEX "navigation_rules_source_page_id_idx" ON "navigation_rules"("source_page_id");

-- CreateIndex
CREATE INDEX "navigation_rules_target_page_id_idx" ON "navigation_rules"("target_page_id");

-- CreateIndex
CREATE INDEX "variables_survey_id_idx" ON "variables"("survey_id");

-- CreateIndex
CREATE UNIQUE INDEX "content_revisions_workflow_run_id_key" ON "content_revisions"("workflow_run_id");

-- CreateIndex
CREATE INDEX "content_revisions_workspace_id_idx" ON "content_revisions"("workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "content_revisions_survey_id_revision_key" ON "content_revisions"("survey_id", "revision");

-- AddForeignKey
ALTER TABLE "pages" ADD CONSTRAINT "pages_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "navigation_rules" ADD CONSTRAINT "navigation_rules_source_page_id_fkey" FOREIGN KEY ("source_page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "navigation_rules" ADD CONSTRAINT "navigation_rules_target_page_id_fkey" FOREIGN KEY ("target_page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "variables" ADD CONSTRAINT "variables_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
