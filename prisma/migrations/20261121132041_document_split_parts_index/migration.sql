-- CreateIndex
CREATE INDEX "documents_firm_id_extracted_document_id_idx" ON "documents"("firm_id", "extracted_document_id");
