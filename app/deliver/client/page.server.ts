/**
 * What the client's tax return page (/tax-return-delivery/{id}?companyId=) shows: the return,
 * short-lived URLs of its PDF (the signed copy once there is one), its bookmarks, the e-sign
 * forms, every signer with their fields (the signed-in user's own are fillable), the vouchers and
 * what the client may do now.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { createInlineUrl } from "~/storage.server";
import { findTaxReturn } from "../access.server";
import { formName, formatCents, INVOICE_PAYABLE_STATUSES, TAX_RETURN_STATUS_LABELS, voucherDue, voucherName } from "../rules";
import { signingDate } from "../signing/rules";
import { clientIdentityPrompt } from "~/payments/identity-rules";
import { identityRequired, signerIdentities } from "~/payments/identity.server";
import { connectedAccount } from "~/payments/card-payments.server";
import { clientStage, type OutlineItem } from "./stage";

export async function loadTaxReturnPage(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const firmId = portal.firm.id;
  const found = await findTaxReturn(portal.db, user, id, companyId);
  const row = await portal.db.taxReturn.findFirstOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      taxReturnName: true,
      status: true,
      draftComment: true,
      storageKey: true,
      signedFileKey: true,
      outline: true,
      invoiceAmountCents: true,
      invoicePaid: true,
      company: { select: { name: true, readonlyAccess: true } },
      eSignForms: { select: { id: true, formId: true, customFormName: true, pages: true }, orderBy: { order: "asc" } },
      paymentVouchers: { select: { id: true, voucherId: true, customPaymentName: true, amountCents: true, isPaid: true, isDueAsap: true, dueDate: true } },
      signers: {
        select: {
          id: true,
          role: true,
          userId: true,
          fname: true,
          lname: true,
          email: true,
          signedAt: true,
          fields: { select: { id: true, kind: true, page: true, x: true, y: true, width: true, height: true, filledAt: true } },
        },
        orderBy: { role: "asc" },
      },
    },
  });
  // With the firm's identity verification on, each signer's check (and this user's next step).
  const identities = identityRequired(portal) && row.status === "sent" ? await signerIdentities(portal.db, row.id) : null;
  const myIdentity = identities?.find((i) => i.userId === user.id) ?? null;
  const key = row.signedFileKey ?? row.storageKey;
  // Download goes through the one download path (../ops/download.ts, the client's variant).
  const pdfUrl = key ? await createInlineUrl({ firmId, key, expiresInSeconds: 3600 }) : null;
  const readOnly = user.kind !== "client" || user.readonlyAccess || row.company.readonlyAccess;
  const me = row.signers.find((s) => s.userId === user.id) ?? null;
  const spouse = row.signers.find((s) => s.role === "spouse" && s.userId !== user.id) ?? null;
  // The tax service invoice: paid online through the firm's connected account (app/payments/).
  const invoiceDue = row.invoiceAmountCents !== null && row.invoiceAmountCents > 0 && !row.invoicePaid && INVOICE_PAYABLE_STATUSES.includes(row.status);
  const invoice =
    row.invoiceAmountCents !== null && row.invoiceAmountCents > 0
      ? {
          amount: formatCents(row.invoiceAmountCents),
          paid: row.invoicePaid,
          payable: invoiceDue && !readOnly,
          connected: invoiceDue ? (await connectedAccount(portal.db, firmId)) !== null : false,
        }
      : null;
  return {
    taxReturn: {
      id: row.id,
      companyId: row.companyId,
      name: row.taxReturnName,
      taxYear: row.taxYear,
      status: row.status,
      statusLabel: TAX_RETURN_STATUS_LABELS[row.status],
      draftComment: row.draftComment,
      entityName: row.company.name,
      signed: row.signedFileKey !== null,
    },
    stage: clientStage(row.status),
    pdfUrl,
    downloadable: key !== null,
    outline: Array.isArray(row.outline) ? (row.outline as unknown as OutlineItem[]) : [],
    forms: row.eSignForms.map((f) => ({ id: f.id, name: formName(f.formId, f.customFormName), pages: f.pages })),
    vouchers: row.paymentVouchers.map((v) => {
      const facts = { isDueAsap: v.isDueAsap, dueDate: v.dueDate?.toISOString().slice(0, 10) ?? null };
      return { id: v.id, name: voucherName(v.voucherId, v.customPaymentName), amount: formatCents(v.amountCents), due: voucherDue(facts), paid: v.isPaid };
    }),
    signers: row.signers.map((s) => ({
      id: s.id,
      role: s.role,
      name: `${s.fname} ${s.lname}`.trim(),
      mine: s.userId === user.id,
      signed: s.signedAt !== null,
      identity: identities?.find((i) => i.signerId === s.id)?.label ?? null,
      fields: s.fields.map((f) => ({ ...f, filledAt: f.filledAt?.toISOString() ?? null })),
    })),
    meId: me?.id ?? null,
    /** Null when the firm does not ask; else whether this user may sign now and what to show them. */
    identity: myIdentity
      ? {
          verified: myIdentity.label === "Verified",
          ...clientIdentityPrompt(myIdentity),
          // Back from the provider's page, the webhook is on its way: the page looks again for a while.
          waiting: myIdentity.status === "processing" || (myIdentity.status === "not_started" && myIdentity.providerSessionId !== null),
        }
      : null,
    invoice,
    readOnly,
    today: signingDate(new Date(), portal.firm.timeZone),
    /** 'Send signing link to {spouse}': the taxpayer, while the spouse (with a portal account) has not signed. */
    spouseLink:
      me?.role === "taxpayer" && spouse && !spouse.signedAt && spouse.userId && row.status === "sent" && !readOnly
        ? { name: `${spouse.fname} ${spouse.lname}`.trim() }
        : null,
  };
}

export type TaxReturnPageData = Awaited<ReturnType<typeof loadTaxReturnPage>>;
