-- Collect (the staff questionnaire table) at size: the first page in its default order
-- (last activity, newest first) and in the questionnaire ordering rule (unlocked, completed,
-- locked, then due date) is read from an index in order instead of sorting every live
-- questionnaire of the firm; the year filter and the capped count use a narrow index.
-- Partial on live rows: deleted questionnaires are listed only under "Deleted only".
CREATE INDEX "questionnaires_collect_last_activity_idx"
  ON "questionnaires" ("firm_id", "last_activity_at" DESC NULLS LAST, "created_at" DESC, "id" DESC)
  WHERE "deleted_at" IS NULL;

CREATE INDEX "questionnaires_collect_ordering_idx"
  ON "questionnaires" ("firm_id", (CASE WHEN "locked" THEN 2 WHEN "completed" THEN 1 ELSE 0 END), "due_date")
  WHERE "deleted_at" IS NULL;

CREATE INDEX "questionnaires_collect_year_idx"
  ON "questionnaires" ("firm_id", "tax_year")
  WHERE "deleted_at" IS NULL;

-- The few entities whose questionnaires Collect leaves out (deleted, or the hidden drop-link entity).
CREATE INDEX "companies_collect_excluded_idx"
  ON "companies" ("firm_id", "id")
  WHERE "deleted_at" IS NOT NULL OR "entity_type" = 'drop_link';
