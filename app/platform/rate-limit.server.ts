/**
 * A fixed-window counter per key (e.g. the client's IP) kept in this process.
 * Good enough to blunt scripted sign-ups from one address; with several app servers each
 * keeps its own window, so the effective limit is per server.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; false when the key is over its limit for the current window. */
  take(key: string): boolean {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.hits.clear();
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }
}

/** Firm sign-ups: ten per client address per hour per app server. */
export const signUpLimiter = new RateLimiter(10, 60 * 60_000);
