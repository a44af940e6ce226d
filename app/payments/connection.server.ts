/**
 * The firm's Stripe connected account (Firm Settings → Payments, partners only): its status read
 * live from Stripe, connecting (a Standard account created on the firm's behalf, then Stripe's
 * onboarding through an account link that brings the partner back) and disconnecting (new payments
 * and identity checks stop: see connectedAccount in ./card-payments.server.ts).
 */
import Stripe from "stripe";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict } from "~/errors";
import { stripeFailure } from "./card-payments.server";
import { CONNECTION_MESSAGES, PAYMENTS_SETTINGS_PATH, connectionStatus, type ConnectionStatus } from "./connection";
import { paymentsMode, stripe } from "./stripe.server";

export interface FirmConnection {
  status: ConnectionStatus;
  accountId: string | null;
  /** Set when Stripe could not be asked (the stored id is shown, the status is not known). */
  error: string | null;
}

async function storedAccount(portal: FirmSiteContext): Promise<string | null> {
  return (await storedConnection(portal)).accountId;
}

async function storedConnection(portal: FirmSiteContext): Promise<{ accountId: string | null; chargesEnabled: boolean }> {
  const firm = await portal.db.firm.findUnique({ where: { id: portal.firm.id }, select: { stripeAccountId: true, stripeChargesEnabled: true } });
  return { accountId: firm?.stripeAccountId ?? null, chargesEnabled: Boolean(firm?.stripeAccountId && firm.stripeChargesEnabled) };
}

/**
 * Whether clients can pay the firm online, as last heard from Stripe (no call to Stripe): "off"
 * when the portal has no payment provider at all. For screens that only need to know that.
 */
export async function cardPaymentsReady(portal: FirmSiteContext): Promise<"off" | boolean> {
  if (paymentsMode() === "off") return "off";
  return (await storedConnection(portal)).chargesEnabled;
}

/** The firm's connection, read from its account (never from anything stored but the id). */
export async function getFirmConnection(portal: FirmSiteContext): Promise<FirmConnection> {
  const mode = paymentsMode();
  if (mode === "off") return { status: "off", accountId: null, error: null };
  const stored = await storedConnection(portal);
  const { accountId } = stored;
  if (!accountId) return { status: "not_connected", accountId: null, error: null };
  try {
    const account = await stripe().accounts.retrieve(accountId);
    const status = connectionStatus(account, mode);
    if ((status === "connected") !== stored.chargesEnabled) {
      await portal.db.firm.updateMany({ where: { id: portal.firm.id, stripeAccountId: accountId }, data: { stripeChargesEnabled: status === "connected" } });
    }
    return { status, accountId, error: null };
  } catch (error) {
    return { status: "unknown", accountId, error: stripeFailure(error).message };
  }
}

function log(portal: FirmSiteContext, actorId: string, title: string, description: string) {
  return logActivity(portal.db, portal.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title,
    description,
    actorId,
    ipAddress: portal.clientAddress,
  });
}

/**
 * Connect (or continue onboarding): the firm's account, created and stored the first time (two
 * clicks at once keep the first stored one), and the URL of Stripe's onboarding for it.
 */
export async function startConnect(portal: FirmSiteContext, actor: { id: string; email: string | null }): Promise<string> {
  if (paymentsMode() === "off") throw conflict(CONNECTION_MESSAGES.off);
  let accountId = await storedAccount(portal);
  try {
    if (!accountId) {
      const created = await stripe().accounts.create(
        { type: "standard", email: actor.email ?? undefined, business_profile: { name: portal.firm.name }, metadata: { firm_id: portal.firm.id } },
        { idempotencyKey: `connect-${portal.firm.id}-${actor.id}-${Math.floor(Date.now() / 60_000)}` },
      );
      const stored = await portal.db.firm.updateMany({ where: { id: portal.firm.id, stripeAccountId: null }, data: { stripeAccountId: created.id } });
      accountId = stored.count ? created.id : await storedAccount(portal);
      if (!accountId) throw conflict(CONNECTION_MESSAGES.notConnectedYet);
      if (stored.count) await log(portal, actor.id, "Connected Stripe", `Account ${created.id}`);
    } else {
      const account = await stripe().accounts.retrieve(accountId);
      if (account.charges_enabled) throw conflict(CONNECTION_MESSAGES.alreadyConnected);
    }
    const link = await stripe().accountLinks.create({
      account: accountId,
      type: "account_onboarding",
      return_url: `${portal.origin}${PAYMENTS_SETTINGS_PATH}?stripe=returned`,
      refresh_url: `${portal.origin}${PAYMENTS_SETTINGS_PATH}?stripe=refresh`,
    });
    return link.url;
  } catch (error) {
    throw error instanceof Stripe.errors.StripeError ? stripeFailure(error) : error;
  }
}

/** Disconnect: the id is cleared, so no new payment or identity check starts; past payments stay. */
export async function disconnect(portal: FirmSiteContext, actor: { id: string }): Promise<void> {
  const accountId = await storedAccount(portal);
  if (!accountId) throw conflict(CONNECTION_MESSAGES.notConnectedYet);
  await portal.db.firm.updateMany({ where: { id: portal.firm.id, stripeAccountId: accountId }, data: { stripeAccountId: null, stripeChargesEnabled: false } });
  await log(portal, actor.id, "Disconnected Stripe", `Account ${accountId}`);
}
