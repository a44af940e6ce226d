/**
 * 'Confirm this information' (client spec §2, Dialogs): when an open questionnaire of the
 * client's selected entity asks for a profile update (`updateProfileSection`) and the client has
 * not confirmed their contact details since it was sent, the dashboard shows a persistent dialog
 * with their email, cell phone, SMS choice and the entity's address. Confirming saves them and
 * sets `contactConfirmedAt` (and the questionnaire's `profileUpdatedAt`, spec mark_profile_updated).
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { notifyAccountChange } from "~/auth/reauth.server";
import { hasRecentAuth, maskEmail } from "~/auth/sign-in-rules";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { toCountry, type Country } from "./address";
import { guardContactChange } from "./contact-change.server";
import { needsContactConfirmation } from "./contact-rules";
import { sendEmailChangeConfirmation, startEmailChange } from "./email-change.server";
import { editableEntity, writeEntityFields } from "./entity-profile.server";
import { refuse, type Refusal } from "./outcome";
import type { ConfirmContactInput } from "./profile-schema";

export interface ContactConfirmationRequest {
  questionnaireId: string;
  entity: { hashId: string; name: string; street: string; city: string; state: string; zip: string; country: Country };
  email: string;
  phoneNumber: string;
  sms: boolean;
  /** How to confirm it's the owner before changing the email or phone; null when done recently. */
  reauth: { method: "password" | "code"; destination: string | null } | null;
}

/**
 * What the dialog shows for the client's selected entity, or null when nothing needs
 * confirming. Read-only users and entities are never asked (they could not save).
 */
export async function loadContactConfirmation(db: FirmDb | FirmTx, user: SessionUser, companyId: string): Promise<ContactConfirmationRequest | null> {
  if (user.kind !== "client" || user.readonlyAccess) return null;
  // Both clients have the same model API; the union of their extension types is not callable.
  const read = db as FirmTx;
  // Usually nothing asks: one indexed look-up and done.
  const questionnaire = await read.questionnaire.findFirst({
    where: { companyId, updateProfileSection: true, completed: false, locked: false, isDraft: false, deletedAt: null, sentAt: { not: null } },
    select: { id: true, sentAt: true },
    orderBy: { sentAt: "desc" },
  });
  if (!questionnaire) return null;
  const me = await read.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { email: true, phoneNumber: true, preferredContactMethod: true, contactConfirmedAt: true, passwordHash: true, setPasswordRequired: true },
  });
  if (!needsContactConfirmation(me.contactConfirmedAt, questionnaire.sentAt)) return null;
  const company = await read.company.findUnique({
    where: { id: companyId },
    select: { hashId: true, name: true, street: true, city: true, state: true, zip: true, country: true, readonlyAccess: true },
  });
  if (!company || company.readonlyAccess) return null;
  return {
    questionnaireId: questionnaire.id,
    entity: {
      hashId: company.hashId,
      name: company.name,
      street: company.street ?? "",
      city: company.city ?? "",
      state: company.state ?? "",
      zip: company.zip ?? "",
      country: toCountry(company.country),
    },
    email: me.email ?? "",
    phoneNumber: me.phoneNumber ?? "",
    sms: me.preferredContactMethod === "sms",
    reauth: hasRecentAuth(user.reauthenticatedAt)
      ? null
      : { method: me.passwordHash && !me.setPasswordRequired ? "password" : "code", destination: me.email ? maskEmail(me.email) : null },
  };
}

export const CONFIRM_CONTACT_MESSAGES = {
  notFound: "This questionnaire no longer asks you to confirm your information.",
} as const;

/** The dialog's Confirm. */
export async function confirmContact(
  portal: FirmSiteContext,
  user: SessionUser,
  input: ConfirmContactInput,
  now = new Date(),
): Promise<{ ok: true; emailConfirmationSentTo: string | null; phoneVerificationSentTo: string | null } | Refusal> {
  // The same rules as the profile: changing the email or the phone needs proof that it's the
  // owner, and a new number is saved only when the code texted to it comes back (on /profile).
  const before = await portal.db.user.findFirst({ where: { id: user.id }, select: { email: true, phoneNumber: true } });
  if (!before) return refuse(404, CONFIRM_CONTACT_MESSAGES.notFound);
  const newPhone = input.phoneNumber || null;
  const guarded = await guardContactChange(portal, user, {
    emailChanges: input.email !== before.email,
    phoneBefore: before.phoneNumber ?? null,
    phoneAfter: newPhone,
    proof: { currentPassword: input.currentPassword, reauthCode: input.reauthCode },
  });
  if (!guarded.ok) return guarded;
  const { phoneChanges, phoneVerificationSentTo } = guarded;
  const result = await portal.db.$transaction(async (tx): Promise<{ ok: true; token: string | null; name: string } | Refusal> => {
    const entity = await editableEntity(tx, user, input.entity);
    if (!entity.ok) return entity;
    const questionnaire = await tx.questionnaire.findFirst({
      where: { id: input.questionnaireId, companyId: entity.id, updateProfileSection: true, deletedAt: null },
      select: { id: true },
    });
    if (!questionnaire) return refuse(404, CONFIRM_CONTACT_MESSAGES.notFound);

    const me = await tx.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { email: true, phoneNumber: true, preferredContactMethod: true, fname: true, preferredName: true },
    });
    let token: string | null = null;
    if (input.email !== me.email) {
      const started = await startEmailChange(tx, portal, user, input.email, now);
      if (!started.ok) return started;
      token = started.token;
    }
    const contactMethod = input.sms ? "sms" : "email";
    await tx.user.update({
      where: { id: user.id },
      data: { phoneNumber: phoneVerificationSentTo ? me.phoneNumber : newPhone, preferredContactMethod: contactMethod, contactConfirmedAt: now },
    });
    const userChanges = [
      (me.phoneNumber ?? "") !== input.phoneNumber ? "cell phone" : null,
      me.preferredContactMethod !== contactMethod ? "contact method" : null,
    ].filter(Boolean);
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Contact information confirmed",
      description: userChanges.length ? `Changed ${userChanges.join(", ")}` : "No changes",
      actorId: user.id,
      userId: user.id,
      companyId: entity.id,
      questionnaireId: questionnaire.id,
      ipAddress: portal.clientAddress,
    });
    await writeEntityFields(tx, portal, user, entity, { street: input.street, city: input.city, state: input.state, zip: input.zip, country: input.country });
    await tx.questionnaire.update({ where: { id: questionnaire.id }, data: { profileUpdatedAt: now } });
    return { ok: true, token, name: me.preferredName || me.fname };
  });
  if (!result.ok) return result;
  if (result.token) {
    await sendEmailChangeConfirmation(portal, { userId: user.id, to: input.email, name: result.name, token: result.token });
    await notifyAccountChange(portal, user.id, "email requested", before.email);
  }
  if (phoneChanges && !newPhone) await notifyAccountChange(portal, user.id, "phone");
  return { ok: true, emailConfirmationSentTo: result.token ? input.email : null, phoneVerificationSentTo };
}
