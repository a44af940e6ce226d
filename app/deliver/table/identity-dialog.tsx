/**
 * The verification checks dialog (staff spec §2 dialogs, 'verification checks (per signer)'):
 * each signer's identity verification (status, error code, times) and 'Request again', which
 * cancels the open check; the signer verifies again before signing and is told so.
 */
import { useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Badge, Button, Dialog, Spinner, useToast } from "~/components/ui";
import type { SignerIdentity } from "~/payments/identity.server";
import { useReaderTimeZone } from "~/use-time-zone";
import * as s from "./deliver.css";
import type { TaxReturnRow } from "./rows";

const LOAD_FAILED = "Could not load the verification checks. Please try again.";

const tone = (label: string) =>
  label === "Verified" ? "success" : label === "Failed" || label === "Cancelled" ? "danger" : label === "Needs Info" ? "warning" : "neutral";

export function IdentityChecksDialog({ row, onClose, onChanged }: { row: TaxReturnRow; onClose: () => void; onChanged: () => void }) {
  const { format } = useReaderTimeZone();
  const toast = useToast();
  const [signers, setSigners] = useState<SignerIdentity[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const url = `/api/staff/tax-returns/${encodeURIComponent(row.id)}/identity`;

  useEffect(() => {
    let cancelled = false;
    setError(null);
    apiFetch(`${url}?${new URLSearchParams({ companyId: row.companyId })}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { signers?: SignerIdentity[]; error?: string };
        if (cancelled) return;
        if (!response.ok || !body.signers) setError(body.error ?? LOAD_FAILED);
        else setSigners(body.signers);
      })
      .catch(() => !cancelled && setError(LOAD_FAILED));
    return () => {
      cancelled = true;
    };
  }, [url, row.companyId, reload]);

  async function reRequest(signer: SignerIdentity) {
    setBusy(signer.signerId);
    try {
      const response = await apiFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ companyId: row.companyId, signerId: signer.signerId }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      if (response.ok) toast.success(body.message ?? "Identity verification requested again");
      else toast.error(body.error ?? "Something went wrong");
    } catch {
      toast.error("Something went wrong");
    }
    setBusy(null);
    setReload((n) => n + 1);
    onChanged();
  }

  const when = (iso: string | null) => (iso ? format(iso) : "—");
  return (
    <Dialog
      open
      onClose={onClose}
      title="Verification checks"
      description={`${row.companyName} · ${row.taxReturnName} (${row.taxYear})`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {!signers && !error ? <Spinner label="Loading verification checks" /> : null}
      {signers ? (
        <ul className={s.list} aria-label="Signers' identity verification">
          {signers.map((v) => (
            <li key={v.signerId} className={s.voucherRow} data-testid="identity-check">
              <div>
                <strong>{v.name}</strong> <span className={s.muted}>({v.role})</span>
                <div>
                  <Badge tone={tone(v.label)}>{v.label}</Badge>
                  {v.errorCode ? <span className={s.muted}> Error code: {v.errorCode}</span> : null}
                </div>
                {v.errorDescription ? <div className={s.muted}>{v.errorDescription}</div> : null}
                <div className={s.muted}>
                  Started: {when(v.sessionCreatedAt)} · Updated: {when(v.updatedAt)}
                  {v.verifiedAt ? ` · Verified: ${when(v.verifiedAt)}` : ""}
                  {v.signed ? " · Signed" : ""}
                </div>
              </div>
              {v.signed || !v.userId || row.status !== "sent" ? null : (
                <Button size="sm" variant="secondary" loading={busy === v.signerId} disabled={busy !== null} onClick={() => void reRequest(v)}>
                  Request again
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
