-- AlterTable
ALTER TABLE "sections" ADD COLUMN     "changes_requested" TEXT,
ADD COLUMN     "changes_requested_at" TIMESTAMPTZ(3),
ADD COLUMN     "signed_document_id" TEXT;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_firm_id_signed_document_id_fkey" FOREIGN KEY ("firm_id", "signed_document_id") REFERENCES "documents"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;
