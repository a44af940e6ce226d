-- AlterTable
ALTER TABLE "tax_returns" ADD COLUMN     "payments_sort_key" INTEGER NOT NULL DEFAULT 1000,
ADD COLUMN     "signature_sort_key" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "tax_returns_firm_id_signature_sort_key_updated_at_id_idx" ON "tax_returns"("firm_id", "signature_sort_key", "updated_at", "id");

-- CreateIndex
CREATE INDEX "tax_returns_firm_id_payments_sort_key_updated_at_id_idx" ON "tax_returns"("firm_id", "payments_sort_key", "updated_at", "id");

-- The Signature and Payments cells' sort keys (staff spec §9: 'signatures by all-signed, then
-- total, then done count; payments by completion then totals'), one number each so the table's
-- sorts read an index: signature = all-signed × 1,000,000 + total × 1,000 + done, payments =
-- all-paid × 1,000 + total (counts capped at 999). The same numbers as app/deliver/rules.ts
-- signatureSortNumber / paymentsSortNumber (a test holds them together). Kept current by triggers
-- wherever a cell's inputs change: forms, signatures, vouchers and the invoice.
CREATE FUNCTION tax_return_signature_sort_key(return_id TEXT) RETURNS INTEGER
LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN count(*) > 0 AND count(*) FILTER (WHERE done) = count(*) THEN 1000000 ELSE 0 END)
         + least(count(*), 999)::int * 1000 + least(count(*) FILTER (WHERE done), 999)::int
    FROM (SELECT CASE WHEN f.wet_signatures_required THEN s.wet_signature_key IS NOT NULL ELSE s.signature_data IS NOT NULL END AS done
            FROM e_sign_forms f JOIN e_sign_form_signatures s ON s.e_sign_form_id = f.id
           WHERE f.tax_return_id = return_id) x
$$;

CREATE FUNCTION tax_return_payments_sort_key(return_id TEXT, invoice_amount_cents INTEGER, invoice_paid BOOLEAN) RETURNS INTEGER
LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN paid = total THEN 1000 ELSE 0 END) + least(total, 999)
    FROM (SELECT count(v.id)::int + has_invoice AS total, (count(*) FILTER (WHERE v.is_paid))::int + (CASE WHEN invoice_paid THEN has_invoice ELSE 0 END) AS paid
            FROM (SELECT CASE WHEN COALESCE(invoice_amount_cents, 0) > 0 THEN 1 ELSE 0 END AS has_invoice) i
            LEFT JOIN payment_vouchers v ON v.tax_return_id = return_id
           GROUP BY has_invoice) x
$$;

CREATE FUNCTION tax_returns_refresh_signature_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  rid TEXT;
BEGIN
  IF TG_TABLE_NAME = 'e_sign_forms' THEN
    rid := COALESCE(NEW.tax_return_id, OLD.tax_return_id);
  ELSE
    SELECT f.tax_return_id INTO rid FROM e_sign_forms f WHERE f.id = COALESCE(NEW.e_sign_form_id, OLD.e_sign_form_id);
  END IF;
  IF rid IS NOT NULL THEN
    UPDATE tax_returns SET signature_sort_key = tax_return_signature_sort_key(rid)
     WHERE id = rid AND signature_sort_key IS DISTINCT FROM tax_return_signature_sort_key(rid);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION tax_returns_refresh_payments_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  rid TEXT := COALESCE(NEW.tax_return_id, OLD.tax_return_id);
BEGIN
  UPDATE tax_returns t SET payments_sort_key = tax_return_payments_sort_key(t.id, t.invoice_amount_cents, t.invoice_paid)
   WHERE t.id = rid AND t.payments_sort_key IS DISTINCT FROM tax_return_payments_sort_key(t.id, t.invoice_amount_cents, t.invoice_paid);
  RETURN NULL;
END $$;

CREATE FUNCTION tax_returns_own_payments_sort_key() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  NEW.payments_sort_key := tax_return_payments_sort_key(NEW.id, NEW.invoice_amount_cents, NEW.invoice_paid);
  RETURN NEW;
END $$;

CREATE TRIGGER e_sign_forms_signature_sort_key AFTER INSERT OR DELETE OR UPDATE OF wet_signatures_required, tax_return_id ON e_sign_forms
  FOR EACH ROW EXECUTE FUNCTION tax_returns_refresh_signature_sort_key();
CREATE TRIGGER e_sign_form_signatures_signature_sort_key AFTER INSERT OR DELETE OR UPDATE OF signature_data, wet_signature_key, e_sign_form_id ON e_sign_form_signatures
  FOR EACH ROW EXECUTE FUNCTION tax_returns_refresh_signature_sort_key();
CREATE TRIGGER payment_vouchers_payments_sort_key AFTER INSERT OR DELETE OR UPDATE OF is_paid, tax_return_id ON payment_vouchers
  FOR EACH ROW EXECUTE FUNCTION tax_returns_refresh_payments_sort_key();
CREATE TRIGGER tax_returns_payments_sort_key BEFORE INSERT OR UPDATE OF invoice_amount_cents, invoice_paid ON tax_returns
  FOR EACH ROW EXECUTE FUNCTION tax_returns_own_payments_sort_key();

UPDATE tax_returns SET signature_sort_key = tax_return_signature_sort_key(id),
                       payments_sort_key = tax_return_payments_sort_key(id, invoice_amount_cents, invoice_paid);
