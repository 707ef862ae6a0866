-- Connections to external survey platforms (issue 13); credentials sealed with AES-256-GCM.
CREATE TABLE "integrations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "name" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "credentials" TEXT,
    "credential_fields" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'untested',
    "last_tested_at" TIMESTAMPTZ(3),
    "last_test_status" TEXT,
    "last_test_message" TEXT,
    "upstream_surveys" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "integrations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "integrations_workspace_id_idx" ON "integrations"("workspace_id");
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
