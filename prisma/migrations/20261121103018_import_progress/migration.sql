-- AlterTable
ALTER TABLE "import_jobs" ADD COLUMN     "created_entities" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "created_users" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "processed_rows" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rejected_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rejected_rows" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "total_rows" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "import_jobs_firm_id_storage_key_key" ON "import_jobs"("firm_id", "storage_key");
