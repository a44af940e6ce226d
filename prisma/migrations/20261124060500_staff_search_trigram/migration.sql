-- Hand-written migration: searches in Collect, Users and Entities read trigram indexes under
-- row-level security (measured with scripts/bench/staff-tables.ts and scripts/bench/collect.ts).
--
-- Under row-level security the planner only runs a condition inside an index scan, ahead of the
-- policy, when every function in it is LEAKPROOF. ILIKE (texticlike) is not marked so, and neither
-- are || or coalesce, so a search scanned every row of the firm. Two changes make it indexable while
-- the policy stays the guard:
-- 1. texticlike is marked LEAKPROOF. It reveals nothing of its arguments: its only error is a
--    pattern ending with the escape character, and the app's patterns are always bound parameters
--    (likePattern in app/staff/tables.ts). Only a superuser may mark it; a database owner that is
--    not one skips it (searches stay correct, only slower).
-- 2. The searched text of a client user and of an entity is one stored generated column, so the
--    condition is a plain column ILIKE a parameter. Fields are joined by a unit separator (U+001F),
--    which a search never contains, so a match never spans two fields.
-- Each trigram index leads with firm_id (btree_gin): the policy's firm_id = current_setting(...) is
-- one of the index's conditions, so a small firm's search never visits a large firm's matches.
-- These columns are not in schema.prisma: only hand-written SQL reads them (app/staff/search.ts).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

DO $$
BEGIN
  ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'texticlike not marked LEAKPROOF (not a superuser): staff searches will not use their trigram indexes';
END
$$;

-- A client user: full name, preferred name, email and external user ID.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  "fname" || ' ' || "lname" || E'\x1f' || coalesce("preferred_name", '') || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("external_user_id", '')
) STORED;
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("firm_id", "search_text" gin_trgm_ops);
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("firm_id", "phone_number" gin_trgm_ops);

-- An entity: name, business email and external entity ID.
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  "name" || E'\x1f' || coalesce("business_email", '') || E'\x1f' || coalesce("external_entity_id", '')
) STORED;
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("firm_id", "search_text" gin_trgm_ops);

-- A questionnaire's name (Collect).
CREATE INDEX "questionnaires_name_trgm_idx" ON "questionnaires" USING gin ("firm_id", "name" gin_trgm_ops);
