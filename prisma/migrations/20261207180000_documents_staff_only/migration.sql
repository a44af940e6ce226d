-- Hand-written migration: whether a document's path, and its name, hold 'STAFF ONLY' (any case),
-- stored when the row is written (a folder renamed or moved rewrites its items' paths, and so
-- these) instead of matched again on every row a client's listing, search or Deleted list counts:
-- a client's search matching 25,000 documents spent a third of its time on those two matches
-- (measured with scripts/bench/documents.ts).
-- Clients never see what lies in a 'STAFF ONLY' folder or is one (app/documents/rules.ts,
-- isStaffOnlyPath); the queries that leave them out are in app/documents/listing.server.ts.
-- The columns are not in schema.prisma: only hand-written SQL reads them.

ALTER TABLE "documents"
  ADD COLUMN "path_staff_only" boolean GENERATED ALWAYS AS ("path" ILIKE '%STAFF ONLY%') STORED,
  ADD COLUMN "name_staff_only" boolean GENERATED ALWAYS AS ("name" ILIKE '%STAFF ONLY%') STORED;
