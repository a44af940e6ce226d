import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import type { SignInTokenPurpose } from "~/generated/prisma/enums";
import type { OutboundMessageOutcome } from "~/outbox/outbox.server";
import {
  MAX_UNUSED_SENDS_PER_HOUR,
  MAX_UNUSED_SENDS_PER_HOUR_ALL_ADDRESSES,
  RESEND_INTERVAL_SECONDS,
  TOO_MANY_SENDS_MESSAGE,
  resendWaitMessage,
} from "./sign-in-rules";

/** The kinds of secret that count towards a user's hourly allowance of unused sends. */
const SENT_PURPOSES: SignInTokenPurpose[] = ["verification_code", "sign_in_link", "password_reset", "reauth_code", "phone_verification"];
/** Those that also count from every address together: never the password reset (see sign-in-rules). */
const FLOOD_PURPOSES: SignInTokenPurpose[] = ["verification_code", "sign_in_link"];

export type SendRefusal = { ok: false; status: 429; message: string };

/**
 * Inside a transaction holding the user's row lock (so parallel requests queue up): refuses a
 * send when this browser's attempt asked for the same kind of secret less than
 * RESEND_INTERVAL_SECONDS ago; when this requesting address already has MAX_UNUSED_SENDS_PER_HOUR
 * unused codes and links for the user from the last hour; or, for codes and sign-in links (not
 * password resets), when the user has MAX_UNUSED_SENDS_PER_HOUR_ALL_ADDRESSES from every address.
 * So nobody can flood someone's phone or mailbox or collect codes to guess at, and requests from
 * strangers can't use up the owner's allowance. Secrets that were used don't count.
 * `requestIp` is null when staff send (their own budget is the route's).
 */
export async function checkSendAllowed(
  tx: FirmTx,
  {
    userId,
    attemptHash,
    purposes,
    now,
    requestIp = null,
    purpose,
  }: { userId: string; attemptHash: string | null; purposes: SignInTokenPurpose[]; now: Date; requestIp?: string | null; purpose?: SignInTokenPurpose },
): Promise<{ ok: true } | SendRefusal> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  if (attemptHash) {
    const latest = await tx.signInToken.findFirst({
      where: { attemptHash, purpose: { in: purposes } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    const waited = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
    if (waited < RESEND_INTERVAL_SECONDS) return { ok: false, status: 429, message: resendWaitMessage(RESEND_INTERVAL_SECONDS - waited) };
  }
  const hourAgo = new Date(now.getTime() - 3600_000);
  const fromHere = await tx.signInToken.count({
    where: { userId, requestIp, purpose: { in: SENT_PURPOSES }, usedAt: null, createdAt: { gt: hourAgo } },
  });
  if (fromHere >= MAX_UNUSED_SENDS_PER_HOUR) return { ok: false, status: 429, message: TOO_MANY_SENDS_MESSAGE };
  if (!purpose || FLOOD_PURPOSES.includes(purpose)) {
    const everywhere = await tx.signInToken.count({
      where: { userId, purpose: { in: FLOOD_PURPOSES }, usedAt: null, createdAt: { gt: hourAgo } },
    });
    if (everywhere >= MAX_UNUSED_SENDS_PER_HOUR_ALL_ADDRESSES) return { ok: false, status: 429, message: TOO_MANY_SENDS_MESSAGE };
  }
  return { ok: true };
}

/**
 * Whether a message could not go out. Queued without an error is fine (a background job
 * delivers it); a recorded provider error or a failed status is not.
 */
export function deliveryFailed(outcome: OutboundMessageOutcome): boolean {
  return outcome.status === "failed" || (outcome.status === "queued" && outcome.error !== null);
}

/** Makes a secret that could not be delivered unusable (and not count as an unused send). */
export async function voidSecret(portal: FirmSiteContext, id: string): Promise<void> {
  await portal.db.signInToken.deleteMany({ where: { id } });
}
