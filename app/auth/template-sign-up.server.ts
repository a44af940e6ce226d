import { randomInt } from "node:crypto";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { SIGN_IN_USER_FIELDS, type SignInUser } from "./sign-in-user.server";

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
