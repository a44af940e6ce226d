/** The Deliver table's pure parts: its state → SQL (sorts from a whitelist, counts joined only for their sort), rows and row actions. */
import { describe, expect, it } from "vitest";
import { defaultState, readTableState } from "~/components/data-table/state";
import { rowActions, toTaxReturnRow, type RawTaxReturnRow } from "~/deliver/table/rows";
import { classificationUrl, statusTone, TAX_RETURNS_TABLE, taxReturnsQuery } from "~/deliver/table/table";
import { paymentsSortNumber, signatureSortNumber } from "~/deliver/rules";

const partner = { id: "u1", firmAccess: "partner" as const, firmGroupId: null };
const state = (search: string) => readTableState(new URLSearchParams(search), null, TAX_RETURNS_TABLE);

describe("taxReturnsQuery", () => {
  it("defaults to updated_at descending (spec §9) over returns and entities not deleted", () => {
    const q = taxReturnsQuery(defaultState(TAX_RETURNS_TABLE), partner);
    expect(q.orderBy).toBe("t.updated_at DESC, t.id DESC");
    expect(q.where).toBe("t.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM companies x WHERE x.id = t.company_id AND x.deleted_at IS NOT NULL)");
    expect(q.countFrom).toBe("FROM tax_returns t");
    expect(q.from).not.toMatch(/e_sign|payment_vouchers/);
  });

  it("sorts signatures and payments by each return's kept sort key (an index), then the newest change", () => {
    const sig = taxReturnsQuery(state("?sort=signatures&dir=asc"), partner);
    expect(sig.from).not.toContain("e_sign_form_signatures");
    expect(sig.orderBy).toBe("t.signature_sort_key ASC, t.updated_at ASC, t.id ASC");
    const pay = taxReturnsQuery(state("?sort=payments&dir=desc"), partner);
    expect(pay.from).not.toContain("payment_vouchers");
    expect(pay.orderBy).toBe("t.payments_sort_key DESC, t.updated_at DESC, t.id DESC");
    expect(taxReturnsQuery(state("?sort=reminder_disabled&dir=asc"), partner).orderBy).toMatch(/^t\.reminder_disabled ASC NULLS LAST/);
  });

  it("numbers the sort keys so one number orders as the spec's tuple", () => {
    const keys: [number, number, number][] = [
      [0, 0, 0],
      [0, 1, 0],
      [0, 2, 1],
      [0, 3, 0],
      [1, 1, 1],
      [1, 2, 2],
    ];
    const numbers = keys.map(signatureSortNumber);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(paymentsSortNumber([0, 5])).toBeLessThan(paymentsSortNumber([1, 0]));
    expect(paymentsSortNumber([1, 1])).toBeGreaterThan(paymentsSortNumber([1, 0]));
  });

  it("never puts the request's sort in SQL, and binds every filter value", () => {
    const q = taxReturnsQuery(state("?sort=t.id;drop&dir=asc&q=Rivera%27&year=2025&year=abc&status=sent&status=nope&reminder=off"), partner);
    expect(q.orderBy).toBe("t.updated_at ASC, t.id ASC");
    expect(q.values).toEqual(["%Rivera'%", [2025], ["sent"]]);
    expect(q.where).toContain("t.reminder_disabled");
    expect(q.where).not.toContain("Rivera");
  });

  it("narrows group-access staff to their group's entities", () => {
    const q = taxReturnsQuery(defaultState(TAX_RETURNS_TABLE), { id: "u2", firmAccess: "group", firmGroupId: "g1" });
    expect(q.where).toContain("vo.firm_group_id");
    expect(q.values).toEqual(["g1"]);
  });
});

const raw = (over: Partial<RawTaxReturnRow> = {}): RawTaxReturnRow => ({
  id: "tr1",
  companyId: "c1",
  companyHash: "h1",
  companyName: "Rivera",
  taxYear: 2025,
  taxReturnName: "2025 Form 1040",
  status: "sent",
  draftStatus: null,
  draftComment: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  lastReminderSentAt: null,
  lastSignedAt: null,
  assignedAdvisor: null,
  assignedAdvisorId: null,
  reminderDisabled: false,
  invoiceAmountCents: null,
  invoicePaid: false,
  forms: [],
  vouchers: [],
  owners: [{ id: "u1", name: "Jordan Rivera" }],
  ...over,
});

describe("toTaxReturnRow", () => {
  it("takes the cells' texts from the rules and turns the reminder toggle off and disabled when all is signed and paid", () => {
    const row = toTaxReturnRow(
      raw({
        forms: [{ formId: "8879", wetSignaturesRequired: false, signatures: [{ signerName: "Jordan Rivera", signed: false, wetSignature: false }] }],
        vouchers: [{ id: "v1", voucherId: "1040-V", amountCents: 100, isPaid: true, isDueAsap: true, dueDate: null }],
      }),
    );
    expect(row.signatures.text).toBe("1 signature(s) still needed on these forms");
    expect(row.signatures.missing).toEqual(["Form 8879 - IRS e-file Signature Authorization (Jordan Rivera)"]);
    expect(row.payments.text).toBe("All tax payments completed");
    expect(row.reminder).toEqual({ on: true, disabled: false });
    const done = toTaxReturnRow(
      raw({ forms: [{ formId: "8879", wetSignaturesRequired: false, signatures: [{ signerName: "J", signed: true, wetSignature: false }] }] }),
    );
    expect(done.reminder).toEqual({ on: false, disabled: true });
    expect(toTaxReturnRow(raw({ forms: null, vouchers: null, owners: null })).owners).toEqual([]);
  });
});

describe("rowActions", () => {
  const row = (over: Partial<RawTaxReturnRow>) => toTaxReturnRow(raw(over));
  it("hides most actions of action_required rows and all of a return being sent", () => {
    expect(rowActions(row({ status: "action_required" }), true)).toEqual(["classify", "delete"]);
    expect(rowActions(row({ status: "processing" }), true)).toEqual(["delete"]);
    expect(rowActions(row({ status: "sending" }), true)).toEqual([]);
  });

  it("offers the draft dialog for drafts, vouchers only when there are some, assignments only to who may assign", () => {
    const file = ["download", "download_all_pages", "documents", "activity"];
    expect(rowActions(row({ status: "change_requested" }), false)).toEqual(["draft", "finish", ...file, "delete"]);
    const withVouchers = row({ vouchers: [{ id: "v", voucherId: "1040-V", amountCents: 1, isPaid: false, isDueAsap: false, dueDate: null }] });
    expect(rowActions(withVouchers, true)).toEqual(["finish", "reminders", "vouchers", "assignments", ...file, "delete"]);
    expect(rowActions(row({ status: "finished" }), true)).toEqual(["assignments", ...file, "delete"]);
  });

  it("offers the signature pages download only when forms were marked, and no copy to documents of an unreadable file", () => {
    const forms = [{ formId: "8879", wetSignaturesRequired: false, signatures: [{ signerName: "Jordan Rivera", signed: true, wetSignature: false }] }];
    expect(rowActions(row({ status: "signed", forms }), false)).toEqual([
      "finish",
      "download",
      "download_signature_pages",
      "download_all_pages",
      "documents",
      "activity",
      "delete",
    ]);
    expect(rowActions(row({ status: "error" }), false)).not.toContain("documents");
    expect(rowActions(row({ status: "error" }), false)).toContain("activity");
  });
});

describe("display", () => {
  it("colours statuses by who acts next and links classification with the entity", () => {
    expect(statusTone("action_required")).toBe("warning");
    expect(statusTone("sent")).toBe("info");
    expect(statusTone("finished")).toBe("success");
    expect(statusTone("error")).toBe("danger");
    expect(classificationUrl({ id: "tr 1", companyId: "c1" })).toBe("/tax-return-delivery-admin-view/tr%201?companyId=c1");
  });
});
