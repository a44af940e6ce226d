-- Hand-written: files uploaded for a message that was never sent are removed after a day.
--
-- A periodic job (app/conversations/unsent-uploads.server.ts) finds the firms with files in an
-- entity's Messages folder uploaded before a cutoff through a SECURITY DEFINER function that
-- returns only firm ids; in each firm's own scope, the files on no message are then removed. FORCE ROW LEVEL SECURITY applies to the owner too: the owner (the function's definer)
-- may read the Messages folder's files, and nothing else; portal_app gains nothing.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY unsent_message_uploads ON "documents" FOR SELECT TO %I USING ("path" = ''/Messages'' AND "item_type" = ''file'')', current_user);
END
$$;

-- Firms with a Messages-folder file uploaded before p_before, at most p_limit (1..1000).
CREATE FUNCTION portal_message_upload_firms(p_before timestamptz, p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT d.firm_id
      FROM documents d
     WHERE d.path = '/Messages' AND d.item_type = 'file' AND d.created_at < p_before
     GROUP BY d.firm_id
     ORDER BY d.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_message_upload_firms(timestamptz, integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_message_upload_firms(timestamptz, integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_message_upload_firms(timestamptz, integer) TO portal_app;
END
$$;
