-- Hand-written migration: the document browser (staff and client) with 25,000 files in one folder
-- (measured with scripts/bench/documents.ts).
--
-- What can be restored (deleted items, newest first, app/documents/listing.server.ts deletedItems)
-- is read from an index of the entity's deleted documents instead of every document of the firm (a
-- parallel scan of 100,000 rows on every staff page view, to find none). The same index answers
-- the query's "deleted together with a deleted folder" check (same entity, same deleted_at).
-- Partial: live documents, nearly all of them, are not in it.
CREATE INDEX "documents_deleted_idx" ON "documents" ("firm_id", "company_id", "deleted_at" DESC, "id") WHERE "deleted_at" IS NOT NULL;

-- A search's page in the browser's order (folders first, then by name, the id last; list_order of
-- migration documents_keyset_search) read from the entity's documents in that order, stopping at a
-- page of matches, instead of sorting every match: a search matching most of the entity ('statement'
-- in 25,000 statements) read and sorted them all for each page. The next page is one range of it
-- (keyset). A rare term still reads the trigram index (the planner's choice by its estimate).
CREATE INDEX "documents_entity_list_idx" ON "documents" ("firm_id", "company_id", "list_order", "name", "id") WHERE "deleted_at" IS NULL;
