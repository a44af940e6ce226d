/**
 * Connect events: the firm's account changed (onboarding finished, charges disabled). Firm
 * Settings → Payments reads the state live (./connection.server.ts); what is kept is whether the
 * account can take payments, for the screens that only need to know that (the setup checklist, the
 * send dialog's deposit).
 */
import type { WebhookHandler } from "./webhook-types";

export const CONNECT_WEBHOOK_HANDLERS: Record<string, WebhookHandler> = {
  "account.updated": async ({ tx, firmId, accountId, event }) => {
    const account = event.data.object as { charges_enabled?: boolean };
    const chargesEnabled = Boolean(account.charges_enabled);
    await tx.firm.updateMany({ where: { id: firmId, stripeAccountId: accountId }, data: { stripeChargesEnabled: chargesEnabled } });
    return chargesEnabled ? "account can take payments" : "account cannot take payments yet";
  },
};
