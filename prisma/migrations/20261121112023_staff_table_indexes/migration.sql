-- Hand-written migration: indexes for the staff Users and Entities tables (app/staff/tables.ts),
-- measured with scripts/bench/staff-tables.ts (a 25,000-user firm beside 50 small ones): the first
-- page in any of these orders is read from the index (10 rows) instead of sorting the whole firm.
-- Partial and expression indexes cannot be written in schema.prisma, so they live here only.
-- Each leads with firm_id: the row-level security policy (firm_id = current_setting('app.firm_id',
-- true)) is the first index condition of every query. No trigram index for the searches: under
-- row-level security the planner may not run a non-leakproof condition such as ILIKE inside an
-- index scan ahead of the policy, so it would never be used.

-- Users table: a firm's clients that are not deleted, by created (the default order), by name
-- (lower(lname), lower(fname)) and by email.
CREATE INDEX "users_firm_clients_created_idx" ON "users" ("firm_id", "created_at", "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
CREATE INDEX "users_firm_clients_name_idx" ON "users" ("firm_id", lower("lname"), lower("fname"), "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
CREATE INDEX "users_firm_clients_email_idx" ON "users" ("firm_id", lower("email"), "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;

-- Entities table: a firm's entities that are not deleted, by created (the default order) and by name.
CREATE INDEX "companies_firm_live_created_idx" ON "companies" ("firm_id", "created_at", "id")
  WHERE "deleted_at" IS NULL;
CREATE INDEX "companies_firm_live_name_idx" ON "companies" ("firm_id", lower("name"), "id")
  WHERE "deleted_at" IS NULL;
