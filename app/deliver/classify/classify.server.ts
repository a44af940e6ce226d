/**
 * The classification page's server side: what it shows (the return, its classification, the
 * entity's owners who may sign), saving a classification (one transaction replacing the previous
 * one), sending (action_required | approved → sending → draft | sent) and the PDF's presigned URL.
 * Every call finds the return through the door (app/deliver/access.server.ts).
 */
import { cardPaymentsReady } from "~/payments/connection.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { deliverNotificationEmails } from "~/notifications/notify.server";
import { createInlineUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { notifyTaxReturnSent } from "../ops/notify.server";
import { scheduleTaxReturnReminders } from "../reminders/reminders.server";
import { statusesFor, TAX_RETURN_CONFLICTS, type TaxReturnEvent } from "../rules";
import { classificationErrors, CLASSIFY_MESSAGES, readyToSend, type Classification } from "./classification";

export interface SignerCandidate {
  userId: string;
  name: string;
  email: string | null;
  /** The owner's role on the entity ('taxpayer', 'spouse' or 'none'). */
  specialRole: string;
}

export interface ClassificationView {
  taxReturn: {
    id: string;
    companyId: string;
    companyName: string;
    companyHash: string;
    taxYear: number;
    name: string;
    status: string;
    fileName: string | null;
    pageCount: number | null;
    /** null when the processing job could not read the PDF's bookmarks. */
    outline: OutlineItem[] | null;
    processingError: string | null;
    editable: boolean;
  };
  classification: Classification;
  candidates: SignerCandidate[];
  /** Whether the client can pay the invoice online ("off": no payment provider on this portal), and whether this viewer may connect one. */
  cardPayments: "off" | boolean;
  canConnectPayments: boolean;
}

export interface OutlineItem {
  title: string;
  page: number | null;
  children: OutlineItem[];
}

const EDITABLE = statusesFor("send");

export async function loadClassification(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null): Promise<ClassificationView> {
  const found = await findTaxReturn(portal.db, user, id, companyId);
  const db = portal.db;
  const row = await db.taxReturn.findFirstOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      taxReturnName: true,
      status: true,
      fileName: true,
      pageCount: true,
      outline: true,
      processingError: true,
      sendDraftForApproval: true,
      invoiceAmountCents: true,
      company: {
        select: {
          name: true,
          hashId: true,
          owners: { select: { userId: true, specialRole: true, user: { select: { fname: true, lname: true, email: true, deletedAt: true } } } },
        },
      },
    },
  });
  const [signers, forms, fields, vouchers] = await Promise.all([
    db.taxReturnSigner.findMany({ where: { taxReturnId: row.id }, orderBy: { role: "asc" }, select: { id: true, role: true, userId: true } }),
    db.eSignForm.findMany({ where: { taxReturnId: row.id }, orderBy: { order: "asc" }, include: { signatures: { select: { signerId: true } } } }),
    db.signatureField.findMany({ where: { taxReturnId: row.id }, orderBy: [{ page: "asc" }, { y: "asc" }] }),
    db.paymentVoucher.findMany({ where: { taxReturnId: row.id }, orderBy: { id: "asc" } }),
  ]);
  const classification: Classification = {
    sendDraftForApproval: row.sendDraftForApproval,
    invoiceAmountCents: row.invoiceAmountCents,
    signers: signers.filter((s) => s.userId).map((s) => ({ key: s.id, role: s.role, userId: s.userId! })),
    forms: forms.map((f) => ({
      formId: f.formId,
      customFormName: f.customFormName,
      pages: f.pages,
      signerKeys: f.signatures.map((s) => s.signerId),
      wetSignaturesRequired: f.wetSignaturesRequired,
    })),
    fields: fields.map((f) => ({ signerKey: f.signerId, kind: f.kind, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height })),
    vouchers: vouchers.map((v) => ({
      voucherId: v.voucherId,
      customPaymentName: v.customPaymentName,
      pages: v.pages,
      amountCents: v.amountCents,
      isDueAsap: v.isDueAsap,
      dueDate: v.dueDate ? v.dueDate.toISOString().slice(0, 10) : null,
    })),
  };
  return {
    taxReturn: {
      id: row.id,
      companyId: row.companyId,
      companyName: row.company.name,
      companyHash: row.company.hashId,
      taxYear: row.taxYear,
      name: row.taxReturnName,
      status: row.status,
      fileName: row.fileName,
      pageCount: row.pageCount,
      outline: Array.isArray(row.outline) ? (row.outline as unknown as OutlineItem[]) : null,
      processingError: row.processingError,
      editable: EDITABLE.includes(row.status),
    },
    classification,
    candidates: row.company.owners
      .filter((o) => !o.user.deletedAt)
      .map((o) => ({ userId: o.userId, name: `${o.user.fname} ${o.user.lname}`.trim(), email: o.user.email, specialRole: o.specialRole })),
    cardPayments: await cardPaymentsReady(portal),
    canConnectPayments: user.firmAccess === "partner",
  };
}

/** 409 unless the return is in a status its classification may change in (locked race-free inside `tx`). */
async function lockForEvent(tx: FirmTx, id: string, event: TaxReturnEvent, message: string): Promise<void> {
  // A no-op update that only matches in an allowed status: it takes the row's lock, so a concurrent send waits.
  const { count } = await tx.taxReturn.updateMany({ where: { id, status: { in: statusesFor(event) } }, data: { updatedAt: new Date() } });
  if (count === 0) throw new PortalError(409, message);
}

/** Saves `input` as the return's classification, replacing the previous one, in one transaction. */
export async function saveClassification(
  portal: FirmSiteContext,
  user: SessionUser,
  id: string,
  companyId: string | null,
  input: Classification,
): Promise<void> {
  const found = await findTaxReturn(portal.db, user, id, companyId);
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    await lockForEvent(tx, found.id, "send", CLASSIFY_MESSAGES.notEditable);
    const row = await tx.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { pageCount: true } });
    const errors = classificationErrors(input, row.pageCount ?? 0);
    if (Object.keys(errors).length) throw new PortalError(422, Object.values(errors)[0]!, { fields: errors });
    const owners = await tx.companyOwner.findMany({
      where: { companyId: found.companyId, userId: { in: input.signers.map((s) => s.userId) }, user: { deletedAt: null } },
      select: { userId: true, user: { select: { fname: true, lname: true, email: true } } },
    });
    const ownerOf = new Map(owners.map((o) => [o.userId, o.user]));
    if (input.signers.some((s) => !ownerOf.has(s.userId)))
      throw new PortalError(422, CLASSIFY_MESSAGES.signerNotOwner, { fields: { signers: CLASSIFY_MESSAGES.signerNotOwner } });

    // Replace: fields, forms (their unsigned signature rows cascade), signers, vouchers.
    await tx.signatureField.deleteMany({ where: { taxReturnId: found.id } });
    await tx.eSignForm.deleteMany({ where: { taxReturnId: found.id } });
    await tx.taxReturnSigner.deleteMany({ where: { taxReturnId: found.id } });
    await tx.paymentVoucher.deleteMany({ where: { taxReturnId: found.id } });

    const signerId = new Map<string, string>();
    for (const s of input.signers) {
      const owner = ownerOf.get(s.userId)!;
      const created = await tx.taxReturnSigner.create({
        data: { firmId, taxReturnId: found.id, role: s.role, userId: s.userId, fname: owner.fname, lname: owner.lname, email: owner.email },
        select: { id: true },
      });
      signerId.set(s.key, created.id);
    }
    const formIdByPage = new Map<number, string>();
    for (const [order, form] of input.forms.entries()) {
      const created = await tx.eSignForm.create({
        data: {
          firmId,
          taxReturnId: found.id,
          formId: form.formId,
          customFormName: form.formId === "custom" ? (form.customFormName?.trim() ?? null) : null,
          pages: [...new Set(form.pages)].sort((a, b) => a - b),
          wetSignaturesRequired: form.wetSignaturesRequired ?? false,
          order,
        },
        select: { id: true },
      });
      // One unsigned signature row per signer asked to sign the form (the Signature cell counts them).
      await tx.eSignFormSignature.createMany({ data: form.signerKeys.map((k) => ({ firmId, eSignFormId: created.id, signerId: signerId.get(k)! })) });
      for (const p of form.pages) formIdByPage.set(p, created.id);
    }
    if (input.fields.length)
      await tx.signatureField.createMany({
        data: input.fields.map((f) => ({
          firmId,
          taxReturnId: found.id,
          eSignFormId: formIdByPage.get(f.page)!,
          signerId: signerId.get(f.signerKey)!,
          kind: f.kind,
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
        })),
      });
    if (input.vouchers.length)
      await tx.paymentVoucher.createMany({
        data: input.vouchers.map((v) => ({
          firmId,
          taxReturnId: found.id,
          voucherId: v.voucherId,
          customPaymentName: v.voucherId === "custom" ? (v.customPaymentName?.trim() ?? null) : null,
          pages: [...new Set(v.pages)].sort((a, b) => a - b),
          amountCents: v.amountCents,
          isDueAsap: v.isDueAsap,
          dueDate: !v.isDueAsap && v.dueDate ? new Date(`${v.dueDate}T00:00:00Z`) : null,
        })),
      });
    await tx.taxReturn.update({
      where: { id: found.id },
      data: {
        sendDraftForApproval: input.sendDraftForApproval,
        invoiceAmountCents: input.invoiceAmountCents && input.invoiceAmountCents > 0 ? input.invoiceAmountCents : null,
      },
    });
    await recordTaxReturnEvent(tx, firmId, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: "Tax return classified",
      description: `${input.forms.length} e-sign form(s), ${input.fields.length} box(es), ${input.vouchers.length} payment voucher(s)`,
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
  });
}

/**
 * Sends a classified return: `sending`, then `draft` (a draft for approval, when chosen and the
 * client has not approved one yet) or `sent` (sentAt set). 409 when it is not classified or not in
 * a status it can be sent from.
 */
export async function sendTaxReturn(
  portal: FirmSiteContext,
  user: SessionUser,
  id: string,
  companyId: string | null,
): Promise<{ status: "draft" | "sent"; message: string }> {
  const found = await findTaxReturn(portal.db, user, id, companyId);
  const firmId = portal.firm.id;
  const asDraft = await portal.db.$transaction(async (tx) => {
    const row = await tx.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { status: true, sendDraftForApproval: true } });
    if (!statusesFor("send").includes(row.status)) throw new PortalError(409, TAX_RETURN_CONFLICTS.send);
    const draft = row.sendDraftForApproval && row.status !== "approved";
    if (!draft) {
      const [forms, fields] = await Promise.all([
        tx.eSignForm.findMany({ where: { taxReturnId: found.id }, select: { pages: true, signatures: { select: { signerId: true } } } }),
        tx.signatureField.findMany({ where: { taxReturnId: found.id }, select: { signerId: true, kind: true, page: true } }),
      ]);
      const ready = readyToSend({
        sendDraftForApproval: false,
        forms: forms.map((f) => ({ formId: "", pages: f.pages, signerKeys: f.signatures.map((s) => s.signerId) })),
        fields: fields.map((f) => ({ signerKey: f.signerId, kind: f.kind, page: f.page, x: 0, y: 0, width: 0, height: 0 })),
      });
      if (!ready) throw new PortalError(409, CLASSIFY_MESSAGES.notClassified);
    }
    const { count } = await tx.taxReturn.updateMany({ where: { id: found.id, status: { in: statusesFor("send") } }, data: { status: "sending" } });
    if (count === 0) throw new PortalError(409, TAX_RETURN_CONFLICTS.send);
    return draft;
  });
  const event: TaxReturnEvent = asDraft ? "delivered_draft" : "delivered";
  const scope = { firm: { id: firmId, name: portal.firm.name }, db: portal.db };
  const told = await portal.db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.taxReturn.updateMany({
      where: { id: found.id, status: { in: statusesFor(event) } },
      data: asDraft ? { status: "draft", draftStatus: "draft", draftComment: null } : { status: "sent", sentAt: now },
    });
    if (count === 0) throw new PortalError(409, TAX_RETURN_CONFLICTS[event]);
    await recordTaxReturnEvent(tx, firmId, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: asDraft ? "Draft sent for approval" : "Tax return sent for signature",
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
    // Sent for signature: automatic reminders from the firm's frequency (a draft waits for approval).
    if (!asDraft) await scheduleTaxReturnReminders(tx, { id: found.id }, { id: firmId }, now);
    return notifyTaxReturnSent(tx, { id: firmId, name: portal.firm.name, origin: portal.origin }, { taxReturnId: found.id, draft: asDraft });
  });
  await deliverNotificationEmails(scope, told.messages).catch((error: unknown) => console.error(`Emails of tax return ${found.id} not handed over:`, error));
  return asDraft ? { status: "draft", message: CLASSIFY_MESSAGES.sentDraft } : { status: "sent", message: CLASSIFY_MESSAGES.sentForSignature };
}

/** A short-lived presigned GET of the return's PDF, for pdf.js in the page (never through the app). */
export async function taxReturnPdfUrl(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null): Promise<string> {
  const found = await findTaxReturn(portal.db, user, id, companyId);
  const row = await portal.db.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { storageKey: true, status: true } });
  if (!row.storageKey || !keyBelongsToEntity(row.storageKey, portal.firm.id, found.companyId) || row.status === "processing")
    throw new PortalError(409, "The tax return's file is not ready yet.");
  return createInlineUrl({ firmId: portal.firm.id, key: row.storageKey, expiresInSeconds: 600 });
}
