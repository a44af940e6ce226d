-- AlterTable
ALTER TABLE "users" ADD COLUMN     "contact_confirmed_at" TIMESTAMPTZ(3),
ADD COLUMN     "first_failed_sign_in_at" TIMESTAMPTZ(3),
ADD COLUMN     "pending_email" TEXT;

-- AlterTable
ALTER TABLE "activity_logs" ADD COLUMN     "ip_address" TEXT,
ADD COLUMN     "user_id" TEXT;

-- AlterTable
ALTER TABLE "sign_in_tokens" ADD COLUMN     "attempt_hash" TEXT;

-- CreateTable
CREATE TABLE "rate_limits" (
    "firm_id" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("firm_id","bucket","window_start")
);

-- CreateIndex
CREATE INDEX "rate_limits_firm_id_window_start_idx" ON "rate_limits"("firm_id", "window_start");

-- AddForeignKey
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: rate_limits
GRANT SELECT, INSERT, UPDATE, DELETE ON "rate_limits" TO portal_app;
ALTER TABLE "rate_limits" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "rate_limits" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "rate_limits" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));
