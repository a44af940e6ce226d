/**
 * /review-signature-request/{id}?companyId=: what the page shows, by who opens it (both through the
 * door, ../access.server.ts):
 * - staff: the request, the entity's owners who may sign, its signers and boxes, the PDF's URL
 *   (the signed copy once there is one): place boxes and send, or follow the signing;
 * - a client: the request, its signers with their boxes (the signed-in signer's own are
 *   fillable), the PDF's URL (the signed copy once there is one), and whether they may sign.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { createInlineUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
import { findSignatureRequest } from "../access.server";
import { signingDate } from "../signing/rules";
import { loadRequestSigning, loadStaffRequest } from "./requests.server";
import { SIGNATURE_REQUEST_STATUS_LABELS } from "./rules";

async function pdfUrlOf(portal: FirmSiteContext, companyId: string, row: { storageKey: string | null; signedDocumentKey: string | null; status: string }) {
  const key = row.signedDocumentKey ?? row.storageKey;
  if (!key || row.status === "processing" || !keyBelongsToEntity(key, portal.firm.id, companyId)) return null;
  return createInlineUrl({ firmId: portal.firm.id, key, expiresInSeconds: 3600 });
}

export async function loadStaffReviewPage(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const view = await loadStaffRequest(portal, user, id, companyId);
  const row = await portal.db.signatureRequest.findFirstOrThrow({
    where: { id: view.request.id },
    select: { storageKey: true, signedDocumentKey: true, status: true },
  });
  const activity = await portal.db.activityLog.findMany({
    where: { signatureRequestId: view.request.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    select: { id: true, title: true, description: true, createdAt: true },
  });
  return {
    kind: "staff" as const,
    ...view,
    activity: activity.map((a) => ({ id: a.id, title: a.title, description: a.description, at: a.createdAt.toISOString() })),
    statusLabel: SIGNATURE_REQUEST_STATUS_LABELS[view.request.status],
    timeZone: portal.firm.timeZone,
    pdfUrl: await pdfUrlOf(portal, view.request.companyId, row),
  };
}

export async function loadClientSignPage(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  const row = await portal.db.signatureRequest.findFirstOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      formName: true,
      status: true,
      storageKey: true,
      signedDocumentKey: true,
      company: { select: { name: true, readonlyAccess: true } },
    },
  });
  const { signers, fields } = await loadRequestSigning(portal.db, row.id);
  const readOnly = user.kind !== "client" || user.readonlyAccess || row.company.readonlyAccess;
  return {
    kind: "client" as const,
    request: {
      id: row.id,
      companyId: row.companyId,
      formName: row.formName,
      taxYear: row.taxYear,
      status: row.status,
      statusLabel: SIGNATURE_REQUEST_STATUS_LABELS[row.status],
      entityName: row.company.name,
      signed: row.signedDocumentKey !== null,
    },
    pdfUrl: await pdfUrlOf(portal, row.companyId, row),
    signers: signers.map((s) => ({
      id: s.id,
      name: s.name,
      mine: s.userId === user.id,
      signed: s.signedAt !== null,
      // Boxes show while the request waits for signatures; the signed copy carries them itself.
      fields: row.status === "sent" ? fields.filter((f) => f.signerId === s.id) : [],
    })),
    readOnly,
    today: signingDate(new Date(), portal.firm.timeZone),
  };
}

export type StaffReviewData = Awaited<ReturnType<typeof loadStaffReviewPage>>;
export type ClientSignData = Awaited<ReturnType<typeof loadClientSignPage>>;
