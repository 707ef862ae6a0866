-- CreateTable
CREATE TABLE "revoked_api_keys" (
    "key_hash" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "revoked_api_keys_pkey" PRIMARY KEY ("key_hash")
);

-- CreateIndex
CREATE INDEX "revoked_api_keys_workspace_id_idx" ON "revoked_api_keys"("workspace_id");

-- AddForeignKey
ALTER TABLE "revoked_api_keys" ADD CONSTRAINT "revoked_api_keys_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
