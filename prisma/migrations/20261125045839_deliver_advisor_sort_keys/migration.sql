-- AlterTable
ALTER TABLE "tax_returns" ADD COLUMN     "advisor_sort_fname" TEXT,
ADD COLUMN     "advisor_sort_lname" TEXT;

-- Hand-written: Deliver's sort by Assigned advisor (app/deliver/table/table.ts) reads an index
-- instead of ordering every live return by a name two joins away, as Collect's does (migration
-- collect_advisor_sort_keys, whose comments hold here too): each return carries its entity owner's
-- advisor sort key, kept by triggers when the return is made or moved to another entity, when
-- the entity's primary owner changes, and when the owner's key changes.

CREATE FUNCTION tax_returns_own_advisor_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.advisor_sort_lname, o.advisor_sort_fname INTO NEW.advisor_sort_lname, NEW.advisor_sort_fname
    FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
   WHERE c.firm_id = NEW.firm_id AND c.id = NEW.company_id;
  RETURN NEW;
END $$;

CREATE FUNCTION companies_owner_deliver_sort_keys() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  lname text;
  fname text;
BEGIN
  SELECT o.advisor_sort_lname, o.advisor_sort_fname INTO lname, fname
    FROM users o WHERE o.firm_id = NEW.firm_id AND o.id = NEW.primary_owner_id;
  UPDATE tax_returns SET advisor_sort_lname = lname, advisor_sort_fname = fname
   WHERE firm_id = NEW.firm_id AND company_id = NEW.id
     AND (advisor_sort_lname IS DISTINCT FROM lname OR advisor_sort_fname IS DISTINCT FROM fname);
  RETURN NULL;
END $$;

CREATE FUNCTION users_advisor_key_deliver_sort_keys() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tax_returns t SET advisor_sort_lname = NEW.advisor_sort_lname, advisor_sort_fname = NEW.advisor_sort_fname
    FROM companies c
   WHERE c.firm_id = NEW.firm_id AND c.primary_owner_id = NEW.id AND t.firm_id = c.firm_id AND t.company_id = c.id
     AND (t.advisor_sort_lname IS DISTINCT FROM NEW.advisor_sort_lname OR t.advisor_sort_fname IS DISTINCT FROM NEW.advisor_sort_fname);
  RETURN NULL;
END $$;

CREATE TRIGGER tax_returns_advisor_sort_key BEFORE INSERT OR UPDATE OF company_id ON tax_returns
  FOR EACH ROW EXECUTE FUNCTION tax_returns_own_advisor_sort_key();
CREATE TRIGGER companies_owner_deliver_sort_keys AFTER UPDATE OF primary_owner_id ON companies
  FOR EACH ROW WHEN (OLD.primary_owner_id IS DISTINCT FROM NEW.primary_owner_id)
  EXECUTE FUNCTION companies_owner_deliver_sort_keys();
CREATE TRIGGER users_advisor_key_deliver_sort_keys AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.advisor_sort_lname IS DISTINCT FROM NEW.advisor_sort_lname OR OLD.advisor_sort_fname IS DISTINCT FROM NEW.advisor_sort_fname)
  EXECUTE FUNCTION users_advisor_key_deliver_sort_keys();

ALTER TABLE "tax_returns" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "users" NO FORCE ROW LEVEL SECURITY;
UPDATE tax_returns t SET advisor_sort_lname = o.advisor_sort_lname, advisor_sort_fname = o.advisor_sort_fname
  FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
 WHERE c.firm_id = t.firm_id AND c.id = t.company_id AND o.advisor_sort_lname IS NOT NULL;
ALTER TABLE "tax_returns" FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;

-- Live returns in Deliver's order: no advisor last in both directions, then updated_at and id.
CREATE INDEX "tax_returns_deliver_advisor_idx"
  ON "tax_returns" ("firm_id", "advisor_sort_lname" ASC NULLS LAST, "advisor_sort_fname" ASC NULLS LAST, "updated_at" ASC, "id" ASC)
  WHERE "deleted_at" IS NULL;
CREATE INDEX "tax_returns_deliver_advisor_desc_idx"
  ON "tax_returns" ("firm_id", "advisor_sort_lname" DESC NULLS LAST, "advisor_sort_fname" DESC NULLS LAST, "updated_at" DESC, "id" DESC)
  WHERE "deleted_at" IS NULL;
