/**
 * Fixed-window rate limiting, the pure part: a rule (hits allowed per window) and the window
 * arithmetic. The counting is in app/rate-limit.server.ts; the rules live with their features
 * (sign-in in app/auth/throttle.ts, drop-off and drop links in app/drop-off/, firm sign-up in
 * app/platform/sign-up-limit.ts).
 */

export interface ThrottleRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

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

/** The verdict once a window holds `hits` (this request included when it was counted). */
export function verdict(hits: number, limit: number, now: Date, windowSeconds: number): ThrottleResult {
  return hits <= limit ? { allowed: true } : { allowed: false, retryAfterSeconds: secondsUntilWindowEnds(now, windowSeconds) };
}
