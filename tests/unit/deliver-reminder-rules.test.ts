import { describe, expect, it } from "vitest";
import { nextTaxReturnReminderAt, owed, taxReturnReminderTexts } from "~/deliver/reminders/rules";

const base = { status: "sent" as const, deletedAt: null, reminderDisabled: false, sentAt: new Date("2026-03-02T15:30:00Z"), lastReminderSentAt: null };
const now = new Date("2026-03-05T12:00:00Z");

describe("nextTaxReturnReminderAt", () => {
  it("is the day of sending + the firm's frequency, at 10:00 UTC", () => {
    expect(nextTaxReturnReminderAt(base, 7, now)?.toISOString()).toBe("2026-03-09T10:00:00.000Z");
    expect(nextTaxReturnReminderAt(base, 3, now)?.toISOString()).toBe("2026-03-05T10:00:00.000Z");
  });
  it("counts from the last reminder once one was sent", () => {
    expect(nextTaxReturnReminderAt({ ...base, lastReminderSentAt: new Date("2026-03-20T23:59:00Z") }, 7, now)?.toISOString()).toBe("2026-03-27T10:00:00.000Z");
  });
  it("counts from now when the sending time is unknown", () => {
    expect(nextTaxReturnReminderAt({ ...base, sentAt: null }, 2, now)?.toISOString()).toBe("2026-03-07T10:00:00.000Z");
  });
  it("is null when reminders are off, the frequency is 0, or the return is not waiting for the client", () => {
    expect(nextTaxReturnReminderAt({ ...base, reminderDisabled: true }, 7, now)).toBeNull();
    expect(nextTaxReturnReminderAt(base, 0, now)).toBeNull();
    expect(nextTaxReturnReminderAt({ ...base, deletedAt: now }, 7, now)).toBeNull();
    for (const status of ["draft", "finished", "completed", "paid", "action_required"] as const)
      expect(nextTaxReturnReminderAt({ ...base, status }, 7, now)).toBeNull();
    for (const status of ["signed", "invoice_paid"] as const) expect(nextTaxReturnReminderAt({ ...base, status }, 7, now)).not.toBeNull();
  });
});

describe("owed", () => {
  const form = (signed: boolean[]) => ({
    formId: "8879",
    wetSignaturesRequired: false,
    signatures: signed.map((s, i) => ({ signerName: `S${i}`, signed: s, wetSignature: false })),
  });
  const voucher = (isPaid: boolean) => ({ voucherId: "1040-V", amountCents: 100, isPaid, isDueAsap: false, dueDate: null });
  it("says what is left: signatures, payments, both or nothing (the reminder toggle)", () => {
    expect(owed({ forms: [form([true, false])], vouchers: [voucher(true)], invoiceAmountCents: null, invoicePaid: false })).toEqual({
      signatures: true,
      payments: false,
      anything: true,
    });
    expect(owed({ forms: [form([true])], vouchers: [voucher(false)], invoiceAmountCents: null, invoicePaid: false }).payments).toBe(true);
    expect(owed({ forms: [form([true])], vouchers: [], invoiceAmountCents: 5000, invoicePaid: false }).payments).toBe(true);
    expect(owed({ forms: [form([true, true])], vouchers: [voucher(true)], invoiceAmountCents: 5000, invoicePaid: true }).anything).toBe(false);
    expect(owed({ forms: [], vouchers: [], invoiceAmountCents: null, invoicePaid: false }).anything).toBe(false);
  });
});

describe("taxReturnReminderTexts", () => {
  it("asks for what is left", () => {
    const t = taxReturnReminderTexts({ firmName: "Acme", clientFname: "Ann", taxYear: 2025, entityName: "Ann Household", signatures: true, payments: false });
    expect(t.inApp).toBe("Reminder: your 2025 tax return (Ann Household) is waiting for you to sign.");
    expect(
      taxReturnReminderTexts({ firmName: "Acme", clientFname: "Ann", taxYear: 2025, entityName: "X", signatures: false, payments: true }).subject,
    ).toContain("to pay");
  });
});
