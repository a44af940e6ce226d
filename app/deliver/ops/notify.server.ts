/**
 * Who hears of each step of a tax return, through `notify` (the only sender; it honours each
 * person's notification settings). Call these in the transaction of the step; hand the returned
 * `messages` to `deliverNotificationEmails` after it commits.
 *
 * - Sent to the client (a draft for approval, or the return to sign): the entity's owners and the
 *   return's signers with an account. Draft: type 1 (information); to sign: type 5 (signature).
 *   The item leads to /tax-return-delivery/{id}?companyId=.
 * - Draft approved, changes requested, all signatures done: the firm: the entity's assigned
 *   advisors (always), its partners and the staff who uploaded the return (unless their entity
 *   notification settings leave type 1 out), and staff subscribed to the entity's information
 *   notifications. Approved and signed lead to /tax-returns; changes requested to the return's
 *   classification page, where the draft is replaced or sent again.
 */
import type { FirmTx } from "~/db.server";
import { siteUrl } from "~/env.server";
import { notify, type NotifyResult } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { clientTaxReturnPath, staffTaxReturnPath } from "../reminders/rules";

export interface NotifyFirm {
  id: string;
  name: string;
  /** The firm's subdomain, for links in emails (or pass `origin`). */
  slug?: string;
  origin?: string;
}

async function facts(tx: FirmTx, taxReturnId: string) {
  return tx.taxReturn.findFirst({
    where: { id: taxReturnId },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      taxReturnName: true,
      uploadedById: true,
      draftComment: true,
      company: { select: { name: true, owners: { select: { userId: true, user: { select: { assignedAdvisorId: true } } } } } },
      signers: { select: { userId: true } },
    },
  });
}

const originOf = (firm: NotifyFirm) => firm.origin ?? (firm.slug ? siteUrl(firm.slug) : "");
const empty = (): NotifyResult => ({ notified: [], emailed: [], messages: [] });

/** The client hears that a draft (for approval) or the return (to sign) was sent to them. */
export async function notifyTaxReturnSent(tx: FirmTx, firm: NotifyFirm, input: { taxReturnId: string; draft: boolean }): Promise<NotifyResult> {
  const r = await facts(tx, input.taxReturnId);
  if (!r) return empty();
  const userIds = [...r.company.owners.map((o) => o.userId), ...r.signers.map((s) => s.userId).filter((id): id is string => Boolean(id))];
  const text = input.draft
    ? `Your ${r.taxYear} tax return draft is ready for your review (${r.company.name})`
    : `Your ${r.taxYear} tax return is ready for your signature (${r.company.name})`;
  const link = clientTaxReturnPath(r.id, r.companyId);
  return notify(
    { firm: { id: firm.id, name: firm.name }, db: tx },
    {
      typeId: input.draft ? NOTIFICATION_TYPE.information : NOTIFICATION_TYPE.questionnaireSignature,
      userIds,
      text,
      link,
      clientName: r.company.name,
      companyId: r.companyId,
      email: { subject: text, text: `${text}.\n\nOpen it: ${originOf(firm)}${link}\n\n${firm.name}` },
    },
  );
}

export type StaffTaxReturnEvent = "approved" | "changes_requested" | "all_signed" | "invoice_paid";

async function notifyFirm(
  tx: FirmTx,
  firm: NotifyFirm,
  event: StaffTaxReturnEvent,
  input: { taxReturnId: string; actorName?: string | null },
): Promise<NotifyResult> {
  const r = await facts(tx, input.taxReturnId);
  if (!r) return empty();
  const [partners, subscribers] = await Promise.all([
    tx.user.findMany({ where: { kind: "staff", firmAccess: "partner", deletedAt: null }, select: { id: true } }),
    tx.entityNotificationSubscription.findMany({
      where: { companyId: r.companyId, notificationTypeId: NOTIFICATION_TYPE.information },
      select: { userId: true },
    }),
  ]);
  const userIds = [
    ...r.company.owners.map((o) => o.user.assignedAdvisorId),
    ...partners.map((p) => p.id),
    ...subscribers.map((s) => s.userId),
    r.uploadedById,
  ].filter((id): id is string => Boolean(id));
  const who = input.actorName?.trim() || r.company.name;
  const what = `${r.taxYear} tax return (${r.company.name})`;
  const text =
    event === "approved"
      ? `${who} approved the draft of the ${what}`
      : event === "changes_requested"
        ? `${who} requested changes to the draft of the ${what}${r.draftComment ? `: ${r.draftComment}` : ""}`
        : event === "invoice_paid"
          ? `${who} paid the tax service invoice of the ${what}`
          : `All signatures are done on the ${what}`;
  const link = event === "changes_requested" ? staffTaxReturnPath(r.id, r.companyId) : "/tax-returns";
  return notify(
    { firm: { id: firm.id, name: firm.name }, db: tx },
    {
      typeId: NOTIFICATION_TYPE.information,
      userIds,
      text,
      link,
      clientName: r.company.name,
      companyId: r.companyId,
      email: { subject: text.slice(0, 190), text: `${text}.\n\nOpen it: ${originOf(firm)}${link}` },
    },
  );
}

/** The firm hears that the client approved the draft. */
export const notifyTaxReturnDraftApproved = (tx: FirmTx, firm: NotifyFirm, input: { taxReturnId: string; actorName?: string | null }) =>
  notifyFirm(tx, firm, "approved", input);
/** The firm hears that the client requested changes to the draft (the comment is in the text). */
export const notifyTaxReturnChangesRequested = (tx: FirmTx, firm: NotifyFirm, input: { taxReturnId: string; actorName?: string | null }) =>
  notifyFirm(tx, firm, "changes_requested", input);
/** The firm hears that every signer signed every form. */
export const notifyTaxReturnAllSigned = (tx: FirmTx, firm: NotifyFirm, input: { taxReturnId: string }) => notifyFirm(tx, firm, "all_signed", input);
/** The firm hears that the client paid the tax service invoice online (invoice_paid). */
export const notifyTaxReturnInvoicePaid = (tx: FirmTx, firm: NotifyFirm, input: { taxReturnId: string }) => notifyFirm(tx, firm, "invoice_paid", input);
