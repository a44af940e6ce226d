-- AlterTable
ALTER TABLE "questionnaires" ADD COLUMN     "scheduled_run_on" DATE;

-- AlterTable
ALTER TABLE "template_schedulers" ADD COLUMN     "extra_questions" JSONB,
ADD COLUMN     "is_draft" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "questionnaires_firm_id_template_scheduler_id_company_id_sch_key" ON "questionnaires"("firm_id", "template_scheduler_id", "company_id", "scheduled_run_on");

-- Hand-written: the template scheduler sweep.
--
-- Every minute a background job (app/collect/send/jobs.server.ts) lists the active template
-- schedulers whose next run is due across all firms and enqueues that run. Like the outbox sweep it
-- needs them before it knows any firm, so it goes through a SECURITY DEFINER function that returns
-- only (firm_id, id, next_run_at).

CREATE INDEX "template_schedulers_active_next_run_at_idx" ON "template_schedulers" ("next_run_at") WHERE "active";

DO $$
BEGIN
  EXECUTE format('CREATE POLICY scheduler_sweep ON "template_schedulers" FOR SELECT TO %I USING ("active")', current_user);
END
$$;

-- Active schedulers due at or before now, oldest first, at most p_limit (1..1000).
CREATE FUNCTION portal_due_template_schedulers(p_limit integer) RETURNS TABLE (firm_id text, id text, next_run_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT s.firm_id, s.id, s.next_run_at
      FROM template_schedulers s
     WHERE s.active AND s.next_run_at <= now()
     ORDER BY s.next_run_at, s.id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_template_schedulers(integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_template_schedulers(integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_template_schedulers(integer) TO portal_app;
END
$$;
