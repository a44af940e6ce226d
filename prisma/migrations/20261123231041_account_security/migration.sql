-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "SignInTokenPurpose" ADD VALUE 'phone_verification';
ALTER TYPE "SignInTokenPurpose" ADD VALUE 'reauth_code';

-- AlterTable
ALTER TABLE "sign_in_tokens" ADD COLUMN     "destination" TEXT,
ADD COLUMN     "request_ip" TEXT;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "reauthenticated_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "pending_sign_ups" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "fname" TEXT NOT NULL,
    "lname" TEXT NOT NULL,
    "template_hash_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "request_ip" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_sign_ups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_sign_ups_firm_id_email_idx" ON "pending_sign_ups"("firm_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "pending_sign_ups_firm_id_token_hash_key" ON "pending_sign_ups"("firm_id", "token_hash");

-- AddForeignKey
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: pending_sign_ups
GRANT SELECT, INSERT, UPDATE, DELETE ON "pending_sign_ups" TO portal_app;
ALTER TABLE "pending_sign_ups" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "pending_sign_ups" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "pending_sign_ups" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));
