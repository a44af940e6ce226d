-- Hand-written migration: Collect's next and previous pages in its default order (last activity,
-- newest first, none last) read from where they start, for group-access staff and filtered views
-- too (measured with scripts/bench/collect.ts: a group-access advisor's page 100 of "in progress"
-- scanned some 80,000 index entries up to the cursor).
--
-- Ordered by last_activity_at NULLS LAST, the rows after a page's last row were "earlier, or none":
-- an OR the planner cannot turn into a range of an index, so a deep page read the index from its
-- start. The sort key is now one expression without NULLs: no last activity reads as a time before
-- every other ('-infinity'; ascending, 'infinity', app/collect/overview/table.ts), which orders the
-- rows exactly as before, and "after the cursor" is one range of this index. CASE and IS NULL run
-- inside an index scan under row-level security (no function in them can leak), unlike coalesce.
-- It replaces the index of migration collect_indexes on the bare column, which nothing else reads.
CREATE INDEX "questionnaires_collect_activity_idx"
  ON "questionnaires" ("firm_id", (CASE WHEN "last_activity_at" IS NULL THEN '-infinity'::timestamptz ELSE "last_activity_at" END) DESC, "created_at" DESC, "id" DESC)
  WHERE "deleted_at" IS NULL;

DROP INDEX "questionnaires_collect_last_activity_idx";
