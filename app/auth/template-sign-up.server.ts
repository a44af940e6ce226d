import { randomInt } from "node:crypto";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { deliveryFailed } from "./send-gate.server";
import { SECRET_LIFETIME_MINUTES, SIGN_IN_MESSAGES, TOO_MANY_SENDS_MESSAGE, maskEmail, secretExpiresAt } from "./sign-in-rules";
import { SIGN_IN_USER_FIELDS, type SignInUser } from "./sign-in-user.server";
import { hashToken, newToken } from "./tokens.server";

export interface PublicTemplate {
  hashId: string;
  name: string;
}

/** A template of this firm by its public id (/template/{hashId}); another firm's is not found. */
export async function findPublicTemplate(portal: FirmSiteContext, hashId: string): Promise<PublicTemplate | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hashId)) return null;
  return portal.db.questionnaireTemplate.findFirst({ where: { hashId, deletedAt: null }, select: { hashId: true, name: true } });
}

/** 12 lower-case letters and digits, like the other public entity ids. */
function newEntityHashId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** The notification types a primary owner gets (the same as the demo firms' clients). */
const OWNER_NOTIFICATION_TYPES = [1, 2, 3, 4, 5, 7];

export type TemplateSignUp = { ok: true; user: SignInUser } | { ok: false; reason: "exists" };

/**
 * template-sign-up: a new client of this firm from a public template link, with an Individual
 * entity named after them (the staff spec derives an Individual's entity name from the names),
 * which they own. They sign in by emailed link until they choose another method. If the email
 * became taken meanwhile (a race), the caller signs them in the usual way instead.
 */
/**
 * Entity names are unique within a firm (any case, among entities not deleted): a second "Ada
 * Lovelace" gets "Ada Lovelace (2)", and so on.
 */
async function freeEntityName(tx: FirmTx, base: string): Promise<string> {
  const rows = await tx.company.findMany({ where: { deletedAt: null, name: { startsWith: base, mode: "insensitive" } }, select: { name: true } });
  const taken = new Set(rows.map((r) => r.name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export async function createClientFromTemplate(
  portal: FirmSiteContext,
  template: PublicTemplate,
  input: { email: string; fname: string; lname: string },
): Promise<TemplateSignUp> {
  const { firm } = portal;
  try {
    const user = await portal.db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          firmId: firm.id,
          kind: "client",
          email: input.email,
          fname: input.fname,
          lname: input.lname,
          preferredSignInMethod: "email",
          timeZone: firm.timeZone,
        },
        select: SIGN_IN_USER_FIELDS,
      });
      const name = await freeEntityName(tx, `${input.fname} ${input.lname}`.trim().slice(0, 190));
      const company = await tx.company.create({
        data: { firmId: firm.id, hashId: newEntityHashId(), name, entityType: "Individual", primaryOwnerId: created.id },
        select: { id: true },
      });
      await tx.companyOwner.create({ data: { firmId: firm.id, companyId: company.id, userId: created.id, isPrimary: true, specialRole: "taxpayer" } });
      await tx.ownerNotificationSubscription.createMany({
        data: OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId: firm.id, companyId: company.id, userId: created.id, notificationTypeId })),
      });
      await tx.user.update({ where: { id: created.id }, data: { defaultCompanyId: company.id } });
      return created;
    });
    await logAuthEvent(portal, { title: AUTH_ACTIVITY.accountCreated, description: `From the template link "${template.name}"`, userId: user.id });
    return { ok: true, user };
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
    if (e?.code === "P2002" || e?.cause?.code === "23505" || /unique constraint/i.test(e?.message ?? "")) return { ok: false, reason: "exists" };
    throw error;
  }
}

// ─── Sign-up confirmed by a link emailed to the address ───

/** Sign-up links one address may be sent per hour, and one requesting address may send per hour. */
export const SIGN_UPS_PER_EMAIL_PER_HOUR = 3;
export const SIGN_UPS_PER_ADDRESS_PER_HOUR = 20;

export type SignUpStart = { ok: true; destination: string } | { ok: false; status: 429 | 502; message: string };

/**
 * template-sign-up: nothing is created under the address yet. A link goes to it; only opening
 * that link (confirmSignUp) creates the client and signs them in. So typing someone else's
 * address gives the typist nothing, and never blocks the real owner (who can sign up, be added
 * by the firm, or open their own link).
 */
export async function startTemplateSignUp(
  portal: FirmSiteContext,
  template: PublicTemplate,
  input: { email: string; fname: string; lname: string },
  linkPath: string,
): Promise<SignUpStart> {
  const now = new Date();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const token = newToken();
  const created = await portal.db.$transaction(async (tx) => {
    // One address at a time, so parallel requests can't slip past the counts.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sign-up:${input.email}`}))`;
    const toEmail = await tx.pendingSignUp.count({ where: { email: input.email, createdAt: { gt: hourAgo } } });
    const fromHere = portal.clientAddress ? await tx.pendingSignUp.count({ where: { requestIp: portal.clientAddress, createdAt: { gt: hourAgo } } }) : 0;
    if (toEmail >= SIGN_UPS_PER_EMAIL_PER_HOUR || fromHere >= SIGN_UPS_PER_ADDRESS_PER_HOUR) return null;
    return tx.pendingSignUp.create({
      data: {
        firmId: portal.firm.id,
        email: input.email,
        fname: input.fname,
        lname: input.lname,
        templateHashId: template.hashId,
        tokenHash: hashToken(token),
        requestIp: portal.clientAddress,
        expiresAt: secretExpiresAt("template_sign_up", now),
      },
      select: { id: true },
    });
  });
  if (!created) return { ok: false, status: 429, message: TOO_MANY_SENDS_MESSAGE };
  const url = `${portal.origin}${linkPath}?${new URLSearchParams({ token })}`;
  const hours = Math.round(SECRET_LIFETIME_MINUTES.template_sign_up / 60);
  const firm = portal.firm.name;
  let failed = false;
  try {
    const outcome = await sendEmail(portal, {
      to: input.email,
      subject: `Confirm your email to finish signing up with ${firm}`,
      text: `Hello ${input.fname},\n\nOpen this link to confirm your email and create your ${firm} client portal account ("${template.name}"):\n\n${url}\n\nIt works once and expires in ${hours} hours. If you didn't ask for this, ignore this email: no account is created.`,
    });
    failed = deliveryFailed(outcome);
  } catch {
    failed = true;
  }
  if (failed) {
    await portal.db.pendingSignUp.deleteMany({ where: { id: created.id } });
    return { ok: false, status: 502, message: SIGN_IN_MESSAGES.linkSendFailed };
  }
  return { ok: true, destination: maskEmail(input.email) };
}

export interface PendingSignUpLink {
  status: "valid" | "expired";
  email: string;
}

/** What a sign-up link is, without using it (the GET page); null when it is not one of this firm's. */
export async function inspectSignUpLink(portal: FirmSiteContext, token: string): Promise<PendingSignUpLink | null> {
  if (!token || token.length > 200) return null;
  const row = await portal.db.pendingSignUp.findFirst({ where: { tokenHash: hashToken(token) }, select: { email: true, usedAt: true, expiresAt: true } });
  if (!row) return null;
  return { status: row.usedAt || row.expiresAt <= new Date() ? "expired" : "valid", email: row.email };
}

export type SignUpConfirmation = { ok: true; user: SignInUser; created: boolean } | { ok: false; reason: "unknown" | "gone" };

/**
 * Uses a sign-up link (once: checked and marked in one statement): creates the client with their
 * entity, or, when the address has an account by now (the firm added them, or another of their
 * links was opened first), returns that account: the link proves the mailbox either way.
 */
export async function confirmSignUp(portal: FirmSiteContext, token: string): Promise<SignUpConfirmation> {
  if (!token || token.length > 200) return { ok: false, reason: "unknown" };
  const now = new Date();
  const rows = await portal.db.pendingSignUp.updateManyAndReturn({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { email: true, fname: true, lname: true, templateHashId: true },
  });
  const pending = rows[0];
  if (!pending) return { ok: false, reason: "unknown" };
  const existing = await portal.db.user.findFirst({ where: { email: pending.email, deletedAt: null, hasTempEmail: false }, select: SIGN_IN_USER_FIELDS });
  if (existing) return { ok: true, user: existing, created: false };
  const template = (await findPublicTemplate(portal, pending.templateHashId)) ?? { hashId: pending.templateHashId, name: "a template link" };
  const created = await createClientFromTemplate(portal, template, { email: pending.email, fname: pending.fname, lname: pending.lname });
  if (created.ok) return { ok: true, user: created.user, created: true };
  const raced = await portal.db.user.findFirst({ where: { email: pending.email, deletedAt: null, hasTempEmail: false }, select: SIGN_IN_USER_FIELDS });
  return raced ? { ok: true, user: raced, created: false } : { ok: false, reason: "gone" };
}
