/** The Deliver table's row dialogs: the draft, the payment vouchers, and the client assignments. */
import { useEffect, useState } from "react";
import { Button, Checkbox, Dialog, Select, Switch, type SelectOption } from "~/components/ui";
import { formatCents, TAX_RETURN_MESSAGES, voucherDue, voucherName } from "../rules";
import * as s from "./deliver.css";
import type { TaxReturnRow } from "./rows";
import { classificationUrl } from "./table";

/** 'Tax Return Draft - Under client review' or '- Changes requested' (with the client's reason). */
export function DraftDialog({ row, onClose, onReplace }: { row: TaxReturnRow | null; onClose: () => void; onReplace: (row: TaxReturnRow) => void }) {
  const changes = row?.status === "change_requested";
  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      title={changes ? TAX_RETURN_MESSAGES.draftChangesRequested : TAX_RETURN_MESSAGES.draftUnderReview}
      description={row ? `${row.companyName} · ${row.taxReturnName} (${row.taxYear})` : undefined}
      footer={
        row ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {changes ? (
              <Button variant="secondary" onClick={() => onReplace(row)}>
                Replace Tax Return Draft
              </Button>
            ) : null}
            <Button to={classificationUrl(row)}>Start Classification</Button>
          </>
        ) : null
      }
    >
      {row ? (
        changes ? (
          <div className={s.stack}>
            <p>The client asked for changes to this draft:</p>
            <p className={s.reason}>{row.draftComment?.trim() || "No reason given."}</p>
          </div>
        ) : (
          <p>The client is reviewing this draft. You can classify it again and send it for signature once they approve it.</p>
        )
      ) : null}
    </Dialog>
  );
}

/** 'Mark payment vouchers paid': each voucher toggles paid or unpaid; 'Mark all paid' is disabled when all are paid. */
export function VouchersDialog({
  row,
  busy,
  onClose,
  onToggle,
  onAllPaid,
}: {
  row: TaxReturnRow | null;
  busy: boolean;
  onClose: () => void;
  onToggle: (row: TaxReturnRow, voucherId: string, isPaid: boolean) => void;
  onAllPaid: (row: TaxReturnRow) => void;
}) {
  const allPaid = row ? row.vouchers.every((v) => v.isPaid) : true;
  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      title="Mark payment vouchers paid"
      description={row ? `${row.companyName} · ${row.taxReturnName} (${row.taxYear})` : undefined}
      footer={
        row ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button disabled={allPaid || busy} onClick={() => onAllPaid(row)}>
              Mark all paid
            </Button>
          </>
        ) : null
      }
    >
      {row ? (
        <ul className={s.list}>
          {row.vouchers.map((v) => (
            <li key={v.id} className={s.voucherRow}>
              <div>
                <div>{voucherName(v.voucherId, v.customPaymentName)}</div>
                <div className={s.muted}>
                  {formatCents(v.amountCents)} · Due {voucherDue(v)}
                </div>
              </div>
              <Switch label={v.isPaid ? "Paid" : "Unpaid"} checked={v.isPaid} disabled={busy} onChange={(e) => onToggle(row, v.id, e.currentTarget.checked)} />
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/** 'Update client assignments': an advisor for the chosen owners of the return's entity. */
export function AssignmentsDialog({
  row,
  advisors,
  busy,
  onClose,
  onSave,
}: {
  row: TaxReturnRow | null;
  advisors: SelectOption[];
  busy: boolean;
  onClose: () => void;
  onSave: (row: TaxReturnRow, advisorId: string, clientIds: string[]) => void;
}) {
  const [advisorId, setAdvisorId] = useState("");
  const [clientIds, setClientIds] = useState<string[]>([]);
  useEffect(() => {
    setAdvisorId(row?.assignedAdvisorId ?? "");
    setClientIds(row?.owners.map((o) => o.id) ?? []);
  }, [row?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const valid = Boolean(advisorId) && clientIds.length > 0;
  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      title="Update client assignments"
      description={row ? row.companyName : undefined}
      footer={
        row ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!valid || busy} onClick={() => onSave(row, advisorId, clientIds)}>
              Save
            </Button>
          </>
        ) : null
      }
    >
      {row ? (
        <div className={s.stack}>
          <Select
            label="Assigned advisor"
            value={advisorId}
            onChange={(e) => setAdvisorId(e.currentTarget.value)}
            options={[{ value: "", label: "Choose an advisor" }, ...advisors]}
          />
          <fieldset className={s.stack} style={{ border: 0, margin: 0, padding: 0 }}>
            <legend className={s.popoverTitle}>Clients</legend>
            {row.owners.map((o) => (
              <Checkbox
                key={o.id}
                label={o.name}
                checked={clientIds.includes(o.id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setClientIds((ids) => (on ? [...ids, o.id] : ids.filter((id) => id !== o.id)));
                }}
              />
            ))}
          </fieldset>
        </div>
      ) : null}
    </Dialog>
  );
}
