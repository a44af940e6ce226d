-- AlterTable
ALTER TABLE "users" ADD COLUMN     "advisor_sort_fname" TEXT,
ADD COLUMN     "advisor_sort_lname" TEXT;

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "owner_sort_fname" TEXT,
ADD COLUMN     "owner_sort_lname" TEXT;

-- Hand-written: the Users table's sort by assigned advisor and the Entities table's sort by
-- primary owner (app/staff/tables.ts) read an index instead of ordering the whole firm by a joined
-- name (scripts/bench/staff-tables.ts: p95 about 90 ms for a 25,000-user firm). Each row carries
-- its advisor's (owner's) lower-cased last and first names, NULL when there is none, kept current
-- by triggers: when the advisor (owner) is set or changed, and when that person's name changes.
-- Triggers run as the writer, so under row-level security they see and change only the writer's
-- firm; the person and the rows pointing at them always share it (composite foreign keys). The
-- person's row is read without a lock: FOR SHARE would conflict with the updates of that person
-- which the same transactions make (creating an entity updates its owner), and deadlock two of
-- them. So a rename committed while a row is being pointed at that person can leave the row with
-- the former name until either changes again (the sort only; the names shown are read live).

CREATE FUNCTION users_own_advisor_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assigned_advisor_id IS NULL THEN
    NEW.advisor_sort_lname := NULL;
    NEW.advisor_sort_fname := NULL;
  ELSE
    SELECT lower(a.lname), lower(a.fname) INTO NEW.advisor_sort_lname, NEW.advisor_sort_fname
      FROM users a WHERE a.firm_id = NEW.firm_id AND a.id = NEW.assigned_advisor_id;
  END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION companies_own_owner_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.primary_owner_id IS NULL THEN
    NEW.owner_sort_lname := NULL;
    NEW.owner_sort_fname := NULL;
  ELSE
    SELECT lower(o.lname), lower(o.fname) INTO NEW.owner_sort_lname, NEW.owner_sort_fname
      FROM users o WHERE o.firm_id = NEW.firm_id AND o.id = NEW.primary_owner_id;
  END IF;
  RETURN NEW;
END $$;

-- A person renamed: the clients they advise and the entities they own follow.
CREATE FUNCTION users_renamed_sort_keys() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET advisor_sort_lname = lower(NEW.lname), advisor_sort_fname = lower(NEW.fname)
   WHERE firm_id = NEW.firm_id AND assigned_advisor_id = NEW.id
     AND (advisor_sort_lname IS DISTINCT FROM lower(NEW.lname) OR advisor_sort_fname IS DISTINCT FROM lower(NEW.fname));
  UPDATE companies SET owner_sort_lname = lower(NEW.lname), owner_sort_fname = lower(NEW.fname)
   WHERE firm_id = NEW.firm_id AND primary_owner_id = NEW.id
     AND (owner_sort_lname IS DISTINCT FROM lower(NEW.lname) OR owner_sort_fname IS DISTINCT FROM lower(NEW.fname));
  RETURN NULL;
END $$;

CREATE TRIGGER users_advisor_sort_key BEFORE INSERT OR UPDATE OF assigned_advisor_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_own_advisor_sort_key();
CREATE TRIGGER companies_owner_sort_key BEFORE INSERT OR UPDATE OF primary_owner_id ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_own_owner_sort_key();
CREATE TRIGGER users_renamed_sort_keys AFTER UPDATE OF fname, lname ON users
  FOR EACH ROW WHEN (OLD.fname IS DISTINCT FROM NEW.fname OR OLD.lname IS DISTINCT FROM NEW.lname)
  EXECUTE FUNCTION users_renamed_sort_keys();

-- The existing rows. The tables' owner runs this, and row-level security is forced on them, so it
-- is lifted for the backfill only (as in migration questionnaire_next_reminder): otherwise an
-- owner that is not a superuser would see, and update, no row at all.
ALTER TABLE "users" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" NO FORCE ROW LEVEL SECURITY;
UPDATE users u SET advisor_sort_lname = lower(a.lname), advisor_sort_fname = lower(a.fname)
  FROM users a WHERE a.firm_id = u.firm_id AND a.id = u.assigned_advisor_id;
UPDATE companies c SET owner_sort_lname = lower(o.lname), owner_sort_fname = lower(o.fname)
  FROM users o WHERE o.firm_id = c.firm_id AND o.id = c.primary_owner_id;
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;

-- The same gap in migration deliver_sort_keys: its backfill of the tax returns' signature and
-- payments sort keys saw no row under a non-superuser owner. Done again here, under the same lift
-- (the keys' functions read the forms, signatures and vouchers).
ALTER TABLE "tax_returns" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_forms" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_form_signatures" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "payment_vouchers" NO FORCE ROW LEVEL SECURITY;
UPDATE tax_returns t SET signature_sort_key = tax_return_signature_sort_key(t.id),
                         payments_sort_key = tax_return_payments_sort_key(t.id, t.invoice_amount_cents, t.invoice_paid)
 WHERE t.signature_sort_key IS DISTINCT FROM tax_return_signature_sort_key(t.id)
    OR t.payments_sort_key IS DISTINCT FROM tax_return_payments_sort_key(t.id, t.invoice_amount_cents, t.invoice_paid);
ALTER TABLE "tax_returns" FORCE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_forms" FORCE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_form_signatures" FORCE ROW LEVEL SECURITY;
ALTER TABLE "payment_vouchers" FORCE ROW LEVEL SECURITY;

-- Unassigned (unowned) rows come last in both directions, so each direction has its index.
CREATE INDEX "users_firm_clients_advisor_idx" ON "users" ("firm_id", "advisor_sort_lname" ASC NULLS LAST, "advisor_sort_fname", "id")
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
CREATE INDEX "users_firm_clients_advisor_desc_idx" ON "users" ("firm_id", "advisor_sort_lname" DESC NULLS LAST, "advisor_sort_fname" DESC, "id" DESC)
  WHERE "kind" = 'client' AND "deleted_at" IS NULL;
CREATE INDEX "companies_firm_live_owner_idx" ON "companies" ("firm_id", "owner_sort_lname" ASC NULLS LAST, "owner_sort_fname", "id")
  WHERE "deleted_at" IS NULL;
CREATE INDEX "companies_firm_live_owner_desc_idx" ON "companies" ("firm_id", "owner_sort_lname" DESC NULLS LAST, "owner_sort_fname" DESC, "id" DESC)
  WHERE "deleted_at" IS NULL;
