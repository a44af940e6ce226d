import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { makeSignedCopy } from "~/pdf/signed-copy.server";
import { dropSignedCopy, findSection, readSignatures, sectionDocument, touch } from "./frame.server";
import { DOCUMENT_SECTION_MESSAGES, MESSAGES, SECTION_TYPE, agreementComplete } from "../rules";
import type { SectionDocumentData } from "../types";

/** sign, remove_signature: an agreement or PDF signature; a complete PDF gets its signed copy (or a job makes it). */
export const sign: Handler<"sign" | "remove_signature"> = async (ctx, tx, target, action) => {
  const { portal, user, firmId, ip, written, largeCopies } = ctx;
  const section = await findSection(tx, target.id, action.sectionId);
  const onPdf = section.sectionType === SECTION_TYPE.pdf_signature;
  if (section.sectionType !== SECTION_TYPE.agreement_signature && !onPdf) throw new PortalError(400, "This section takes no signature.");
  if (onPdf && !(await sectionDocument(tx, section.id, "original"))) throw new PortalError(409, DOCUMENT_SECTION_MESSAGES.noDocument);
  // A PDF with no signers listed is signed by whichever owner of the entity signs it.
  if (onPdf && action.intent === "sign" && action.signatureId === "new" && (await tx.engagementSignature.count({ where: { sectionId: section.id } })) === 0) {
    const created = await tx.engagementSignature.create({
      data: { firmId, sectionId: section.id, userId: user.id, userName: `${user.fname} ${user.lname}`.trim() },
      select: { id: true },
    });
    action.signatureId = created.id;
  }
  const signature = await tx.engagementSignature.findFirst({ where: { id: action.signatureId, sectionId: section.id, userId: user.id } });
  if (!signature) throw new PortalError(404, "This signature is not yours to sign.");
  const onePerSection = portal.firm.preferences.requireOneSignaturePerSection;
  if (action.intent === "sign") {
    if (!action.signature.trim()) throw new PortalError(400, MESSAGES.signatureRequired);
    if (signature.notNeeded) throw new PortalError(400, MESSAGES.signatureNotRequired);
    await tx.engagementSignature.update({
      where: { id: signature.id },
      data: {
        signature: action.signature,
        signedAt: new Date(),
        clientTime: action.clientTime ?? null,
        ipAddress: ip,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      },
    });
    if (onePerSection) await tx.engagementSignature.updateMany({ where: { sectionId: section.id, signedAt: null }, data: { notNeeded: true } });
  } else {
    await tx.engagementSignature.update({
      where: { id: signature.id },
      data: { signature: null, signedAt: null, clientTime: null, ipAddress: null, userAgent: null },
    });
    if (onePerSection && (await tx.engagementSignature.count({ where: { sectionId: section.id, signedAt: { not: null } } })) === 0) {
      await tx.engagementSignature.updateMany({ where: { sectionId: section.id }, data: { notNeeded: false } });
    }
  }
  const all = await tx.engagementSignature.findMany({ where: { sectionId: section.id }, select: { signedAt: true, notNeeded: true } });
  const complete = agreementComplete(all, onePerSection);
  if (complete !== section.markedCompleted) await tx.section.update({ where: { id: section.id }, data: { markedCompleted: complete } });
  if (!onPdf) {
    await touch(tx, firmId, target, user, action.intent === "sign" ? "Signed the engagement letter" : "Removed a signature", ACTIVITY_TYPES.signature, ip);
    return { ok: true, sections: [{ id: section.id, markedCompleted: complete }] };
  }
  // pdf_signature: the signed copy follows the signatures (made once complete, dropped when a signature is removed).
  await dropSignedCopy(tx, section.id);
  let signedDocument: SectionDocumentData | null = null;
  if (complete) {
    const made = await makeSignedCopy(tx, firmId, { companyId: target.company_id, questionnaireId: target.id }, section.id, written);
    if (made === "too_large") largeCopies.push(section.id);
    else signedDocument = made;
  }
  const doc = await sectionDocument(tx, section.id, "original");
  await touch(
    tx,
    firmId,
    target,
    user,
    action.intent === "sign" ? `Signed ${doc?.name ?? "the document"}` : "Removed a signature",
    ACTIVITY_TYPES.signature,
    ip,
  );
  return {
    ok: true,
    message: action.intent === "sign" ? DOCUMENT_SECTION_MESSAGES.signed : undefined,
    sections: [{ id: section.id, markedCompleted: complete, signatures: await readSignatures(tx, section.id), signedDocument }],
  };
};
