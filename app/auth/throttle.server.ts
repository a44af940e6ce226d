/** The sign-in throttles (rules in ./throttle.ts) on the one rate limiter. */
import type { FirmSiteContext } from "~/context.server";
import { env } from "~/env.server";
import { hitThrottle, peekThrottle, type ThrottleResult } from "~/rate-limit.server";
import { SIGN_IN_THROTTLE, addressBucket } from "./throttle";

/**
 * The throttle in front of every sign-in request of a client address: counts the request, and
 * refuses it when the address made too many requests or too many failed ones recently.
 */
export async function throttleSignIn(portal: FirmSiteContext): Promise<ThrottleResult> {
  const rule = { ...SIGN_IN_THROTTLE.requests, limit: env().SIGN_IN_REQUEST_LIMIT };
  const requests = await hitThrottle(portal.firm.id, addressBucket("requests", portal.clientAddress), rule);
  if (!requests.allowed) return requests;
  return peekThrottle(portal.firm.id, addressBucket("failures", portal.clientAddress), SIGN_IN_THROTTLE.failures);
}

/** Counts a failed sign-in (unknown email, wrong password or code, used link) against the address. */
export async function recordSignInFailure(portal: FirmSiteContext): Promise<void> {
  await hitThrottle(portal.firm.id, addressBucket("failures", portal.clientAddress), SIGN_IN_THROTTLE.failures);
}
