-- AlterTable
ALTER TABLE "users" ADD COLUMN     "setup_guide_dismissed_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "template_sections" ADD COLUMN     "document_key" TEXT,
ADD COLUMN     "document_name" TEXT;
