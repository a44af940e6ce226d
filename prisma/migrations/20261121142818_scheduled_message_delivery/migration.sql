-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "scheduled_pending" BOOLEAN NOT NULL DEFAULT false;

-- Hand-written: scheduled messages are announced when their time comes.
--
-- A periodic job (app/inbox/scheduled.server.ts) finds the firms with a scheduled message due
-- through a SECURITY DEFINER function that returns only firm ids; each firm's messages are then
-- claimed in that firm's scope (FOR UPDATE SKIP LOCKED).

-- Pending rows only: the job reads a small index, however many messages exist.
CREATE INDEX "messages_scheduled_pending_idx" ON "messages" ("scheduled_at") WHERE "scheduled_pending";

-- The owner (the function's definer) may read pending scheduled messages, nothing else;
-- portal_app gains nothing.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY scheduled_message_sweep ON "messages" FOR SELECT TO %I USING ("scheduled_pending")', current_user);
END
$$;

-- Firms with a scheduled message due at or before now, at most p_limit (1..1000).
CREATE FUNCTION portal_due_scheduled_message_firms(p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT m.firm_id
      FROM messages m
     WHERE m.scheduled_pending AND m.scheduled_at <= now()
     GROUP BY m.firm_id
     ORDER BY min(m.scheduled_at), m.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_scheduled_message_firms(integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_scheduled_message_firms(integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_scheduled_message_firms(integer) TO portal_app;
END
$$;

-- Messages already scheduled for later are announced when their time comes (across firms: row-level
-- security is lifted for the owner for this statement only, inside the migration's transaction).
ALTER TABLE "messages" NO FORCE ROW LEVEL SECURITY;
UPDATE "messages" SET "scheduled_pending" = true WHERE "scheduled_at" > now() AND "deleted_at" IS NULL;
ALTER TABLE "messages" FORCE ROW LEVEL SECURITY;
