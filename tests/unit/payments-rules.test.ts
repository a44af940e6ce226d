import { describe, expect, it } from "vitest";
import { checkoutEvent, depositView, formatDollars, invoicePaidBy, nextDepositStatus, PAYMENT_MESSAGES } from "~/payments/rules";
import { depositOutstanding } from "~/questionnaires/rules";
import { paymentsCell } from "~/deliver/rules";

describe("depositView (client page and Collect)", () => {
  it("labels each status in dollars", () => {
    expect(depositView({ depositStatus: "unpaid", depositAmountCents: 35000 })).toEqual({
      status: "unpaid",
      label: "Unpaid",
      tone: "warning",
      amount: "$350.00",
      payable: true,
    });
    expect(depositView({ depositStatus: "pending", depositAmountCents: 125050 })).toMatchObject({ label: "Unpaid", amount: "$1,250.50", payable: true });
    expect(depositView({ depositStatus: "paid", depositAmountCents: 35000 })).toMatchObject({ label: "Paid", tone: "success", payable: false });
    expect(depositView({ depositStatus: "marked_paid", depositAmountCents: 35000 })).toMatchObject({ label: "Marked paid", payable: false });
    expect(depositView({ depositStatus: "payment_pending", depositAmountCents: 35000 })).toMatchObject({ label: "Payment pending", payable: false });
  });

  it("no amount or no status is no deposit", () => {
    expect(depositView({ depositStatus: null, depositAmountCents: 100 }).status).toBeNull();
    expect(depositView({ depositStatus: "unpaid", depositAmountCents: 0 }).status).toBeNull();
    expect(depositView({ depositStatus: "unpaid", depositAmountCents: null }).label).toBe("No deposit");
  });

  it("back from Checkout before the webhook: shown as payment pending, not payable; the stored state still blocks Submit", () => {
    const facts = { depositStatus: "unpaid" as const, depositAmountCents: 35000 };
    expect(depositView(facts, { returnedFromCheckout: true })).toMatchObject({ status: "payment_pending", label: "Payment pending", payable: false });
    expect(depositOutstanding(facts)).toBe(true);
    // Once paid, the return flag shows it paid.
    expect(depositView({ ...facts, depositStatus: "paid" }, { returnedFromCheckout: true }).label).toBe("Paid");
  });
});

describe("deposit transitions by Checkout events", () => {
  it("reads the event type and payment status", () => {
    expect(checkoutEvent("checkout.session.completed", "paid")).toBe("completed_paid");
    expect(checkoutEvent("checkout.session.completed", "unpaid")).toBe("completed_unpaid");
    expect(checkoutEvent("checkout.session.async_payment_succeeded", "paid")).toBe("async_succeeded");
    expect(checkoutEvent("checkout.session.async_payment_failed", "unpaid")).toBe("async_failed");
    expect(checkoutEvent("checkout.session.expired", "unpaid")).toBe("expired");
    expect(checkoutEvent("payment_intent.succeeded", "paid")).toBeNull();
  });

  it("paid is final; marked paid stays; settling is payment_pending; a failure is unpaid again", () => {
    expect(nextDepositStatus("unpaid", "completed_paid")).toBe("paid");
    expect(nextDepositStatus("pending", "completed_paid")).toBe("paid");
    expect(nextDepositStatus("unpaid", "completed_unpaid")).toBe("payment_pending");
    expect(nextDepositStatus("payment_pending", "async_succeeded")).toBe("paid");
    expect(nextDepositStatus("payment_pending", "async_failed")).toBe("unpaid");
    expect(nextDepositStatus("paid", "completed_unpaid")).toBe("paid");
    expect(nextDepositStatus("paid", "async_failed")).toBe("paid");
    expect(nextDepositStatus("paid", "expired")).toBe("paid");
    expect(nextDepositStatus("marked_paid", "completed_paid")).toBe("marked_paid");
    expect(nextDepositStatus("unpaid", "expired")).toBe("unpaid");
    expect(nextDepositStatus(null, "completed_paid")).toBeNull();
  });

  it("an invoice is paid by a paid checkout only", () => {
    expect(invoicePaidBy("completed_paid")).toBe(true);
    expect(invoicePaidBy("async_succeeded")).toBe(true);
    expect(invoicePaidBy("completed_unpaid")).toBe(false);
    expect(invoicePaidBy("expired")).toBe(false);
  });
});

describe("texts", () => {
  it("formats dollars and names the card payment provider", () => {
    expect(formatDollars(5)).toBe("$0.05");
    expect(formatDollars(100000)).toBe("$1,000.00");
    expect(PAYMENT_MESSAGES.notConnected).toMatch(/card payment provider/);
  });

  it("the Payments cell counts a paid invoice (staff spec §4)", () => {
    expect(paymentsCell([], { amountCents: 50000, paid: false })).toMatchObject({
      text: "1 payment(s) still needed",
      missing: ["Tax Service Invoice - Due now"],
    });
    expect(paymentsCell([], { amountCents: 50000, paid: true })).toMatchObject({ text: "All tax payments completed", allPaid: true });
    expect(paymentsCell([], { amountCents: null, paid: false }).text).toBe("No tax payments requested.");
  });
});
