-- Hand-written migration: the outbox sweep.
--
-- Every minute a background job (app/messaging/jobs.server.ts) lists the queued messages that are
-- due across all firms and enqueues their delivery again: a process that crashed mid-delivery, a
-- job lost with its server, or a message recorded while no job queue was running. It needs the
-- messages of every firm before it knows any firm, so, like the host look-ups of the init
-- migration, it goes through a SECURITY DEFINER function that returns only (firm_id, id).

-- Queued rows only: the sweep reads a small index, however many messages were ever sent.
CREATE INDEX "outbound_messages_queued_next_attempt_at_idx" ON "outbound_messages" ("next_attempt_at") WHERE "status" = 'queued';

-- FORCE ROW LEVEL SECURITY applies to the owner too: the owner (the function's definer) may read
-- queued messages of every firm, and nothing else (a superuser owner bypasses this anyway).
-- portal_app gains nothing: the policy is for the owner only.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY outbox_sweep ON "outbound_messages" FOR SELECT TO %I USING ("status" = ''queued'')', current_user);
END
$$;

-- Queued messages due at or before p_due_before (at most now), oldest first, at most p_limit (1..1000).
CREATE FUNCTION portal_due_outbound_messages(p_due_before timestamptz, p_limit integer) RETURNS TABLE (firm_id text, id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT m.firm_id, m.id
      FROM outbound_messages m
     WHERE m.status = 'queued' AND m.next_attempt_at <= least(coalesce(p_due_before, now()), now())
     ORDER BY m.next_attempt_at, m.id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

-- Pin search_path to this schema (then pg_temp last), so nobody can shadow "outbound_messages".
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_outbound_messages(timestamptz, integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_outbound_messages(timestamptz, integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_outbound_messages(timestamptz, integer) TO portal_app;
END
$$;
