/**
 * Identity verification of a tax return's signers before they sign (firm preference
 * `taxReturnIdentityVerificationEnabled`), through Stripe Identity on the firm's connected account:
 *
 * - `startIdentityVerification`: the signer asks to verify; a VerificationSession is created on the
 *   firm's account (or the open one reused) and its URL answered; the provider returns the signer
 *   to the tax return page.
 * - `requireSignerVerified`: the signing transaction refuses (403) a signer who is not verified.
 * - Status changes only come from verified webhooks (identity-webhooks.server.ts).
 * - `identityChecks` / `reRequestIdentity`: staff see each signer's checks and can ask again
 *   (the open session is cancelled, the next attempt creates a new one, the client is told).
 */
import type Stripe from "stripe";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { conflict, PortalError } from "~/errors";
import { findTaxReturn } from "~/deliver/access.server";
import { deliverTaxReturnEmails, findWritableTaxReturn } from "~/deliver/client/review.server";
import { taxReturnHref } from "~/deliver/client/stage";
import { recordTaxReturnEvent } from "~/deliver/events.server";
import { TAX_RETURN_CONFLICTS } from "~/deliver/rules";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { IDENTITY_MESSAGES, identityLabel, isVerified, IDENTITY_OPEN_STATUSES, type IdentityFacts } from "./identity-rules";
import { paymentsMode, stripe } from "./stripe.server";

export const identityRequired = (portal: Pick<FirmSiteContext, "firm">) => portal.firm.preferences.taxReturnIdentityVerificationEnabled;

const providerDown = () => new PortalError(503, IDENTITY_MESSAGES.providerDown);

async function connectedAccount(db: FirmDb | FirmTx): Promise<string> {
  const firm = await db.firm.findFirst({ select: { stripeAccountId: true } });
  if (!firm?.stripeAccountId || paymentsMode() === "off") throw conflict(IDENTITY_MESSAGES.notConnected);
  return firm.stripeAccountId;
}

/** The signed-in signer of a return waiting for signatures (else 403/409). */
async function signerOf(tx: FirmTx, user: SessionUser, taxReturnId: string) {
  const signer = await tx.taxReturnSigner.findFirst({
    where: { taxReturnId, userId: user.id },
    select: { id: true, userId: true, signedAt: true },
  });
  if (!signer?.userId) throw new PortalError(403, IDENTITY_MESSAGES.notASigner);
  if (signer.signedAt) throw conflict(IDENTITY_MESSAGES.alreadySigned);
  return { ...signer, userId: signer.userId };
}

/**
 * The signer asks to verify: the URL of the provider's page for their session. An open session
 * (waiting for input) is reused; a verified one answers 409; a cancelled or finished one is
 * replaced by a new session.
 */
export async function startIdentityVerification(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null): Promise<{ url: string }> {
  const firmId = portal.firm.id;
  const prepared = await portal.db.$transaction(async (tx) => {
    const found = await findWritableTaxReturn(tx, user, id, companyId);
    if (!identityRequired(portal)) throw conflict(IDENTITY_MESSAGES.notRequired);
    if (found.status !== "sent") throw conflict(TAX_RETURN_CONFLICTS.all_signed);
    const signer = await signerOf(tx, user, found.id);
    const account = await connectedAccount(tx);
    const row = await tx.identityVerification.upsert({
      where: { firmId_taxReturnId_userId: { firmId, taxReturnId: found.id, userId: signer.userId } },
      create: { firmId, taxReturnId: found.id, userId: signer.userId },
      update: {},
      select: { id: true, status: true, errorCode: true, providerSessionId: true },
    });
    if (isVerified(row)) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
    return { found, account, row };
  });
  const { found, account, row } = prepared;
  const client = stripe();
  if (row.providerSessionId) {
    let session: Stripe.Identity.VerificationSession;
    try {
      session = await client.identity.verificationSessions.retrieve(row.providerSessionId, {}, { stripeAccount: account });
    } catch (error) {
      throw stripeFailure(error);
    }
    if (session.status === "requires_input" && session.url) return { url: session.url };
    if (session.status === "processing" || session.status === "verified")
      throw conflict("Your identity check is processing. This page updates when it finishes.");
  }
  const returnUrl = `${portal.origin}${taxReturnHref(found.id, found.companyId)}`;
  let created: Stripe.Identity.VerificationSession;
  try {
    created = await client.identity.verificationSessions.create(
      { type: "document", return_url: returnUrl, metadata: { tax_return_id: found.id, user_id: user.id } },
      { stripeAccount: account },
    );
  } catch (error) {
    throw stripeFailure(error);
  }
  // Only over the session we read: two tabs starting at once keep one session.
  const swapped = await portal.db.identityVerification.updateMany({
    where: { id: row.id, providerSessionId: row.providerSessionId },
    data: {
      providerSessionId: created.id,
      status: "not_started",
      errorCode: null,
      errorDescription: null,
      sessionCreatedAt: new Date(created.created * 1000),
      statusEventAt: null,
      verifiedAt: null,
    },
  });
  if (swapped.count === 0) {
    await client.identity.verificationSessions.cancel(created.id, {}, { stripeAccount: account }).catch(() => {});
    throw conflict("Your identity check was started in another window. Please reload this page.");
  }
  if (!created.url) throw providerDown();
  return { url: created.url };
}

function stripeFailure(error: unknown): PortalError {
  if (error instanceof PortalError) return error;
  console.error("Stripe Identity call failed:", error);
  return providerDown();
}

/** In the signing transaction: with the preference on, this signer must be verified (403 otherwise). */
export async function requireSignerVerified(tx: FirmTx, portal: Pick<FirmSiteContext, "firm">, taxReturnId: string, userId: string): Promise<void> {
  if (!identityRequired(portal)) return;
  const row = await tx.identityVerification.findFirst({ where: { taxReturnId, userId }, select: { status: true, errorCode: true } });
  if (!isVerified(row)) throw new PortalError(403, IDENTITY_MESSAGES.mustVerify, { code: "identity_verification_required" });
}

/** Each signer's verification of a return (no row yet: not_started). */
export async function signerIdentities(db: FirmDb | FirmTx, taxReturnId: string) {
  const [signers, rows] = await Promise.all([
    db.taxReturnSigner.findMany({
      where: { taxReturnId },
      select: { id: true, userId: true, fname: true, lname: true, role: true, signedAt: true },
      orderBy: { role: "asc" },
    }),
    db.identityVerification.findMany({ where: { taxReturnId } }),
  ]);
  return signers.map((s) => {
    const row = rows.find((r) => r.userId === s.userId) ?? null;
    const facts: IdentityFacts = { status: row?.status ?? "not_started", errorCode: row?.errorCode ?? null };
    return {
      signerId: s.id,
      userId: s.userId,
      name: `${s.fname} ${s.lname}`.trim(),
      role: s.role,
      signed: s.signedAt !== null,
      ...facts,
      label: identityLabel(facts),
      errorDescription: row?.errorDescription ?? null,
      providerSessionId: row?.providerSessionId ?? null,
      sessionCreatedAt: row?.sessionCreatedAt?.toISOString() ?? null,
      verifiedAt: row?.verifiedAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export type SignerIdentity = Awaited<ReturnType<typeof signerIdentities>>[number];

/** The verification checks dialog (staff): every signer's checks. */
export async function identityChecks(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const found = await findTaxReturn(portal.db, user, id, companyId);
  return { required: identityRequired(portal), signers: await signerIdentities(portal.db, found.id) };
}

/**
 * Staff ask a signer to verify again: the open session is cancelled at the provider, the row goes
 * back to not started (a late event of the old session finds no row), and the client is told.
 */
export async function reRequestIdentity(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null, signerId: string) {
  const firmId = portal.firm.id;
  const found = await findTaxReturn(portal.db, user, id, companyId);
  if (!identityRequired(portal)) throw conflict(IDENTITY_MESSAGES.notRequired);
  if (found.status !== "sent") throw conflict(TAX_RETURN_CONFLICTS.all_signed);
  const signer = await portal.db.taxReturnSigner.findFirst({
    where: { id: signerId, taxReturnId: found.id },
    select: { id: true, userId: true, fname: true, lname: true, signedAt: true },
  });
  if (!signer?.userId) throw new PortalError(404, IDENTITY_MESSAGES.notASigner);
  if (signer.signedAt) throw conflict(IDENTITY_MESSAGES.alreadySigned);
  const userId = signer.userId;
  const row = await portal.db.identityVerification.findFirst({
    where: { taxReturnId: found.id, userId },
    select: { id: true, providerSessionId: true, status: true },
  });
  if (row?.providerSessionId && (IDENTITY_OPEN_STATUSES as readonly string[]).includes(row.status)) {
    const account = await connectedAccount(portal.db);
    try {
      await stripe().identity.verificationSessions.cancel(row.providerSessionId, {}, { stripeAccount: account });
    } catch (error) {
      // A session the provider already finished cannot be cancelled: nothing to stop.
      const status = (error as { statusCode?: number }).statusCode;
      if (!status || status >= 500 || status === 429) throw stripeFailure(error);
    }
  }
  const name = `${signer.fname} ${signer.lname}`.trim();
  const told = await portal.db.$transaction(async (tx) => {
    await tx.identityVerification.upsert({
      where: { firmId_taxReturnId_userId: { firmId, taxReturnId: found.id, userId } },
      create: { firmId, taxReturnId: found.id, userId },
      update: {
        status: "not_started",
        errorCode: null,
        errorDescription: null,
        providerSessionId: null,
        sessionCreatedAt: null,
        verifiedAt: null,
        statusEventAt: null,
      },
    });
    await recordTaxReturnEvent(tx, firmId, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: `Identity verification requested again from ${name}`,
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
    const taxReturn = await tx.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { taxReturnName: true, company: { select: { name: true } } } });
    const text = IDENTITY_MESSAGES.clientNotified(taxReturn.taxReturnName);
    const link = taxReturnHref(found.id, found.companyId);
    return notify(
      { firm: { id: firmId, name: portal.firm.name }, db: tx },
      {
        typeId: NOTIFICATION_TYPE.questionnaireSignature,
        userIds: [userId],
        text,
        link,
        companyId: found.companyId,
        clientName: taxReturn.company.name,
        email: { subject: text, text: `${text}\n\nOpen it: ${portal.origin}${link}\n\n${portal.firm.name}` },
      },
    );
  });
  await deliverTaxReturnEmails(portal, told);
  return { ok: true, message: IDENTITY_MESSAGES.reRequested(name) };
}
