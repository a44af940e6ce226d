/**
 * Staff `/signature-requests` (spec §2 'Signature requests'): the shared DataTable with search,
 * tax year and status filters, server-side sort and pages; a processing row shows the spec's info
 * toast instead of opening; row actions: open (place boxes and send, or follow the signing), the
 * activity log, the signed copy, 'Mark as completed' (unless completed) and delete (with a confirmation). Empty state
 * with the next step: 'Upload signature request'.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useNavigate, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { formatDay } from "~/collect/overview/format";
import { DataTable, type DataTableColumn } from "~/components/data-table";
import type { PageInfo, TableState } from "~/components/data-table/state";
import { Badge, Button, ConfirmDialog, PageHeader, useToast, type SelectOption } from "~/components/ui";
import { ChevronDownIcon } from "~/components/ui/icons";
import * as staff from "~/staff/staff.css";
import { useVocabulary } from "~/vocabulary";
import { ActivityLogDialog } from "../ops/activity-log-dialog";
import * as s from "../table/deliver.css";
import { REQUEST_STATUS_FILTERS, SIGNATURE_REQUEST_COLUMNS, SIGNATURE_REQUESTS_TABLE, type SignatureRequestRow } from "./table";
import { canMarkCompleted, openRequest, REQUEST_MESSAGES, requestStatusTone, SIGNATURE_REQUEST_STATUS_LABELS } from "./rules";
import { SignatureRequestUploadDialog } from "./upload-dialog";

export interface SignatureRequestsData {
  state: TableState;
  rows: SignatureRequestRow[];
  page: PageInfo;
  capped: boolean;
  years: SelectOption[];
  canManage: boolean;
}

async function call(row: SignatureRequestRow, body: object): Promise<{ ok: boolean; message: string }> {
  const r = await apiFetch(`/api/staff/signature-requests/${row.id}?companyId=${encodeURIComponent(row.companyId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await r.json().catch(() => ({}))) as { message?: string; error?: string };
  return { ok: r.ok, message: (r.ok ? json.message : json.error) ?? "Something went wrong" };
}

export function SignatureRequestsTable({ data }: { data: SignatureRequestsData }) {
  const { state, rows, page } = data;
  const toast = useToast();
  const tr = useVocabulary();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<SignatureRequestRow | null>(null);
  const [activityOf, setActivityOf] = useState<SignatureRequestRow | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (row: SignatureRequestRow) => {
    const next = openRequest(row);
    if ("toast" in next) toast.info(next.toast);
    else navigate(next.href);
  };
  const run = async (row: SignatureRequestRow, body: object) => {
    setBusy(true);
    const result = await call(row, body);
    setBusy(false);
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
    revalidator.revalidate();
    return result.ok;
  };
  const signedCopy = async (row: SignatureRequestRow) => {
    const r = await apiFetch(`/api/staff/signature-requests/${row.id}?companyId=${encodeURIComponent(row.companyId)}&signed=1`);
    const json = (await r.json().catch(() => ({}))) as { url?: string; error?: string };
    if (json.url) window.open(json.url, "_blank", "noopener");
    else toast.error(json.error ?? "There was a problem downloading the document.");
  };

  const columns: DataTableColumn<SignatureRequestRow>[] = SIGNATURE_REQUEST_COLUMNS.map((c) => ({
    key: c.key,
    label: c.key === "company_name" ? tr("Entity") : c.label,
    sortable: c.sortable,
    pin: c.key === "actions" ? ("end" as const) : undefined,
    nowrap: c.key === "updated_at",
    render: (row: SignatureRequestRow) => {
      switch (c.key) {
        case "company_name":
          return (
            <Link className={s.link} to={`/admin/${row.companyHash}`}>
              {row.companyName}
            </Link>
          );
        case "tax_year":
          return row.taxYear;
        case "form_name":
          return (
            <button type="button" className={s.linkButton} onClick={() => open(row)}>
              {row.formName}
            </button>
          );
        case "status":
          return <Badge tone={requestStatusTone(row.status)}>{SIGNATURE_REQUEST_STATUS_LABELS[row.status]}</Badge>;
        case "updated_at":
          return formatDay(row.updatedAt);
        case "actions":
          return (
            <Menu>
              <MenuButton
                as={Button}
                size="sm"
                variant="secondary"
                iconEnd={<ChevronDownIcon size={14} />}
                aria-label={`Actions for ${row.companyName}, ${row.formName}`}
              >
                Actions
              </MenuButton>
              <MenuItems className={staff.actionMenu} anchor={{ to: "bottom end", gap: 6 }} modal={false}>
                <MenuItem>
                  <button type="button" className={staff.actionMenuItem} onClick={() => open(row)}>
                    {row.status === "action_required" ? "Place boxes and send" : "Open"}
                  </button>
                </MenuItem>
                <MenuItem>
                  <button type="button" className={staff.actionMenuItem} onClick={() => setActivityOf(row)}>
                    Activity log
                  </button>
                </MenuItem>
                {row.signed ? (
                  <MenuItem>
                    <button type="button" className={staff.actionMenuItem} onClick={() => void signedCopy(row)}>
                      Download signed copy
                    </button>
                  </MenuItem>
                ) : null}
                {data.canManage && canMarkCompleted(row.status) ? (
                  <MenuItem>
                    <button type="button" className={staff.actionMenuItem} onClick={() => void run(row, { intent: "complete" })}>
                      Mark as completed
                    </button>
                  </MenuItem>
                ) : null}
                {data.canManage ? (
                  <MenuItem>
                    <button type="button" className={staff.actionMenuItemDanger} onClick={() => setDeleting(row)}>
                      Delete
                    </button>
                  </MenuItem>
                ) : null}
              </MenuItems>
            </Menu>
          );
      }
    },
  }));
  const hasFilters = Boolean(state.q || Object.keys(state.filters).length);
  const uploadButton = (size?: "sm") =>
    data.canManage ? (
      <Button size={size} onClick={() => setUploading(true)}>
        Upload signature request
      </Button>
    ) : null;

  return (
    <>
      <PageHeader title="Signature requests" description="Documents sent to clients for their signature." actions={uploadButton()} />
      <DataTable
        label="Signature requests"
        config={SIGNATURE_REQUESTS_TABLE}
        state={state}
        page={page}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        searchLabel={`Search by ${tr("entity")} name`}
        filters={[
          { name: "year", label: "Tax year", allLabel: "Any year", options: data.years },
          { name: "status", label: "Status", allLabel: "Any status", options: REQUEST_STATUS_FILTERS },
        ]}
        emptyTitle={REQUEST_MESSAGES.empty}
        emptyDescription={hasFilters ? "Try another search or reset the filters." : "Upload a document, place the signature boxes and send it to your client."}
        clearFiltersLabel="Reset filters"
        emptyAction={uploadButton("sm")}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete signature request?"
        message={deleting ? `${deleting.companyName} · ${deleting.formName} (${deleting.taxYear}) will be removed here and from the client's portal.` : null}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting, { intent: "delete" }).then((ok) => ok && setDeleting(null))}
      />
      {activityOf ? <ActivityLogDialog signatureRequestId={activityOf.id} companyId={activityOf.companyId} open onClose={() => setActivityOf(null)} /> : null}
      <SignatureRequestUploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={() => revalidator.revalidate()} />
    </>
  );
}
