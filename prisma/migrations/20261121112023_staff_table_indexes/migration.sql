-- Hand-written migration: indexes for the staff Users and Entities tables (app/staff/tables.ts),
-- measured with scripts/bench/staff-tables.ts (a 25,000-user firm beside 50 small ones).
-- Expression, partial, INCLUDE and trigram indexes cannot be written in schema.prisma, so they
-- live here only. Every btree index leads with firm_id: the row-level security policy
-- (firm_id = current_setting('app.firm_id', true)) is the first index condition of every query.

-- ILIKE '%term%' searches use trigram indexes (pg_trgm is a trusted extension: the database owner
-- may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Users table: the listed rows are a firm's clients that are not deleted. The first page in the
-- default order (created) and the page count are read from this index alone; paying is included
-- for the Active filter.
CREATE INDEX "users_firm_clients_created_idx" ON "users" ("firm_id", "created_at", "id")
  INCLUDE ("paying") WHERE "kind" = 'client' AND "deleted_at" IS NULL;
-- Sort by name (lower(lname), lower(fname)) and by email.
CREATE INDEX "users_firm_clients_name_idx" ON "users" ("firm_id", lower("lname"), lower("fname"), "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
CREATE INDEX "users_firm_clients_email_idx" ON "users" ("firm_id", lower("email"), "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
-- Search: one multicolumn trigram index; each arm of the search's OR is a bitmap scan of it.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (
  "fname" gin_trgm_ops, "lname" gin_trgm_ops, (("fname" || ' ') || "lname") gin_trgm_ops,
  "preferred_name" gin_trgm_ops, "email" gin_trgm_ops, "phone_number" gin_trgm_ops
);

-- Entities table: a firm's entities that are not deleted, by created and by name; the columns the
-- filters and the count read are included.
CREATE INDEX "companies_firm_live_created_idx" ON "companies" ("firm_id", "created_at", "id")
  INCLUDE ("entity_type", "inactive", "readonly_access") WHERE "deleted_at" IS NULL;
CREATE INDEX "companies_firm_live_name_idx" ON "companies" ("firm_id", lower("name"), "id")
  INCLUDE ("entity_type", "inactive", "readonly_access") WHERE "deleted_at" IS NULL;
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops, "business_email" gin_trgm_ops);
