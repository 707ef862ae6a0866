-- Interface O (issue 12): paid_at from creation (no billing), files uploaded without a survey, and the
-- cached extraction of a file (O's ai_file_id).

UPDATE "surveys" SET "paid_at" = "created_at" WHERE "paid_at" IS NULL;
ALTER TABLE "surveys" ALTER COLUMN "paid_at" SET DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "surveys" ALTER COLUMN "paid_at" SET NOT NULL;

ALTER TABLE "survey_files" ALTER COLUMN "survey_id" DROP NOT NULL;

CREATE TABLE "file_extractions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "file_id" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "document" JSONB,
    "error" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_extractions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "file_extractions_file_id_key" ON "file_extractions"("file_id");
CREATE INDEX "file_extractions_workspace_id_idx" ON "file_extractions"("workspace_id");

ALTER TABLE "file_extractions" ADD CONSTRAINT "file_extractions_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "survey_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
