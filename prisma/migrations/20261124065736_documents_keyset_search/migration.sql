-- Hand-written migration: an entity's documents (the document browser, staff and client) are
-- listed and searched from indexes under row-level security, a deep page by keyset costing what
-- the first one does (measured with scripts/bench/documents.ts).
--
-- A folder lists its folders first, then its files, each by name. The order "folders first" is a
-- stored smallint (0 a folder, 1 a file): enum comparisons are not LEAKPROOF, so under row-level
-- security a condition on item_type never runs inside an index scan, while one on a smallint (and
-- on text) does. A page after (or before) a row is then one range of the folder's index:
-- (list_order, name, id) > (the row's), read from where it starts.
-- The search (a document's or folder's name, ILIKE a bound pattern; texticlike is LEAKPROOF since
-- migration staff_search_trigram) reads a trigram index leading with firm_id and company_id, so an
-- entity's search never visits another entity's (or firm's) matches.
-- The column is not in schema.prisma: only hand-written SQL reads it (app/documents/listing.server.ts).

ALTER TABLE "documents" ADD COLUMN "list_order" smallint GENERATED ALWAYS AS (CASE WHEN "item_type" = 'folder' THEN 0 ELSE 1 END) STORED;

CREATE INDEX "documents_folder_list_idx" ON "documents" ("firm_id", "company_id", "path", "list_order", "name", "id") WHERE "deleted_at" IS NULL;

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("firm_id", "company_id", "name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
