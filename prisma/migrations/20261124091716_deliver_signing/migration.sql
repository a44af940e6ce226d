-- CreateEnum
CREATE TYPE "SignerRole" AS ENUM ('taxpayer', 'spouse');

-- CreateEnum
CREATE TYPE "SignatureFieldKind" AS ENUM ('signature', 'date');

-- CreateEnum
CREATE TYPE "SignatureMethod" AS ENUM ('drawn', 'typed');

-- AlterTable
ALTER TABLE "tax_returns" ADD COLUMN     "approved_at" TIMESTAMPTZ(3),
ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "file_name" TEXT,
ADD COLUMN     "next_reminder_at" TIMESTAMPTZ(3),
ADD COLUMN     "outline" JSONB,
ADD COLUMN     "page_count" INTEGER,
ADD COLUMN     "processing_error" TEXT,
ADD COLUMN     "send_draft_for_approval" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "signed_file_key" TEXT,
ADD COLUMN     "signed_sha256" TEXT,
ADD COLUMN     "size_bytes" INTEGER,
ADD COLUMN     "unsigned_sha256" TEXT,
ADD COLUMN     "uploaded_by_id" TEXT;

-- AlterTable
ALTER TABLE "tax_return_signers" ADD COLUMN     "ip_address" TEXT,
ADD COLUMN     "method" "SignatureMethod",
ADD COLUMN     "role" "SignerRole" NOT NULL DEFAULT 'taxpayer',
ADD COLUMN     "signature_image_key" TEXT,
ADD COLUMN     "signature_request_id" TEXT,
ADD COLUMN     "signature_text" TEXT,
ADD COLUMN     "signed_at" TIMESTAMPTZ(3),
ADD COLUMN     "user_agent" TEXT,
ALTER COLUMN "tax_return_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "signature_requests" ADD COLUMN     "file_name" TEXT,
ADD COLUMN     "page_count" INTEGER,
ADD COLUMN     "processing_error" TEXT,
ADD COLUMN     "sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "signed_sha256" TEXT,
ADD COLUMN     "size_bytes" INTEGER,
ADD COLUMN     "unsigned_sha256" TEXT,
ADD COLUMN     "uploaded_by_id" TEXT;

-- CreateTable
CREATE TABLE "signature_fields" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "tax_return_id" TEXT,
    "e_sign_form_id" TEXT,
    "signature_request_id" TEXT,
    "signer_id" TEXT NOT NULL,
    "kind" "SignatureFieldKind" NOT NULL,
    "page" INTEGER NOT NULL,
    "x" DOUBLE PRECISION NOT NULL,
    "y" DOUBLE PRECISION NOT NULL,
    "width" DOUBLE PRECISION NOT NULL,
    "height" DOUBLE PRECISION NOT NULL,
    "filled_at" TIMESTAMPTZ(3),

    CONSTRAINT "signature_fields_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "signature_fields_firm_id_tax_return_id_idx" ON "signature_fields"("firm_id", "tax_return_id");

-- CreateIndex
CREATE INDEX "signature_fields_firm_id_signature_request_id_idx" ON "signature_fields"("firm_id", "signature_request_id");

-- CreateIndex
CREATE UNIQUE INDEX "signature_fields_firm_id_id_key" ON "signature_fields"("firm_id", "id");

-- CreateIndex
CREATE INDEX "tax_return_signers_firm_id_signature_request_id_idx" ON "tax_return_signers"("firm_id", "signature_request_id");

-- AddForeignKey
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_firm_id_signer_id_fkey" FOREIGN KEY ("firm_id", "signer_id") REFERENCES "tax_return_signers"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: signature_fields
GRANT SELECT, INSERT, UPDATE, DELETE ON "signature_fields" TO portal_app;
ALTER TABLE "signature_fields" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "signature_fields" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "signature_fields" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Foreign keys Prisma does not model as relations (see SignatureField in schema.prisma).
ALTER TABLE "tax_return_signers" ADD CONSTRAINT "tax_return_signers_firm_id_signature_request_id_fkey" FOREIGN KEY ("firm_id", "signature_request_id") REFERENCES "signature_requests"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_firm_id_e_sign_form_id_fkey" FOREIGN KEY ("firm_id", "e_sign_form_id") REFERENCES "e_sign_forms"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_firm_id_signature_request_id_fkey" FOREIGN KEY ("firm_id", "signature_request_id") REFERENCES "signature_requests"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A signer and a field belong to exactly one signing document: a tax return or a signature request.
ALTER TABLE "tax_return_signers" ADD CONSTRAINT "tax_return_signers_one_document" CHECK (num_nonnulls("tax_return_id", "signature_request_id") = 1);
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_one_document" CHECK (num_nonnulls("tax_return_id", "signature_request_id") = 1);
-- The Deliver table's default order (updated_at descending) for a firm's live returns.
CREATE INDEX "tax_returns_firm_live_updated_idx" ON "tax_returns" ("firm_id", "updated_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
