-- AlterTable
ALTER TABLE "firm_preferences" ADD COLUMN     "custom_document_export_order" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "export_jobs" ADD COLUMN     "options" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "progress_done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "progress_total" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "size_bytes" BIGINT;

-- CreateTable
CREATE TABLE "review_marks" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "questionnaire_id" TEXT NOT NULL,
    "item_kind" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    "reviewed_by_id" TEXT NOT NULL,
    "reviewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_marks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "review_marks_firm_id_questionnaire_id_item_kind_item_id_key" ON "review_marks"("firm_id", "questionnaire_id", "item_kind", "item_id");

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: review_marks
GRANT SELECT, INSERT, UPDATE, DELETE ON "review_marks" TO portal_app;
ALTER TABLE "review_marks" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "review_marks" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "review_marks" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));
