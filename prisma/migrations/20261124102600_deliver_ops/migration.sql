-- AlterTable
ALTER TABLE "firms" ADD COLUMN     "tax_return_reminder_frequency_days" INTEGER NOT NULL DEFAULT 7;

-- AlterTable
ALTER TABLE "firm_preferences" ADD COLUMN     "send_to_documents_message" TEXT,
ADD COLUMN     "send_to_documents_subject" TEXT;

-- Hand-written: automatic tax return reminders (app/deliver/reminders/).
--
-- Like questionnaire reminders: a periodic job finds the firms with a tax return reminder due
-- through a SECURITY DEFINER function that returns only firm ids, then claims each firm's rows in
-- that firm's scope (FOR UPDATE SKIP LOCKED). Returns sent for signature whose next reminder was
-- never scheduled (next_reminder_at null) are due too: the job schedules them.

CREATE INDEX "tax_returns_next_reminder_at_due_idx" ON "tax_returns" ("next_reminder_at") WHERE "next_reminder_at" IS NOT NULL;
CREATE INDEX "tax_returns_unscheduled_reminder_idx" ON "tax_returns" ("firm_id") WHERE "next_reminder_at" IS NULL AND "status" IN ('sent', 'signed') AND "deleted_at" IS NULL AND NOT "reminder_disabled";

-- The owner (the function's definer) may read the rows the function looks at, nothing else;
-- portal_app gains nothing.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY tax_return_reminder_sweep ON "tax_returns" FOR SELECT TO %I USING ("next_reminder_at" IS NOT NULL OR ("status" IN (''sent'', ''signed'') AND "deleted_at" IS NULL AND NOT "reminder_disabled"))', current_user);
END
$$;

-- Firms with a tax return reminder due at or before p_due_before (at most now), or with a return
-- waiting for signatures or payments and no reminder scheduled; at most p_limit (1..1000).
CREATE FUNCTION portal_due_tax_return_reminder_firms(p_due_before timestamptz, p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT t.firm_id
      FROM tax_returns t
     WHERE (t.next_reminder_at IS NOT NULL AND t.next_reminder_at <= least(coalesce(p_due_before, now()), now()))
        OR (t.next_reminder_at IS NULL AND t.status IN ('sent', 'signed') AND t.deleted_at IS NULL AND NOT t.reminder_disabled)
     GROUP BY t.firm_id
     ORDER BY min(coalesce(t.next_reminder_at, '-infinity'::timestamptz)), t.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_tax_return_reminder_firms(timestamptz, integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_tax_return_reminder_firms(timestamptz, integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_tax_return_reminder_firms(timestamptz, integer) TO portal_app;
END
$$;
