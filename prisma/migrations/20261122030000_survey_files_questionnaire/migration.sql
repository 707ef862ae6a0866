-- CreateEnum
CREATE TYPE "survey_file_status" AS ENUM ('pending', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "file_visibility" AS ENUM ('private', 'public');

-- CreateEnum
CREATE TYPE "file_hosting" AS ENUM ('service', 'platform');

-- AlterTable
ALTER TABLE "surveys" ADD COLUMN     "programming_instructions" TEXT,
ADD COLUMN     "programming_platform" TEXT,
ADD COLUMN     "questionnaire_revision_seq" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "survey_files" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER,
    "storage_key" TEXT NOT NULL,
    "status" "survey_file_status" NOT NULL DEFAULT 'pending',
    "visibility" "file_visibility" NOT NULL DEFAULT 'private',
    "hosting" "file_hosting" NOT NULL,
    "upstream_path" TEXT,
    "content_hash" TEXT,
    "public_url" TEXT,
    "upstream_only" BOOLEAN NOT NULL DEFAULT false,
    "reserved_type" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "survey_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire_revisions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "survey_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "file_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaire_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "survey_files_storage_key_key" ON "survey_files"("storage_key");

-- CreateIndex
CREATE INDEX "survey_files_workspace_id_idx" ON "survey_files"("workspace_id");

-- CreateIndex
CREATE INDEX "survey_files_survey_id_idx" ON "survey_files"("survey_id");

-- CreateIndex
CREATE INDEX "questionnaire_revisions_workspace_id_idx" ON "questionnaire_revisions"("workspace_id");

-- CreateIndex
CREATE INDEX "questionnaire_revisions_file_id_idx" ON "questionnaire_revisions"("file_id");

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_revisions_survey_id_revision_key" ON "questionnaire_revisions"("survey_id", "revision");

-- AddForeignKey
ALTER TABLE "survey_files" ADD CONSTRAINT "survey_files_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_files" ADD CONSTRAINT "survey_files_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_revisions" ADD CONSTRAINT "questionnaire_revisions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_revisions" ADD CONSTRAINT "questionnaire_revisions_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_revisions" ADD CONSTRAINT "questionnaire_revisions_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "survey_files"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
