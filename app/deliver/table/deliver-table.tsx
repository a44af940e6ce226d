/**
 * Deliver (staff `/tax-returns`): the tax returns table with search, filters, column choice,
 * server-side pages and sort (state in the URL and the `table_tax_returns` cookie), row selection
 * with bulk actions, the row actions and their dialogs, and the upload dialog ('Send Tax Return').
 * The table is the shared DataTable; this file composes it.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { DataTable, TableFilters, type RowSelectionState } from "~/components/data-table";
import type { PageInfo, TableState } from "~/components/data-table/state";
import { Button, ConfirmDialog, PageHeader, useToast, type SelectOption } from "~/components/ui";
import { withRoleColumns, type FirmRoleColumn } from "~/firm-roles/rules";
import { useVocabulary } from "~/vocabulary";
import { ActivityLogDialog } from "../ops/activity-log-dialog";
import { downloadTaxReturn } from "../ops/download";
import { SendToDocumentsDialog } from "../ops/send-to-documents-dialog";
import { TAX_RETURN_MESSAGES } from "../rules";
import { TaxReturnUploadDialog, type TaxReturnUploadDialogProps } from "../upload/upload-dialog";
import { callBulk, callTaxReturn } from "./call";
import { deliverColumns, deliverRowLabel, type ColumnHandlers } from "./columns";
import * as s from "./deliver.css";
import { AssignmentsDialog, DraftDialog, VouchersDialog } from "./dialogs";
import { IdentityChecksDialog } from "./identity-dialog";
import type { TaxReturnRow } from "./rows";
import { REMINDER_FILTERS, STATUS_FILTERS, TAX_RETURNS_TABLE } from "./table";

export interface DeliverData {
  state: TableState;
  rows: TaxReturnRow[];
  page: PageInfo;
  capped: boolean;
  options: { years: SelectOption[]; advisors: SelectOption[] };
  canAssign: boolean;
  /** The firm's identity verification preference: the column and the verification checks dialog. */
  identityEnabled?: boolean;
  /** The firm's roles (one sortable column each), only with use_firm_roles. */
  roles?: FirmRoleColumn[];
}

const NO_ROLES: FirmRoleColumn[] = [];

type Upload = { open: false } | { open: true; replace: TaxReturnUploadDialogProps["replace"] };

export function DeliverTable({ data }: { data: DeliverData }) {
  const { state, rows, page, options } = data;
  const toast = useToast();
  const tr = useVocabulary();
  const revalidator = useRevalidator();
  const current: TableState = { ...state, page: page.page };
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<Upload>({ open: false });
  // Dialogs keep the row's id: after a change the list reloads and the dialog shows the new row.
  const [draftId, setDraftId] = useState<string | null>(null);
  const [vouchersId, setVouchersId] = useState<string | null>(null);
  const [assignId, setAssignId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TaxReturnRow | null>(null);
  // The ops dialogs keep the row itself: they load their own data and stay open across reloads.
  const [activityOf, setActivityOf] = useState<TaxReturnRow | null>(null);
  const [documentsOf, setDocumentsOf] = useState<TaxReturnRow | null>(null);
  const [identityOf, setIdentityOf] = useState<string | null>(null);
  const byId = (id: string | null) => (id ? (rows.find((r) => r.id === id) ?? null) : null);

  const [selected, setSelected] = useState<RowSelectionState>({});
  const filterKey = JSON.stringify([state.filters, state.q]);
  useEffect(() => setSelected({}), [filterKey]);
  const selectedIds = Object.keys(selected).filter((id) => selected[id]);

  const run = async (row: Pick<TaxReturnRow, "id">, path: "" | "/vouchers" | "/assignments", body: unknown, after?: () => void) => {
    setBusy(true);
    const result = await callTaxReturn(row.id, path, body);
    setBusy(false);
    if (result.ok) {
      toast.success(result.message);
      after?.();
    } else toast.error(result.error);
    revalidator.revalidate();
    return result.ok;
  };

  const handlers: ColumnHandlers = {
    canAssign: data.canAssign,
    identityEnabled: data.identityEnabled === true,
    onIdentity: (row) => setIdentityOf(row.id),
    onProcessing: () => toast.info(TAX_RETURN_MESSAGES.stillProcessing),
    onReminder: (row, on) => void run(row, "", { intent: "reminders", companyId: row.companyId, reminderDisabled: !on }),
    onDraft: (row) => setDraftId(row.id),
    onFinish: (row) => void run(row, "", { intent: "finish", companyId: row.companyId }),
    onVouchers: (row) => setVouchersId(row.id),
    onAssignments: (row) => setAssignId(row.id),
    onDelete: (row) => setDeleting(row),
    onDownload: (row, variant) => void downloadTaxReturn(row.id, row.companyId, variant).catch((error: Error) => toast.error(error.message)),
    onDocuments: (row) => setDocumentsOf(row),
    onActivity: (row) => setActivityOf(row),
  };
  // The handlers read the latest state through `run`; the columns only change with the permission.
  const roles = data.roles ?? NO_ROLES;
  const columns = useMemo(() => deliverColumns(handlers, tr, roles), [data.canAssign, data.identityEnabled, rows, tr, roles]); // eslint-disable-line react-hooks/exhaustive-deps
  const config = useMemo(() => withRoleColumns(TAX_RETURNS_TABLE, roles, { sortable: true }), [roles]);
  const hasFilters = Boolean(state.q || Object.keys(state.filters).length);
  const sendButton = (size?: "sm") => (
    <Button size={size} onClick={() => setUpload({ open: true, replace: null })}>
      Send Tax Return
    </Button>
  );

  const bulk = async (intent: "finish" | "reminders_off") => {
    setBusy(true);
    const result = await callBulk(intent, selectedIds);
    setBusy(false);
    if (!result.ok) toast.error(result.error);
    else if (result.skipped) toast.warning(result.message);
    else toast.success(result.message);
    setSelected({});
    revalidator.revalidate();
  };

  return (
    <>
      <PageHeader title="Deliver" description="Tax returns from upload to signed and paid." actions={sendButton()} />
      <DataTable
        label="Tax returns"
        config={config}
        state={state}
        page={page}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        searchLabel={`Search by ${tr("entity")} name`}
        filterControls={
          <TableFilters
            id="deliver-filters"
            current={current}
            config={TAX_RETURNS_TABLE}
            filters={[
              { name: "year", label: "Tax year", allLabel: "Any year", options: options.years },
              { name: "status", label: "Status", allLabel: "Any status", options: STATUS_FILTERS },
              { name: "reminder", label: "Reminders", allLabel: "On or off", options: [...REMINDER_FILTERS] },
            ]}
          />
        }
        selection={{ selected, onChange: setSelected }}
        rowLabel={deliverRowLabel}
        selectAllLabel="Select all tax returns on this page"
        aboveRows={
          selectedIds.length ? (
            <div className={s.bulkBar} role="group" aria-label="Bulk actions">
              <span className={s.bulkCount}>{selectedIds.length} selected</span>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void bulk("finish")}>
                Mark as finished
              </Button>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void bulk("reminders_off")}>
                Turn reminders off
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected({})}>
                Clear selection
              </Button>
            </div>
          ) : null
        }
        emptyTitle={TAX_RETURN_MESSAGES.emptyTable}
        emptyDescription={hasFilters ? "Try another search or reset the filters." : "Upload a return to classify it and send it to your client."}
        clearFiltersLabel="Reset filters"
        emptyAction={sendButton("sm")}
        pagerNote={
          data.capped && !page.hasNext ? (
            <span className={s.muted}>Only the first 10,000 matches can be paged through: narrow the list with search or filters.</span>
          ) : null
        }
      />
      <DraftDialog
        row={byId(draftId)}
        onClose={() => setDraftId(null)}
        onReplace={(row) => {
          setDraftId(null);
          setUpload({ open: true, replace: { taxReturnId: row.id, companyId: row.companyId, companyName: row.companyName, taxYear: row.taxYear } });
        }}
      />
      <VouchersDialog
        row={byId(vouchersId)}
        busy={busy}
        onClose={() => setVouchersId(null)}
        onToggle={(row, voucherId, isPaid) => void run(row, "/vouchers", { companyId: row.companyId, voucherId, isPaid })}
        onAllPaid={(row) => void run(row, "/vouchers", { companyId: row.companyId, all: true })}
      />
      <AssignmentsDialog
        row={byId(assignId)}
        advisors={options.advisors}
        busy={busy}
        onClose={() => setAssignId(null)}
        onSave={(row, advisorId, clientIds) => void run(row, "/assignments", { companyId: row.companyId, advisorId, clientIds }, () => setAssignId(null))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete tax return?"
        message={
          deleting
            ? `${deleting.companyName} · ${deleting.taxReturnName} (${deleting.taxYear}) will be removed from Deliver and from the client's portal.`
            : null
        }
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting, "", { intent: "delete", companyId: deleting.companyId }, () => setDeleting(null))}
      />
      {activityOf ? <ActivityLogDialog taxReturnId={activityOf.id} companyId={activityOf.companyId} open onClose={() => setActivityOf(null)} /> : null}
      {byId(identityOf) ? (
        <IdentityChecksDialog row={byId(identityOf)!} onClose={() => setIdentityOf(null)} onChanged={() => revalidator.revalidate()} />
      ) : null}
      {documentsOf ? (
        <SendToDocumentsDialog
          taxReturnId={documentsOf.id}
          companyId={documentsOf.companyId}
          taxYear={documentsOf.taxYear}
          open
          onClose={() => setDocumentsOf(null)}
          onSent={() => revalidator.revalidate()}
        />
      ) : null}
      <TaxReturnUploadDialog
        open={upload.open}
        replace={upload.open ? upload.replace : null}
        onClose={() => setUpload({ open: false })}
        onUploaded={() => revalidator.revalidate()}
      />
    </>
  );
}
