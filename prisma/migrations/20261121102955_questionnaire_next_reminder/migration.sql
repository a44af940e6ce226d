-- AlterTable
ALTER TABLE "questionnaires" ADD COLUMN     "next_reminder_date" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "questionnaires_firm_id_next_reminder_date_idx" ON "questionnaires"("firm_id", "next_reminder_date");

-- Hand-written: automatic questionnaire reminders.
--
-- A periodic job (app/reminders/jobs.server.ts) finds the firms with a reminder due before it
-- knows any firm, through a SECURITY DEFINER function that returns only firm ids; each firm's
-- rows are then claimed in that firm's scope (FOR UPDATE SKIP LOCKED).

-- Due rows only: the job reads a small index, however many questionnaires exist.
CREATE INDEX "questionnaires_next_reminder_date_due_idx" ON "questionnaires" ("next_reminder_date") WHERE "next_reminder_date" IS NOT NULL;

-- The owner (the function's definer) may read questionnaires with a reminder scheduled, nothing
-- else; portal_app gains nothing.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY reminder_sweep ON "questionnaires" FOR SELECT TO %I USING ("next_reminder_date" IS NOT NULL)', current_user);
END
$$;

-- Firms with a reminder due at or before p_due_before (at most now), at most p_limit (1..1000).
CREATE FUNCTION portal_due_reminder_firms(p_due_before timestamptz, p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT q.firm_id
      FROM questionnaires q
     WHERE q.next_reminder_date IS NOT NULL AND q.next_reminder_date <= least(coalesce(p_due_before, now()), now())
     GROUP BY q.firm_id
     ORDER BY min(q.next_reminder_date), q.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_reminder_firms(timestamptz, integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_reminder_firms(timestamptz, integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_reminder_firms(timestamptz, integer) TO portal_app;
END
$$;

-- Existing questionnaires: the next reminder by the rule of app/reminders/rules.ts
-- (nextReminderDate), across firms: row-level security is lifted for the owner for this statement
-- only (a no-op for a superuser owner), inside the migration's transaction. Last reminder (or sending) + the firm's frequency, at least 3 days before
-- due and not before earliest_remind_date, at 10:00 UTC; none when disabled or not eligible.
ALTER TABLE "questionnaires" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" NO FORCE ROW LEVEL SECURITY;
UPDATE "questionnaires" q
   SET "next_reminder_date" = (greatest(
         (coalesce(q."last_reminded_at", q."sent_at") AT TIME ZONE 'UTC')::date + f."questionnaire_reminder_frequency_days",
         coalesce(q."due_date" - 3, '-infinity'::date),
         coalesce(q."earliest_remind_date", '-infinity'::date)
       )::timestamp + interval '10 hours') AT TIME ZONE 'UTC'
  FROM "firms" f, "companies" c
 WHERE f."id" = q."firm_id" AND c."firm_id" = q."firm_id" AND c."id" = q."company_id"
   AND f."questionnaire_reminder_frequency_days" > 0
   AND NOT q."reminders_disabled" AND q."deleted_at" IS NULL AND NOT q."is_draft" AND q."sent_at" IS NOT NULL
   AND NOT q."locked" AND NOT q."completed" AND NOT c."inactive" AND c."deleted_at" IS NULL;
ALTER TABLE "questionnaires" FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
