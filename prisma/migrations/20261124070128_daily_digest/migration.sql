-- AlterTable
ALTER TABLE "users" ADD COLUMN     "daily_digest_sent_on" DATE;

-- Firms with a user who asked for the daily notification digest (the digest job lists them
-- across firms, then works each firm in its own scope), returning only firm ids.
-- FORCE ROW LEVEL SECURITY applies to the owner too: the owner (the function's definer) may read
-- the users who asked for the digest, and nothing else (a superuser owner bypasses this anyway).
-- portal_app gains nothing: the policy is for the owner only.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY daily_digest ON "users" FOR SELECT TO %I USING ("daily_notification_enabled" AND "deleted_at" IS NULL)', current_user);
END
$$;

CREATE FUNCTION portal_daily_digest_firms(p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT u.firm_id
      FROM users u
     WHERE u.daily_notification_enabled AND u.deleted_at IS NULL
     GROUP BY u.firm_id
     ORDER BY u.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 10000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_daily_digest_firms(integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_daily_digest_firms(integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_daily_digest_firms(integer) TO portal_app;
END
$$;
