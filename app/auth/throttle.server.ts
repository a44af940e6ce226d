import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { env } from "~/env.server";
import { SIGN_IN_THROTTLE, addressBucket, secondsUntilWindowEnds, windowStart, type ThrottleRule } from "./throttle";

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one hit in the current window; refused once the window's hits pass the limit. One statement. */
export async function hitThrottle(firmId: string, bucket: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleResult> {
  const rows = await firmSql<{ hits: number }>(
    firmId,
    `INSERT INTO rate_limits (firm_id, bucket, window_start, hits) VALUES ($1, $2, $3, 1)
     ON CONFLICT (firm_id, bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [firmId, bucket, windowStart(now, rule.windowSeconds)],
  );
  // Old windows are useless: about one hit in a hundred sweeps the firm's stale rows.
  if (Math.random() < 0.01) {
    void firmSql(firmId, `DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`).catch(() => {});
  }
  const hits = rows[0]?.hits ?? 1;
  return hits <= rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds: secondsUntilWindowEnds(now, rule.windowSeconds) };
}

/** Whether the current window is already over its limit, without counting a hit. */
export async function peekThrottle(firmId: string, bucket: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleResult> {
  const rows = await firmSql<{ hits: number }>(firmId, `SELECT hits FROM rate_limits WHERE firm_id = $1 AND bucket = $2 AND window_start = $3`, [
    firmId,
    bucket,
    windowStart(now, rule.windowSeconds),
  ]);
  const hits = rows[0]?.hits ?? 0;
  return hits < rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds: secondsUntilWindowEnds(now, rule.windowSeconds) };
}

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
