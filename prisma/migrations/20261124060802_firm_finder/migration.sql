-- Hand-written migration: "Sign in" on the root domain finds a person's firms by email.
--
-- Someone who doesn't know their firm's address gives their email on the root site; each firm
-- where that email is an active user emails them the link to its sign-in page. The root site
-- knows no firm, so, like the host look-ups of the init migration, the look-up goes through a
-- SECURITY DEFINER function, and it returns only (firm_id, user_id): the app then works in each
-- firm's own scope, and answers the visitor the same whatever it found.

-- FORCE ROW LEVEL SECURITY applies to the owner too: the owner (the function's definer) may read
-- the active users of every firm, and nothing else (a superuser owner bypasses this anyway).
-- portal_app gains nothing: the policy is for the owner only.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY firm_finder ON "users" FOR SELECT TO %I USING ("deleted_at" IS NULL AND "paying" AND "email" IS NOT NULL)', current_user);
END
$$;

-- The firms (at most 20) where p_email is an active user's email, with that user.
CREATE FUNCTION portal_firm_users_by_email(p_email text) RETURNS TABLE (firm_id text, user_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT u.firm_id, u.id
      FROM users u
     WHERE u.email = lower(trim(p_email)) AND u.deleted_at IS NULL AND u.paying
     ORDER BY u.firm_id
     LIMIT 20
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_firm_users_by_email(text) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_firm_users_by_email(text) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_firm_users_by_email(text) TO portal_app;
END
$$;
