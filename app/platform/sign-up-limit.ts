/**
 * Firm sign-up throttling on the root site: ten sign-ups per client address per hour, counted by
 * the one rate limiter (app/rate-limit.server.ts) for every app server together.
 */
import type { ThrottleRule } from "~/rate-limit";

export const SIGN_UP_THROTTLE = { limit: 10, windowSeconds: 60 * 60 } as const satisfies ThrottleRule;

export const SIGN_UP_THROTTLED = "Too many sign-ups from this address. Please try again in an hour.";

/** The bucket of a client address (unknown addresses share one). */
export function signUpBucket(clientAddress: string | null | undefined): string {
  return `signup:${(clientAddress ?? "unknown").slice(0, 64)}`;
}
