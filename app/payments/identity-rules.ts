/**
 * Identity verification of a tax return's signers (staff spec §3 'Identity verification', §4
 * 'Identity verification status'), pure: what a provider session's state means for our status,
 * which webhook may change which status (so a late or repeated event changes nothing), whether a
 * signer may sign, and every text a screen shows about it. The Deliver table's column, the
 * verification checks dialog, the client's tax return page and the signed copy's audit page all
 * take their words from here (the labels themselves from rules.ts `identityLabel`).
 */
import type { IdentityVerificationStatus } from "~/generated/prisma/enums";
import { identityLabel } from "~/deliver/rules";

export { identityLabel };

/** One signer's verification as the screens see it (no row yet: not_started). */
export interface IdentityFacts {
  status: IdentityVerificationStatus;
  errorCode?: string | null;
}

/** The provider's session state a webhook carries (Stripe Identity VerificationSession). */
export interface ProviderSession {
  status: string;
  last_error?: { code?: string | null; reason?: string | null } | null;
}

export interface IdentityUpdate {
  status: IdentityVerificationStatus;
  errorCode: string | null;
  errorDescription: string | null;
}

/**
 * Our status for a provider session: its own status (requires_input, processing, verified,
 * canceled); a session back at requires_input with an error keeps the code, and 'any error_code
 * shows Failed'. Null for a state we do not know (nothing changes).
 */
export function identityUpdateFrom(session: ProviderSession): IdentityUpdate | null {
  const code = session.last_error?.code ?? null;
  const reason = session.last_error?.reason ?? null;
  switch (session.status) {
    case "verified":
      return { status: "verified", errorCode: null, errorDescription: null };
    case "processing":
      return { status: "processing", errorCode: null, errorDescription: null };
    case "canceled":
      return { status: "canceled", errorCode: code, errorDescription: reason };
    case "requires_input":
      return { status: code ? "failed" : "requires_input", errorCode: code, errorDescription: reason };
    default:
      return null;
  }
}

/** Verified and canceled are final for a session; a new session (staff re-request) starts over. */
export const FINAL_IDENTITY_STATUSES: readonly IdentityVerificationStatus[] = ["verified", "canceled"];

/** The statuses a session's update may replace: every one that is not final. */
export const IDENTITY_OPEN_STATUSES: readonly IdentityVerificationStatus[] = ["not_started", "requires_input", "processing", "failed"];

/**
 * Whether an update may be applied over the last one applied, by the provider's event times: an
 * older event never wins; at the same second, a 'processing' does not replace an outcome.
 */
export function eventIsNewer(update: IdentityVerificationStatus, eventAt: Date, lastAt: Date | null): boolean {
  if (!lastAt) return true;
  if (update === "processing") return eventAt.getTime() > lastAt.getTime();
  return eventAt.getTime() >= lastAt.getTime();
}

export const isVerified = (v: IdentityFacts | null | undefined) => v?.status === "verified" && !v.errorCode;

export const IDENTITY_MESSAGES = {
  mustVerify: "Please verify your identity before signing this tax return.",
  notConnected: "Your firm has not connected a card payment provider, so identity verification is not available. Please contact your firm.",
  alreadyVerified: "Your identity is already verified.",
  providerDown: "Identity verification is not available right now. Please try again in a few minutes.",
  notRequired: "This firm does not ask signers to verify their identity.",
  alreadySigned: "This signer has already signed; there is nothing to verify again.",
  notASigner: "This person is not a signer of this tax return.",
  reRequested: (name: string) => `A new identity verification was requested from ${name}.`,
  clientNotified: (taxReturnName: string) => `Your firm asked you to verify your identity again before signing ${taxReturnName}.`,
} as const;

/** What the client's page says about their own check, its tone, and the button it offers. */
export function clientIdentityPrompt(v: IdentityFacts): {
  text: string;
  tone: "info" | "warning" | "success";
  action: "Verify your identity" | "Try again" | "Continue verification" | null;
} {
  if (isVerified(v)) return { text: "Identity verified", tone: "success", action: null };
  if (v.status === "processing") return { text: "Your identity check is processing. This page updates when it finishes.", tone: "info", action: null };
  if (identityLabel(v) === "Failed") return { text: "Your identity check failed. Please try again.", tone: "warning", action: "Try again" };
  if (v.status === "canceled") return { text: "Your identity check was cancelled. Please start again.", tone: "warning", action: "Verify your identity" };
  if (v.status === "requires_input") return { text: "Your identity check needs more information.", tone: "warning", action: "Continue verification" };
  return { text: "Before you sign, please verify your identity with a photo ID.", tone: "info", action: "Verify your identity" };
}

/** Order from furthest from verified to verified: the table's cell names the signer who needs most. */
const RANK: Record<string, number> = { Failed: 0, Cancelled: 1, "Needs Info": 2, "Not Started": 3, Processing: 4, Verified: 5 };

/**
 * The Deliver column 'identity_verification_status' of a return: one signer → their label;
 * several → the label furthest from verified, 'Verified' only when everyone is. No signers: '—'.
 */
export function identityCell(signers: IdentityFacts[]): string {
  if (signers.length === 0) return "—";
  return signers.map((v) => identityLabel(v)).sort((a, b) => RANK[a]! - RANK[b]!)[0]!;
}

/** The signed copy's audit line when verification was required. */
export function identityAuditText(v: { providerSessionId: string; verifiedAt: Date }): string {
  return `verified (Stripe Identity, ${v.providerSessionId}, ${v.verifiedAt.toISOString().replace("T", " ").slice(0, 19)} UTC)`;
}

/** The SQL of `identityCell`'s order (alias iv, per signer): for sorting the column. */
export const IDENTITY_RANK_SQL = `CASE WHEN iv.error_code IS NOT NULL OR iv.status = 'failed' THEN 0 WHEN iv.status = 'canceled' THEN 1
  WHEN iv.status = 'requires_input' THEN 2 WHEN iv.status = 'processing' THEN 4 WHEN iv.status = 'verified' THEN 5 ELSE 3 END`;
