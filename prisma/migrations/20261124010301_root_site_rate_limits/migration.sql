-- CreateTable
CREATE TABLE "root_site_rate_limits" (
    "bucket" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "root_site_rate_limits_pkey" PRIMARY KEY ("bucket","window_start")
);

-- The root site (firm sign-up) has no firm, so its counters can't live in rate_limits under
-- row-level security. The application role gets no grant on the table: it counts a hit through
-- this function, which also drops windows older than a day (the table stays a few rows).
CREATE FUNCTION portal_hit_root_site_rate_limit(p_bucket text, p_window_start timestamptz) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  AS $$
  DECLARE
    v_hits integer;
  BEGIN
    DELETE FROM root_site_rate_limits WHERE window_start < now() - interval '1 day';
    INSERT INTO root_site_rate_limits (bucket, window_start, hits) VALUES (left(p_bucket, 200), p_window_start, 1)
      ON CONFLICT (bucket, window_start) DO UPDATE SET hits = root_site_rate_limits.hits + 1
      RETURNING hits INTO v_hits;
    RETURN v_hits;
  END
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_hit_root_site_rate_limit(text, timestamptz) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_hit_root_site_rate_limit(text, timestamptz) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_hit_root_site_rate_limit(text, timestamptz) TO portal_app;
END
$$;
