/**
 * Stripe Identity events: a signer's VerificationSession moved (processing, verified, needs input
 * or failed, cancelled). The row is found by the session id in the firm's scope (the firm of the
 * connected account that sent the event), never by metadata. Updates are conditional: a final
 * status (verified, cancelled) never changes, and an event older than the last one applied
 * changes nothing, so repeated and out-of-order events are harmless.
 */
import type { IdentityVerificationStatus } from "~/generated/prisma/enums";
import { eventIsNewer, identityUpdateFrom, IDENTITY_OPEN_STATUSES, type ProviderSession } from "./identity-rules";
import type { WebhookHandler } from "./webhook-types";

const applySession: WebhookHandler = async ({ tx, event }) => {
  const session = event.data.object as unknown as ProviderSession & { id?: string; object?: string };
  if (session.object !== "identity.verification_session" || typeof session.id !== "string") return "ignored: not a verification session";
  const update = identityUpdateFrom(session);
  if (!update) return `ignored: status ${session.status}`;
  const row = await tx.identityVerification.findFirst({
    where: { providerSessionId: session.id },
    select: { id: true, status: true, statusEventAt: true },
  });
  if (!row) return `ignored: no verification for ${session.id}`;
  const eventAt = new Date(event.created * 1000);
  if (!(IDENTITY_OPEN_STATUSES as readonly IdentityVerificationStatus[]).includes(row.status)) return `ignored: already ${row.status}`;
  if (!eventIsNewer(update.status, eventAt, row.statusEventAt)) return `ignored: older than the last event`;
  // The same conditions in the write: a concurrent event that won leaves this one with nothing to change.
  const changed = await tx.identityVerification.updateMany({
    where: {
      id: row.id,
      providerSessionId: session.id,
      status: { in: [...IDENTITY_OPEN_STATUSES] },
      OR: [{ statusEventAt: null }, { statusEventAt: update.status === "processing" ? { lt: eventAt } : { lte: eventAt } }],
    },
    data: { ...update, statusEventAt: eventAt, verifiedAt: update.status === "verified" ? eventAt : null },
  });
  return changed.count ? `identity ${update.status}${update.errorCode ? ` (${update.errorCode})` : ""}` : "ignored: changed meanwhile";
};

export const IDENTITY_WEBHOOK_HANDLERS: Record<string, WebhookHandler> = {
  "identity.verification_session.processing": applySession,
  "identity.verification_session.verified": applySession,
  "identity.verification_session.requires_input": applySession,
  "identity.verification_session.canceled": applySession,
};
