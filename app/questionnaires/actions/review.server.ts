import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { findSection, sectionDocument, touch } from "./frame.server";
import { DOCUMENT_SECTION_MESSAGES, SECTION_TYPE, changeRequestError } from "../rules";

/** approve_review, request_changes: the client's answer to a pdf_review section's document. */
export const review: Handler<"approve_review" | "request_changes"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const section = await findSection(tx, target.id, action.sectionId);
  if (section.sectionType !== SECTION_TYPE.pdf_review) throw new PortalError(400, "This section has no document to review.");
  const doc = await sectionDocument(tx, section.id, "original");
  if (!doc) throw new PortalError(409, DOCUMENT_SECTION_MESSAGES.noDocument);
  if (section.markedCompleted) throw new PortalError(409, DOCUMENT_SECTION_MESSAGES.alreadyApproved);
  if (action.intent === "approve_review") {
    await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true, changesRequested: null, changesRequestedAt: null } });
    await touch(tx, firmId, target, user, `Approved ${doc.name}`, ACTIVITY_TYPES.questionnaire, ip);
    return { ok: true, message: DOCUMENT_SECTION_MESSAGES.approved, sections: [{ id: section.id, markedCompleted: true, changesRequested: null }] };
  }
  const problem = changeRequestError(action.reason);
  if (problem) throw new PortalError(400, problem);
  const reason = action.reason.trim();
  await tx.section.update({ where: { id: section.id }, data: { changesRequested: reason, changesRequestedAt: new Date() } });
  await touch(tx, firmId, target, user, `Requested changes to ${doc.name}`, ACTIVITY_TYPES.questionnaire, ip);
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.questionnaire,
    title: "Change request",
    description: reason,
    actorId: user.id,
    companyId: target.company_id,
    questionnaireId: target.id,
    ipAddress: ip,
  });
  return {
    ok: true,
    message: DOCUMENT_SECTION_MESSAGES.changesRequested,
    sections: [{ id: section.id, markedCompleted: false, changesRequested: reason }],
  };
};
