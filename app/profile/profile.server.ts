/**
 * The signed-in user's own profile (/profile for clients, /admin-profile for staff): read it,
 * and save it. Every change is written to the activity log (type 1, detail change); turning
 * two-factor off ends the user's other sessions; a new email goes through confirmation
 * (./email-change.server.ts).
 */
import { createHash } from "node:crypto";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { confirmPhoneVerification, notifyAccountChange, pendingPhoneVerification, reauthOption } from "~/auth/reauth.server";
import { endOtherSessions, type SessionUser } from "~/auth/session.server";
import { guardContactChange } from "./contact-change.server";
import type { FirmSiteContext } from "~/context.server";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "~/time-zones";
import { sendEmailChangeConfirmation, startEmailChange } from "./email-change.server";
import { refuse, type Refusal } from "./outcome";
import { PROFILE_MESSAGES, type UserProfileInput } from "./profile-schema";
import { effectiveTwoFactor, twoFactorPolicy, type TwoFactorPolicy } from "./two-factor";

export interface UserProfile {
  email: string;
  /** A new address waiting for its confirmation link. */
  pendingEmail: string | null;
  preferredContactMethod: "email" | "sms";
  phoneNumber: string;
  workPhoneNumber: string;
  workPhoneExtension: string;
  timeZone: string;
  /** As it applies (on when the policy requires it, whatever is stored). */
  enabled2fa: boolean;
  twoFactor: TwoFactorPolicy;
  readOnly: boolean;
  /** Changes when the profile is saved (remounts the form with the saved values). */
  version: string;
  /** How to confirm it's the owner before changing email, phone or two-factor; null when done recently. */
  reauth: { method: "password" | "code"; destination: string | null } | null;
  /** A new number waiting for the code texted to it in this session (masked). */
  pendingPhone: string | null;
}

export async function getUserProfile(portal: FirmSiteContext, user: SessionUser): Promise<UserProfile> {
  const row = await portal.db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: {
      email: true,
      pendingEmail: true,
      preferredContactMethod: true,
      phoneNumber: true,
      workPhoneNumber: true,
      workPhoneExtension: true,
      timeZone: true,
      enabled2fa: true,
      readonlyAccess: true,
    },
  });
  const twoFactor = twoFactorPolicy(user, portal.firm.preferences);
  const [option, waiting] = await Promise.all([reauthOption(portal, user), pendingPhoneVerification(portal, user)]);
  const shown = {
    pendingPhone: waiting?.masked ?? null,
    email: row.email ?? "",
    pendingEmail: row.pendingEmail,
    preferredContactMethod: row.preferredContactMethod,
    phoneNumber: row.phoneNumber ?? "",
    workPhoneNumber: row.workPhoneNumber ?? "",
    workPhoneExtension: row.workPhoneExtension ?? "",
    timeZone: Object.hasOwn(TIME_ZONES, row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
    enabled2fa: effectiveTwoFactor(row.enabled2fa, twoFactor),
    readOnly: row.readonlyAccess,
  };
  return {
    ...shown,
    reauth: option.recent ? null : { method: option.method, destination: option.destination },
    twoFactor,
    // From what the form shows, not the row's updatedAt: a wrong current password writes the
    // sign-in lockout's counters, and remounting then would wipe the password being typed again.
    version: createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 16),
  };
}

export interface ProfileSaved {
  ok: true;
  /** What changed, in words ("phone number", "time zone"…); empty when nothing did. */
  changed: string[];
  /** The address a confirmation link was sent to, when the email is changing. */
  emailConfirmationSentTo: string | null;
  /** Sessions ended because two-factor was turned off. */
  sessionsEnded: number;
  /** A new phone number waits for the code texted to it (masked). */
  phoneVerificationSentTo?: string | null;
}

const FIELD_NAMES = {
  preferredContactMethod: "contact method",
  phoneNumber: "phone number",
  workPhoneNumber: "work phone number",
  workPhoneExtension: "work phone extension",
  timeZone: "time zone",
} as const;

/**
 * Saves the user's own profile. Read-only users are refused (403). Two-factor stays on when the
 * policy requires it, whatever the request says. The email itself changes only on confirmation.
 */
export async function updateUserProfile(portal: FirmSiteContext, user: SessionUser, input: UserProfileInput): Promise<ProfileSaved | Refusal> {
  const policy = twoFactorPolicy(user, portal.firm.preferences);
  // Account changes (email, phone, two-factor off) need proof that it's the owner, and a new phone
  // number is saved only once a code texted to it comes back (verify-phone).
  const before = await portal.db.user.findFirst({ where: { id: user.id }, select: { email: true, phoneNumber: true, enabled2fa: true, readonlyAccess: true } });
  if (!before || before.readonlyAccess) return refuse(403, PROFILE_MESSAGES.readOnlyUser);
  const nextPhone = input.phoneNumber || null;
  const turnsTwoFactorOff = before.enabled2fa && !effectiveTwoFactor(input.enabled2fa, policy);
  const guarded = await guardContactChange(portal, user, {
    emailChanges: input.email !== before.email,
    phoneBefore: before.phoneNumber ?? null,
    phoneAfter: nextPhone,
    twoFactorOff: turnsTwoFactorOff,
    proof: { currentPassword: input.currentPassword, reauthCode: input.reauthCode },
  });
  if (!guarded.ok) return guarded;
  const { phoneChanges, phoneVerificationSentTo } = guarded;
  const result = await portal.db.$transaction(async (tx): Promise<(ProfileSaved & { token: string | null; name: string }) | Refusal> => {
    const current = await tx.user.findUniqueOrThrow({
      where: { id: user.id },
      select: {
        email: true,
        pendingEmail: true,
        preferredContactMethod: true,
        phoneNumber: true,
        workPhoneNumber: true,
        workPhoneExtension: true,
        timeZone: true,
        enabled2fa: true,
        readonlyAccess: true,
        fname: true,
        preferredName: true,
      },
    });
    if (current.readonlyAccess) return refuse(403, PROFILE_MESSAGES.readOnlyUser);

    const next = {
      preferredContactMethod: input.preferredContactMethod,
      // A new number waits for its code; removing the number needs no code.
      phoneNumber: phoneVerificationSentTo ? current.phoneNumber : nextPhone,
      workPhoneNumber: input.workPhoneNumber || null,
      workPhoneExtension: input.workPhoneExtension,
      timeZone: input.timeZone,
      enabled2fa: effectiveTwoFactor(input.enabled2fa, policy),
    };
    const changed: string[] = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[])
      .filter((key) => (current[key] ?? null) !== next[key])
      .map((key) => FIELD_NAMES[key]);

    let token: string | null = null;
    if (input.email !== current.email) {
      const started = await startEmailChange(tx, portal, user, input.email);
      if (!started.ok) return started;
      token = started.token;
    }

    await tx.user.update({ where: { id: user.id }, data: next });
    if (changed.length > 0) {
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "Profile updated",
        description: `Changed ${changed.join(", ")}`,
        actorId: user.id,
        userId: user.id,
        ipAddress: portal.clientAddress,
      });
    }

    let sessionsEnded = 0;
    if (current.enabled2fa !== next.enabled2fa) {
      if (!next.enabled2fa) sessionsEnded = await endOtherSessions(tx, user.id, user.sessionId);
      // Turning it on from a signed-in session must not sign that session out: it counts as
      // verified. The user's other sessions will be asked for the second factor.
      else await tx.session.updateMany({ where: { id: user.sessionId, twoFactorVerifiedAt: null }, data: { twoFactorVerifiedAt: new Date() } });
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: next.enabled2fa ? "Two-factor authentication turned on" : "Two-factor authentication turned off",
        description: next.enabled2fa ? null : `Other sessions ended: ${sessionsEnded}`,
        actorId: user.id,
        userId: user.id,
        ipAddress: portal.clientAddress,
      });
      changed.push("two-factor authentication");
    }

    return {
      ok: true,
      changed,
      emailConfirmationSentTo: token ? input.email : null,
      sessionsEnded,
      token,
      name: current.preferredName || current.fname,
    };
  });
  if (!result.ok) return result;
  if (result.token) {
    await sendEmailChangeConfirmation(portal, { userId: user.id, to: input.email, name: result.name, token: result.token });
    await notifyAccountChange(portal, user.id, "email requested", before.email);
  }
  if (phoneChanges && !nextPhone) await notifyAccountChange(portal, user.id, "phone");
  if (result.changed.includes("two-factor authentication")) await notifyAccountChange(portal, user.id, turnsTwoFactorOff ? "two-factor off" : "two-factor on");
  return {
    ok: true,
    changed: result.changed,
    emailConfirmationSentTo: result.emailConfirmationSentTo,
    sessionsEnded: result.sessionsEnded,
    phoneVerificationSentTo,
  };
}

/** verify-phone: the code texted to the new number; the number is saved and the owner told. */
export async function verifyProfilePhone(portal: FirmSiteContext, user: SessionUser, code: string): Promise<{ ok: true; changed: string[] } | Refusal> {
  const checked = await confirmPhoneVerification(portal, user, code);
  if (!checked.ok) return refuse(checked.status, checked.message, "phoneCode");
  await portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { phoneNumber: checked.phoneNumber } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Profile updated",
      description: "Changed phone number (confirmed by a texted code)",
      actorId: user.id,
      userId: user.id,
      ipAddress: portal.clientAddress,
    });
  });
  await notifyAccountChange(portal, user.id, "phone");
  return { ok: true, changed: ["phone number"] };
}
