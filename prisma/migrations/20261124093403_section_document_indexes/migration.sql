-- CreateIndex
CREATE INDEX "sections_firm_id_document_id_idx" ON "sections"("firm_id", "document_id");

-- CreateIndex
CREATE INDEX "sections_firm_id_signed_document_id_idx" ON "sections"("firm_id", "signed_document_id");
