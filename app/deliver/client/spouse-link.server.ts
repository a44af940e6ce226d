/**
 * 'Send signing link to {spouse}': the taxpayer emails the spouse a single-use sign-in link (the
 * product's magic link, app/auth/sign-in-links.server.ts) that lands on the return's page, where
 * the spouse signs their own fields. The spouse needs a portal account that owns the entity.
 */
import type { SessionUser } from "~/auth/session.server";
import { sendSignInLink } from "~/auth/sign-in-links.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict, PortalError } from "~/errors";
import { TAX_RETURN_CONFLICTS } from "../rules";
import { findWritableTaxReturn } from "./review.server";
import { taxReturnHref } from "./stage";

export const SPOUSE_LINK_MESSAGES = {
  notTaxpayer: "Only the taxpayer can send the spouse a signing link.",
  noSpouse: "There is no spouse waiting to sign this tax return.",
  noAccount: "Your spouse has no portal account for this entity. Please ask your firm to invite them.",
} as const;

export async function sendSpouseSigningLink(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const found = await portal.db.$transaction(async (tx) => {
    const found = await findWritableTaxReturn(tx, user, id, companyId);
    if (found.status !== "sent") throw conflict(TAX_RETURN_CONFLICTS.all_signed);
    const signers = await tx.taxReturnSigner.findMany({ where: { taxReturnId: found.id }, select: { role: true, userId: true, signedAt: true } });
    if (!signers.some((x) => x.role === "taxpayer" && x.userId === user.id)) throw new PortalError(403, SPOUSE_LINK_MESSAGES.notTaxpayer);
    const spouse = signers.find((x) => x.role === "spouse" && !x.signedAt);
    if (!spouse) throw conflict(SPOUSE_LINK_MESSAGES.noSpouse);
    const account = spouse.userId
      ? await tx.user.findFirst({
          where: { id: spouse.userId, deletedAt: null, ownerships: { some: { companyId: found.companyId } } },
          select: { id: true, email: true },
        })
      : null;
    if (!account?.email) throw conflict(SPOUSE_LINK_MESSAGES.noAccount);
    return { ...found, spouse: account };
  });
  const sent = await sendSignInLink(portal, found.spouse, {
    purpose: "sign_in_link",
    redirectTo: taxReturnHref(found.id, found.companyId),
    attemptHash: null,
    sentBy: { id: user.id },
  });
  if (!sent.ok) throw new PortalError(sent.status === 502 ? 503 : 429, sent.message);
  return { ok: true, destination: sent.destination };
}
