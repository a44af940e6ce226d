-- AlterTable
ALTER TABLE "activity_logs" ADD COLUMN     "signature_request_id" TEXT;

-- CreateIndex
CREATE INDEX "activity_logs_firm_id_signature_request_id_idx" ON "activity_logs"("firm_id", "signature_request_id");
