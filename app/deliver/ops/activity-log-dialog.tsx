/**
 * The tax return activity log dialog (staff spec §2 dialogs): what happened to one return,
 * newest first, ten at a time: title, description, who and when (in the reader's time zone).
 *
 *   <ActivityLogDialog taxReturnId={id} companyId={companyId} open={open} onClose={close} />
 *   <ActivityLogDialog signatureRequestId={id} companyId={companyId} open={open} onClose={close} />  (a signature request's)
 */
import { useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Dialog, Spinner } from "~/components/ui";
import { useReaderTimeZone } from "~/use-time-zone";
import type { TaxReturnActivityPage } from "./activity.server";
import * as s from "./ops.css";

export interface ActivityLogDialogProps {
  /** One of the two: a tax return's or a signature request's log. */
  taxReturnId?: string;
  signatureRequestId?: string;
  companyId: string;
  open: boolean;
  onClose: () => void;
}

const LOAD_FAILED = "Could not load the activity log. Please try again.";

export function ActivityLogDialog({ taxReturnId, signatureRequestId, companyId, open, onClose }: ActivityLogDialogProps) {
  const endpoint = signatureRequestId
    ? `/api/staff/signature-requests/${encodeURIComponent(signatureRequestId)}/activity`
    : `/api/staff/tax-returns/${encodeURIComponent(taxReturnId ?? "")}/activity`;
  const { format } = useReaderTimeZone();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TaxReturnActivityPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (open) setPage(1);
  }, [open, endpoint]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoading(true);
    setError(null);
    const query = new URLSearchParams({ companyId, page: String(page) });
    apiFetch(`${endpoint}?${query}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as TaxReturnActivityPage & { error?: string };
        if (cancelled) return;
        if (!response.ok) setError(body.error ?? LOAD_FAILED);
        else setData(body);
      })
      .catch(() => !cancelled && setError(LOAD_FAILED))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [open, endpoint, companyId, page]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Activity log"
      description={`What happened to this ${signatureRequestId ? "signature request" : "tax return"}, newest first.`}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className={s.stack}>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {loading && !data ? <Spinner label="Loading the activity log" /> : null}
        {data && data.entries.length === 0 ? <p className={s.muted}>No activity yet.</p> : null}
        {data && data.entries.length > 0 ? (
          <ul className={s.list} aria-busy={loading}>
            {data.entries.map((entry) => (
              <li key={entry.id} className={s.entry}>
                <p className={s.entryTitle}>{entry.title}</p>
                {entry.description ? <p className={s.entryText}>{entry.description}</p> : null}
                <p className={s.muted}>
                  {entry.actor ?? "Automatic"} · <time dateTime={entry.createdAt}>{format(entry.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {data && data.totalPages > 1 ? (
          <nav className={s.pager} aria-label="Activity log pages">
            <Button size="sm" variant="secondary" disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className={s.muted}>
              Page {data.page} of {data.totalPages}
            </span>
            <Button size="sm" variant="secondary" disabled={page >= data.totalPages || loading} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </nav>
        ) : null}
      </div>
    </Dialog>
  );
}
