-- CreateEnum
CREATE TYPE "CardPaymentKind" AS ENUM ('deposit', 'invoice');

-- CreateEnum
CREATE TYPE "CardPaymentStatus" AS ENUM ('open', 'paid', 'expired');

-- AlterTable
ALTER TABLE "firms" ADD COLUMN     "stripe_account_id" TEXT;

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "stripe_event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "object_id" TEXT,
    "payload" JSONB NOT NULL,
    "outcome" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_payments" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "kind" "CardPaymentKind" NOT NULL,
    "questionnaire_id" TEXT,
    "tax_return_id" TEXT,
    "checkout_session_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" "CardPaymentStatus" NOT NULL DEFAULT 'open',
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),

    CONSTRAINT "card_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "stripe_events_stripe_event_id_key" ON "stripe_events"("stripe_event_id");

-- CreateIndex
CREATE INDEX "stripe_events_firm_id_received_at_idx" ON "stripe_events"("firm_id", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "card_payments_checkout_session_id_key" ON "card_payments"("checkout_session_id");

-- CreateIndex
CREATE INDEX "card_payments_firm_id_questionnaire_id_idx" ON "card_payments"("firm_id", "questionnaire_id");

-- CreateIndex
CREATE INDEX "card_payments_firm_id_tax_return_id_idx" ON "card_payments"("firm_id", "tax_return_id");

-- CreateIndex
CREATE UNIQUE INDEX "firms_stripe_account_id_key" ON "firms"("stripe_account_id");

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: stripe_events
GRANT SELECT, INSERT, UPDATE, DELETE ON "stripe_events" TO portal_app;
ALTER TABLE "stripe_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "stripe_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "stripe_events" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: card_payments
GRANT SELECT, INSERT, UPDATE, DELETE ON "card_payments" TO portal_app;
ALTER TABLE "card_payments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "card_payments" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "card_payments" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- ─── Hand-written: foreign keys (plain columns in the schema) ───
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_questionnaire_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_tax_return_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Hand-written: the firm of a connected Stripe account (webhooks arrive on the root site) ───
CREATE FUNCTION portal_firm_by_stripe_account(p_account text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$ SELECT id FROM firms WHERE stripe_account_id = p_account $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_firm_by_stripe_account(text) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_firm_by_stripe_account(text) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_firm_by_stripe_account(text) TO portal_app;
END
$$;
