/** Connect events: the firm's account changed (onboarding finished, charges disabled). Its state is read live (./connection.server.ts); nothing to store. */
import type { WebhookHandler } from "./webhook-types";

export const CONNECT_WEBHOOK_HANDLERS: Record<string, WebhookHandler> = {
  "account.updated": async ({ event }) => {
    const account = event.data.object as { charges_enabled?: boolean };
    return account.charges_enabled ? "account can take payments" : "account cannot take payments yet";
  },
};
