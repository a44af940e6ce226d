/**
 * The deposit on a client's questionnaire (client spec §2: the deposit banner and the
 * payment_request section): its amount and status (./rules.ts depositView, the same function
 * Collect uses), and "Pay deposit", which opens Stripe Checkout on the firm's connected account.
 * Back from Checkout (?payment=returned) the page shows the payment as pending and reloads itself
 * until the webhook has marked it paid; it never marks anything paid itself.
 */
import { useEffect, useState } from "react";
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Pill } from "~/components/ui";
import type { DepositFacts } from "~/questionnaires/rules";
import { depositView, PAYMENT_MESSAGES } from "./rules";

export interface DepositPaymentProps {
  facts: DepositFacts;
  questionnaireId: string;
  companyHash: string;
  /** The firm has a connected account (client mode); undefined in preview and template modes. */
  connected?: boolean;
  /** The client may not pay (read-only user or entity, or not the client's page). */
  disabled: boolean;
  /** "banner": above the sections; "section": the payment_request section. */
  variant: "banner" | "section";
}

/** How long the page keeps looking for the webhook after coming back from Checkout. */
const POLL_MS = 2000;
const POLL_TIMES = 45;

export function DepositPayment({ facts, questionnaireId, companyHash, connected, disabled, variant }: DepositPaymentProps) {
  const [params] = useSearchParams();
  const payment = params.get("payment");
  const view = depositView(facts, { returnedFromCheckout: payment === "returned" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { revalidate, state } = useRevalidator();
  const waiting = payment === "returned" && view.status === "payment_pending";
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!(waiting || facts.depositStatus === "payment_pending") || polls >= POLL_TIMES || state !== "idle") return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      revalidate();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, facts.depositStatus, polls, state, revalidate]);

  if (!view.status) return null;
  // The banner stays while there is something to pay or to wait for, and tells the client who just paid that it was received.
  const justPaid = payment === "returned" && view.tone === "success";
  if (variant === "banner" && !view.payable && view.status !== "payment_pending" && !justPaid) return null;

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await apiFetch(`/api/questionnaires/${encodeURIComponent(companyHash)}/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ questionnaireId }),
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

  const status = (
    <span>
      Deposit {view.amount}: <Pill tone={view.tone}>{view.label}</Pill>
    </span>
  );
  const canPay = view.payable && connected === true && !disabled;
  const action = canPay ? (
    <Button size="sm" onClick={pay} loading={busy} loadingLabel="Opening the payment page…">
      {`Pay deposit ${view.amount}`}
    </Button>
  ) : undefined;

  let message: string | null = null;
  let tone: "info" | "warning" | "success" | "danger" = view.payable ? "warning" : view.tone === "success" ? "success" : "info";
  if (view.status === "payment_pending") message = PAYMENT_MESSAGES.confirming;
  else if (view.payable && connected === false) message = PAYMENT_MESSAGES.notConnected;
  else if (view.payable && connected && disabled) message = PAYMENT_MESSAGES.readOnly;
  else if (view.payable) message = "Please pay the deposit online. You can submit once it is paid.";
  else if (justPaid) message = PAYMENT_MESSAGES.paid;
  if (payment === "cancelled" && view.payable) message = `${PAYMENT_MESSAGES.cancelled} ${message ?? ""}`.trim();
  if (error) tone = "danger";

  return (
    <div data-testid={`deposit-${variant}`}>
      <Alert tone={tone} title={status} action={action} role={variant === "banner" ? "status" : undefined}>
        {error ?? message}
      </Alert>
    </div>
  );
}
