/**
 * The tax service invoice on a client's tax return page: its amount and whether it is paid, and
 * "Pay invoice", which opens Stripe Checkout on the firm's connected account. Back from Checkout
 * (?payment=returned) the panel says the payment is being confirmed and the page reloads itself
 * until the webhook has marked the invoice paid; it never marks anything paid itself.
 */
import { useEffect, useState } from "react";
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Pill } from "~/components/ui";
import { PAYMENT_MESSAGES } from "./rules";

export interface InvoiceView {
  amount: string;
  paid: boolean;
  /** Not paid, the return's status allows paying it, and this person may pay. */
  payable: boolean;
  /** The firm takes card payments (only known while the invoice is due). */
  connected: boolean;
}

const POLL_MS = 2000;
const POLL_TIMES = 45;

export function InvoicePayment({ invoice, taxReturnId, companyId }: { invoice: InvoiceView; taxReturnId: string; companyId: string }) {
  const [params] = useSearchParams();
  const payment = params.get("payment");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { revalidate, state } = useRevalidator();
  const waiting = payment === "returned" && !invoice.paid;
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!waiting || polls >= POLL_TIMES || state !== "idle") return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      revalidate();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, polls, state, revalidate]);

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await apiFetch(`/api/tax-returns/${encodeURIComponent(taxReturnId)}/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ companyId }),
      });
      const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (response.ok && body.url) {
        window.location.assign(body.url);
        return;
      }
      setError(body.error ?? PAYMENT_MESSAGES.unreachable);
      if (response.status === 409) revalidate();
    } catch {
      setError(PAYMENT_MESSAGES.unreachable);
    }
    setBusy(false);
  };

  const canPay = invoice.payable && invoice.connected && !waiting;
  let message: string | null = null;
  if (invoice.paid) message = payment === "returned" ? PAYMENT_MESSAGES.paid : null;
  else if (waiting) message = PAYMENT_MESSAGES.confirming;
  else if (invoice.payable && !invoice.connected) message = PAYMENT_MESSAGES.notConnected;
  if (payment === "cancelled" && !invoice.paid) message = `${PAYMENT_MESSAGES.cancelled} ${message ?? ""}`.trim();
  const tone = error ? "danger" : invoice.paid ? "success" : waiting ? "info" : invoice.payable ? "warning" : "info";

  return (
    <div data-testid="invoice-payment">
      <Alert
        tone={tone}
        title={
          <span>
            Tax service invoice {invoice.amount}:{" "}
            <Pill tone={invoice.paid ? "success" : waiting ? "info" : "warning"}>{invoice.paid ? "Paid" : waiting ? "Payment pending" : "Unpaid"}</Pill>
          </span>
        }
        action={
          canPay ? (
            <Button size="sm" onClick={pay} loading={busy} loadingLabel="Opening the payment page…">
              {`Pay invoice ${invoice.amount}`}
            </Button>
          ) : undefined
        }
      >
        {error ?? message}
      </Alert>
    </div>
  );
}
