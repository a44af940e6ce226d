/** The signature requests table as plain data, shared by the loader and the page (spec §2: company, tax year, document name, status, updated, actions). */
import type { TableConfig } from "~/components/data-table/state";
import { SIGNATURE_REQUEST_STATUS_LABELS, SIGNATURE_REQUEST_STATUSES, type SignatureRequestStatus } from "./rules";

export const SIGNATURE_REQUEST_COLUMNS = [
  { key: "company_name", label: "Entity", sortable: true },
  { key: "tax_year", label: "Tax year", sortable: true },
  { key: "form_name", label: "Document", sortable: true },
  { key: "status", label: "Status", sortable: true },
  { key: "updated_at", label: "Updated", sortable: true },
  { key: "actions", label: "Actions", sortable: false },
] as const;

export const SIGNATURE_REQUESTS_TABLE: TableConfig = {
  sortKeys: SIGNATURE_REQUEST_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  defaultSort: { key: "updated_at", dir: "desc" },
  filters: ["year", "status"],
  columns: ["tax_year", "form_name", "status", "updated_at"],
};

export const SIGNATURE_REQUESTS_TABLE_COOKIE = "signature_requests";

export const REQUEST_STATUS_FILTERS = SIGNATURE_REQUEST_STATUSES.map((value) => ({ value, label: SIGNATURE_REQUEST_STATUS_LABELS[value] }));

export interface SignatureRequestRow {
  id: string;
  companyId: string;
  companyHash: string;
  companyName: string;
  taxYear: number;
  formName: string;
  status: SignatureRequestStatus;
  updatedAt: string;
  signed: boolean;
}
