-- Hand-written migration: Collect's count for a status filter (and for group-access staff, whose
-- visible entities are a semi-join on company_id) read from one index, without visiting the
-- questionnaires' rows (measured with scripts/bench/collect.ts: 'group access, in progress' counted
-- 6,252 of 100,000 questionnaires by reading all of them). The status flags lead, in the order the
-- status conditions test them (app/collect/overview/table.ts statusCondition), so each status is a
-- range of the index; the other filtered columns are included for an index-only scan.
CREATE INDEX "questionnaires_firm_status_idx" ON "questionnaires" ("firm_id", "locked", "completed", "is_draft", "in_progress", "company_id")
  INCLUDE ("opened_at", "due_date", "tax_year", "firm_custom_status_id")
  WHERE "deleted_at" IS NULL;
