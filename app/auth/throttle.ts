/**
 * Per-client-address throttling of the sign-in endpoints: fixed windows counted in the
 * `rate_limits` table, so every app server shares them. Pure part (rules and window arithmetic).
 */

export interface ThrottleRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

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

/** The start of the fixed window `now` falls in. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const size = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** Seconds until the window `now` falls in ends (at least 1). */
export function secondsUntilWindowEnds(now: Date, windowSeconds: number): number {
  const end = windowStart(now, windowSeconds).getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/** The bucket name of a client address (unknown addresses share one bucket). */
export function addressBucket(kind: keyof typeof SIGN_IN_THROTTLE, clientAddress: string | null | undefined): string {
  return `signin:${kind}:${(clientAddress ?? "unknown").slice(0, 64)}`;
}
