-- AlterTable
ALTER TABLE "questionnaires" ADD COLUMN     "advisor_sort_fname" TEXT,
ADD COLUMN     "advisor_sort_lname" TEXT;

-- Hand-written: Collect's sort by Assigned (app/collect/overview/table.ts) reads an index instead
-- of ordering every live questionnaire of the firm by a name two joins away (the entity's primary
-- owner's assigned advisor): scripts/bench/collect.ts measured about 450 ms a page for 100,000
-- questionnaires. Each questionnaire carries the owner's advisor sort key (users.advisor_sort_*,
-- migration staff_sort_keys), kept by triggers: when the questionnaire is made or moved to
-- another entity, when an entity's primary owner changes, and when the owner's key changes (their
-- advisor set, changed or renamed). As in staff_sort_keys, triggers run as the writer (inside its
-- firm under row-level security) and read the rows they copy from without a lock; a change
-- committed at the same moment can leave a key behind until either row changes again (the sort
-- only: the names shown are read live).

CREATE FUNCTION questionnaires_own_advisor_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  -- No entity owner (or no row): both NULL.
  SELECT o.advisor_sort_lname, o.advisor_sort_fname INTO NEW.advisor_sort_lname, NEW.advisor_sort_fname
    FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
   WHERE c.firm_id = NEW.firm_id AND c.id = NEW.company_id;
  RETURN NEW;
END $$;

-- An entity's primary owner changed: its questionnaires take the new owner's key.
CREATE FUNCTION companies_owner_collect_sort_keys() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  lname text;
  fname text;
BEGIN
  SELECT o.advisor_sort_lname, o.advisor_sort_fname INTO lname, fname
    FROM users o WHERE o.firm_id = NEW.firm_id AND o.id = NEW.primary_owner_id;
  UPDATE questionnaires SET advisor_sort_lname = lname, advisor_sort_fname = fname
   WHERE firm_id = NEW.firm_id AND company_id = NEW.id
     AND (advisor_sort_lname IS DISTINCT FROM lname OR advisor_sort_fname IS DISTINCT FROM fname);
  RETURN NULL;
END $$;

-- A person's advisor key changed (advisor set, changed or renamed): the questionnaires of the
-- entities they are the primary owner of follow.
CREATE FUNCTION users_advisor_key_collect_sort_keys() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questionnaires q SET advisor_sort_lname = NEW.advisor_sort_lname, advisor_sort_fname = NEW.advisor_sort_fname
    FROM companies c
   WHERE c.firm_id = NEW.firm_id AND c.primary_owner_id = NEW.id AND q.firm_id = c.firm_id AND q.company_id = c.id
     AND (q.advisor_sort_lname IS DISTINCT FROM NEW.advisor_sort_lname OR q.advisor_sort_fname IS DISTINCT FROM NEW.advisor_sort_fname);
  RETURN NULL;
END $$;

CREATE TRIGGER questionnaires_advisor_sort_key BEFORE INSERT OR UPDATE OF company_id ON questionnaires
  FOR EACH ROW EXECUTE FUNCTION questionnaires_own_advisor_sort_key();
CREATE TRIGGER companies_owner_collect_sort_keys AFTER UPDATE OF primary_owner_id ON companies
  FOR EACH ROW WHEN (OLD.primary_owner_id IS DISTINCT FROM NEW.primary_owner_id)
  EXECUTE FUNCTION companies_owner_collect_sort_keys();
-- Not "UPDATE OF advisor_sort_*": a key set by users' own BEFORE trigger (its advisor changed)
-- is not a column the UPDATE names, so the condition is on the values instead.
CREATE TRIGGER users_advisor_key_collect_sort_keys AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.advisor_sort_lname IS DISTINCT FROM NEW.advisor_sort_lname OR OLD.advisor_sort_fname IS DISTINCT FROM NEW.advisor_sort_fname)
  EXECUTE FUNCTION users_advisor_key_collect_sort_keys();

-- The existing rows, with row-level security lifted for the backfill only (the tables' owner may
-- not be a superuser; see migration staff_sort_keys).
ALTER TABLE "questionnaires" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "users" NO FORCE ROW LEVEL SECURITY;
UPDATE questionnaires q SET advisor_sort_lname = o.advisor_sort_lname, advisor_sort_fname = o.advisor_sort_fname
  FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
 WHERE c.firm_id = q.firm_id AND c.id = q.company_id AND o.advisor_sort_lname IS NOT NULL;
ALTER TABLE "questionnaires" FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;

-- Live questionnaires (Collect lists deleted ones only under "Deleted only"), in Collect's order:
-- no advisor last in both directions, then created_at and id as its tie-breakers.
CREATE INDEX "questionnaires_collect_advisor_idx"
  ON "questionnaires" ("firm_id", "advisor_sort_lname" ASC NULLS LAST, "advisor_sort_fname" ASC, "created_at" ASC, "id" ASC)
  WHERE "deleted_at" IS NULL;
CREATE INDEX "questionnaires_collect_advisor_desc_idx"
  ON "questionnaires" ("firm_id", "advisor_sort_lname" DESC NULLS LAST, "advisor_sort_fname" DESC, "created_at" DESC, "id" DESC)
  WHERE "deleted_at" IS NULL;
