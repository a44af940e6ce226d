/**
 * The firm's Stripe connection (Firm Settings → Payments): its status read from the connected
 * account, and the page's words. Server code: ./connection.server.ts.
 */
import * as z from "zod";

/** Firm Settings → Payments. */
export const PAYMENTS_SETTINGS_PATH = "/firm/payments";

/** `unknown`: connected to an account Stripe could not be asked about just now. */
export type ConnectionStatus = "off" | "not_connected" | "incomplete" | "connected" | "unknown";

export const CONNECTION_MESSAGES = {
  off: "Online payments are not configured on this portal.",
  notConnected: "Not connected",
  incomplete: "Onboarding incomplete",
  connected: "Connected (charges enabled)",
  unknown: "Status unavailable",
  notConnectedHelp: "Connect a Stripe account so clients can pay deposits and invoices online and signers can verify their identity.",
  incompleteHelp: "Stripe needs more details before this account can take payments. Continue onboarding to finish.",
  connectedHelp: "Clients can pay online; the money goes to this Stripe account.",
  disconnectTitle: "Disconnect Stripe?",
  disconnectMessage: "Clients will no longer be able to pay online and identity checks stop until you connect again. Payments already made are not affected.",
  disconnected: "Stripe disconnected",
  alreadyConnected: "This firm is already connected to Stripe.",
  notConnectedYet: "This firm isn't connected to Stripe.",
  invalidIntent: "Please choose connect or disconnect.",
} as const;

/** What a connected account's state means for the firm (only the fields Stripe always sends). */
export function connectionStatus(
  account: { charges_enabled?: boolean | null; details_submitted?: boolean | null } | null,
  mode: "stripe" | "fake" | "off",
): ConnectionStatus {
  if (mode === "off") return "off";
  if (!account) return "not_connected";
  return account.charges_enabled ? "connected" : "incomplete";
}

export const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  off: CONNECTION_MESSAGES.off,
  not_connected: CONNECTION_MESSAGES.notConnected,
  incomplete: CONNECTION_MESSAGES.incomplete,
  connected: CONNECTION_MESSAGES.connected,
  unknown: CONNECTION_MESSAGES.unknown,
};

/**
 * Connecting and disconnecting decide where clients' money goes, so they need the partner's proof
 * (current password or an emailed code, unless given in the last few minutes); "reauth-send-code"
 * emails that code.
 */
export const connectionActionSchema = z.object({
  intent: z.enum(["connect", "disconnect", "reauth-send-code"], { error: CONNECTION_MESSAGES.invalidIntent }),
  currentPassword: z.string().max(1000).optional(),
  reauthCode: z.string().max(20).optional(),
});
