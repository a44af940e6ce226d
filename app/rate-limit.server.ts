/**
 * The one rate limiter: fixed windows counted in the database, so every app server shares them.
 *
 * - On a firm's site, counters live in `rate_limits` under the firm's row-level security
 *   (`hitThrottle(portal.firm.id, …)`).
 * - On the root site (firm sign-up) there is no firm: `hitThrottle(ROOT_SITE, …)` counts through
 *   the SECURITY DEFINER function `portal_hit_root_site_rate_limit` (table `root_site_rate_limits`,
 *   which the application role can't read or write otherwise).
 *
 * Rules and window arithmetic: app/rate-limit.ts.
 */
import { firmSql, hitRootSiteRateLimit } from "~/db.server";
import { verdict, windowStart, type ThrottleResult, type ThrottleRule } from "./rate-limit";

export type { ThrottleResult, ThrottleRule } from "./rate-limit";

/** The scope of the root site's counters (no firm). */
export const ROOT_SITE = null;

/** Counts one hit in the current window; refused once the window's hits pass the limit. One statement. */
export async function hitThrottle(firmId: string | typeof ROOT_SITE, bucket: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleResult> {
  const start = windowStart(now, rule.windowSeconds);
  if (firmId === ROOT_SITE) return verdict(await hitRootSiteRateLimit(bucket, start), rule.limit, now, rule.windowSeconds);
  const rows = await firmSql<{ hits: number }>(
    firmId,
    `INSERT INTO rate_limits (firm_id, bucket, window_start, hits) VALUES ($1, $2, $3, 1)
     ON CONFLICT (firm_id, bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [firmId, bucket, start],
  );
  // Old windows are useless: about one hit in a hundred sweeps the firm's stale rows.
  if (Math.random() < 0.01) {
    void firmSql(firmId, `DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`).catch(() => {});
  }
  return verdict(rows[0]?.hits ?? 1, rule.limit, now, rule.windowSeconds);
}

/** Whether a firm's current window is already over its limit, without counting a hit. */
export async function peekThrottle(firmId: string, bucket: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleResult> {
  const rows = await firmSql<{ hits: number }>(firmId, `SELECT hits FROM rate_limits WHERE firm_id = $1 AND bucket = $2 AND window_start = $3`, [
    firmId,
    bucket,
    windowStart(now, rule.windowSeconds),
  ]);
  // The next hit would be hits + 1.
  return verdict((rows[0]?.hits ?? 0) + 1, rule.limit, now, rule.windowSeconds);
}
