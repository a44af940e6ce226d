-- AlterTable
ALTER TABLE "firm_preferences" ADD COLUMN     "tax_return_identity_verification_enabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "identity_verifications" ADD COLUMN     "status_event_at" TIMESTAMPTZ(3),
ADD COLUMN     "verified_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "identity_verifications_provider_session_id_key" ON "identity_verifications"("provider_session_id");
