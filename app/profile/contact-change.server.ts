/**
 * The rule the profile and the 'Confirm this information' dialog share for contact details that
 * are also sign-in details: changing the email or the phone (or turning two-factor off) needs
 * proof that it's the owner (app/auth/reauth.server.ts), and a new phone number is not saved here:
 * a code is texted to it, and the number is saved when that code comes back (verify-phone).
 */
import { confirmIdentity, startPhoneVerification, type IdentityProof } from "~/auth/reauth.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { refuse, type Refusal } from "./outcome";

export interface ContactChange {
  emailChanges: boolean;
  phoneBefore: string | null;
  phoneAfter: string | null;
  twoFactorOff?: boolean;
  proof: IdentityProof;
}

export type ContactChangeCheck = { ok: true; phoneChanges: boolean; phoneVerificationSentTo: string | null } | Refusal;

export async function guardContactChange(portal: FirmSiteContext, user: SessionUser, change: ContactChange): Promise<ContactChangeCheck> {
  const phoneChanges = change.phoneAfter !== change.phoneBefore;
  if (change.emailChanges || phoneChanges || change.twoFactorOff) {
    const proved = await confirmIdentity(portal, user, change.proof);
    if (!proved.ok) return refuse(proved.status, proved.message, proved.field === "form" ? undefined : proved.field);
  }
  if (!phoneChanges || !change.phoneAfter) return { ok: true, phoneChanges, phoneVerificationSentTo: null };
  const sent = await startPhoneVerification(portal, user, change.phoneAfter);
  if (!sent.ok) return refuse(sent.status, sent.message, "phoneNumber");
  return { ok: true, phoneChanges, phoneVerificationSentTo: sent.destination };
}
