/**
 * Per-client-address throttling of the sign-in endpoints, on the one rate limiter
 * (app/rate-limit.server.ts). Pure part: the rules and the buckets.
 */
import type { ThrottleRule } from "~/rate-limit";

/**
 * - `requests`: every POST to a sign-in endpoint (email look-up, password, codes, links, template
 *   sign-up), per address and firm. Generous: an office behind one address signs in many people.
 * - `failures`: unknown emails, wrong passwords, wrong codes, used links, per address and firm.
 *   Tight: this is what password spraying and code guessing look like.
 */
export const SIGN_IN_THROTTLE = {
  requests: { limit: 300, windowSeconds: 10 * 60 },
  failures: { limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/** The bucket name of a client address (unknown addresses share one bucket). */
export function addressBucket(kind: keyof typeof SIGN_IN_THROTTLE, clientAddress: string | null | undefined): string {
  return `signin:${kind}:${(clientAddress ?? "unknown").slice(0, 64)}`;
}
