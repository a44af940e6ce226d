/**
 * A Deliver table row as the page shows it, pure: the statement's facts (forms with their
 * signatures, vouchers, invoice) turned into the Signature and Payments cells and the reminder
 * toggle through rules.ts, the one place those numbers and texts come from.
 */
import type { TaxReturnDraftStatus, TaxReturnStatus } from "~/generated/prisma/enums";
import { identityCell, type IdentityFacts } from "~/payments/identity-rules";
import {
  paymentsCell,
  reminderToggle,
  rowActionsOpen,
  signatureCell,
  statusesFor,
  type FormSignatureFacts,
  type PaymentsCell,
  type SignatureCell,
  type VoucherFacts,
} from "../rules";

export interface VoucherRow extends VoucherFacts {
  id: string;
}

export interface OwnerRow {
  id: string;
  name: string;
}

/** One row of the statement (list.server.ts). */
export interface RawTaxReturnRow {
  id: string;
  companyId: string;
  companyHash: string;
  companyName: string;
  taxYear: number;
  taxReturnName: string;
  status: TaxReturnStatus;
  draftStatus: TaxReturnDraftStatus | null;
  draftComment: string | null;
  updatedAt: string;
  lastReminderSentAt: string | null;
  lastSignedAt: string | null;
  assignedAdvisor: string | null;
  assignedAdvisorId: string | null;
  reminderDisabled: boolean;
  invoiceAmountCents: number | null;
  invoicePaid: boolean;
  forms: FormSignatureFacts[] | null;
  vouchers: VoucherRow[] | null;
  owners: OwnerRow[] | null;
  /** Each signer's identity verification. */
  identities?: IdentityFacts[] | null;
}

export interface TaxReturnRow extends Omit<RawTaxReturnRow, "forms" | "vouchers" | "owners" | "identities"> {
  /** The Identity verification column (identity-rules.ts `identityCell`). */
  identity: string;
  /** How many signers the return has (the verification checks dialog needs one). */
  signerCount: number;
  signatures: SignatureCell;
  payments: PaymentsCell;
  /** 'The reminder toggle is off and disabled when all signed and all paid.' */
  reminder: { on: boolean; disabled: boolean };
  vouchers: VoucherRow[];
  /** The entity's owners (the clients whose advisor 'Update client assignments' sets). */
  owners: OwnerRow[];
  /** Role id → who holds it on the row's entity (the role columns, only with use_firm_roles; set by the loader). */
  roleHolders?: Record<string, string[]>;
}

export function toTaxReturnRow(raw: RawTaxReturnRow): TaxReturnRow {
  const { forms, vouchers, owners, identities, ...rest } = raw;
  const signatures = signatureCell(forms ?? []);
  const payments = paymentsCell(vouchers ?? [], { amountCents: raw.invoiceAmountCents, paid: raw.invoicePaid });
  const reminder = reminderToggle({
    reminderDisabled: raw.reminderDisabled,
    allSigned: signatures.allSigned,
    allPaid: payments.allPaid,
    signaturesTotal: signatures.total,
  });
  return {
    ...rest,
    signatures,
    payments,
    reminder,
    vouchers: vouchers ?? [],
    owners: owners ?? [],
    identity: identityCell(identities ?? []),
    signerCount: identities?.length ?? 0,
  };
}

export type RowAction =
  | "draft"
  | "classify"
  | "finish"
  | "reminders"
  | "vouchers"
  | "assignments"
  | "download"
  | "download_signature_pages"
  | "download_all_pages"
  | "documents"
  | "activity"
  | "identity"
  | "delete";

/**
 * The actions a row's menu offers, in menu order. 'Action_required rows hide most actions'
 * (rules.ts `rowActionsOpen`): those keep classification and delete; a return being sent keeps none.
 */
export function rowActions(
  row: Pick<TaxReturnRow, "status" | "reminder" | "vouchers" | "owners" | "signatures"> & { signerCount?: number },
  canAssign: boolean,
  identityEnabled = false,
): RowAction[] {
  if (row.status === "sending") return [];
  if (!rowActionsOpen(row.status)) return row.status === "action_required" ? ["classify", "delete"] : ["delete"];
  const out: RowAction[] = [];
  if (row.status === "draft" || row.status === "change_requested") out.push("draft");
  if (row.status === "approved") out.push("classify");
  if (statusesFor("mark_finished").includes(row.status)) out.push("finish");
  if (!row.reminder.disabled) out.push("reminders");
  if (row.vouchers.length) out.push("vouchers");
  if (canAssign && row.owners.length) out.push("assignments");
  // The file's three downloads (signature pages only when forms were marked), its copy to the
  // entity's documents (not of a file that could not be read) and its activity log.
  out.push("download");
  if (row.signatures.total > 0) out.push("download_signature_pages");
  out.push("download_all_pages");
  if (row.status !== "error") out.push("documents");
  out.push("activity");
  // 'Dialogs: verification checks (per signer)', with the firm's identity verification on.
  if (identityEnabled && (row.signerCount ?? 0) > 0) out.push("identity");
  out.push("delete");
  return out;
}
