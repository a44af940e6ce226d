/**
 * The daily notification digest job (real PostgreSQL): a user who turned the daily email on gets
 * one email a day listing their unread notifications of the last 24 hours, however many runs
 * (even two at once); an opted-out user gets none, nor does one with nothing unread; a firm's
 * digest never lists another firm's notifications; the next day brings the next digest.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DigestModule from "../../app/notifications/digest.server";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let su: pg.Client;
let digest: typeof DigestModule;
let ACME: string;
let SUMMIT: string;

const jobContext = () => ({ sql: async <R>(text: string, values: unknown[] = []) => (await su.query(text, values)).rows as R[] });
const HOUR = 60 * 60 * 1000;
// 10:00 in Pacific time (the staff members' zone below).
const DAY_ONE = new Date("2026-03-02T18:00:00Z");
const DAY_TWO = new Date("2026-03-03T18:00:00Z");

async function userId(email: string) {
  const { rows } = await su.query(`SELECT id FROM users WHERE email = $1`, [email]);
  return rows[0].id as string;
}
async function digests(id: string) {
  const { rows } = await su.query(
    `SELECT subject, body FROM outbound_messages WHERE user_id = $1 AND subject LIKE '%unread notification%' ORDER BY created_at`,
    [id],
  );
  return rows as { subject: string; body: string }[];
}
async function note(firmId: string, user: string, text: string, createdAt: Date, read = false) {
  await su.query(
    `INSERT INTO notifications (id, firm_id, user_id, type_id, text, link, created_at, dismissed_at) VALUES ($1, $2, $3, 1, $4, '/admin', $5, $6)`,
    [`digest_${Math.random().toString(36).slice(2)}`, firmId, user, text, createdAt, read ? createdAt : null],
  );
}

let partner: string; // acme, opted in
let advisor: string; // acme, opted out
let staffQuiet: string; // acme, opted in, nothing unread
let summitPartner: string; // summit, opted in

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  digest = await import("../../app/notifications/digest.server");
  ACME = firmIdOf("acme");
  SUMMIT = firmIdOf("summit");
  partner = await userId("partner@acme.test");
  advisor = await userId("advisor@acme.test");
  summitPartner = await userId("partner@summit.test");
  const { rows } = await su.query(
    `SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff' AND id NOT IN ($2, $3) AND deleted_at IS NULL AND paying AND email IS NOT NULL LIMIT 1`,
    [ACME, partner, advisor],
  );
  staffQuiet = rows[0].id;
  await su.query(`UPDATE users SET daily_notification_enabled = false, daily_digest_sent_on = NULL`);
  await su.query(`UPDATE users SET daily_notification_enabled = true, time_zone = 'Pacific Time (US & Canada)', has_temp_email = false WHERE id = ANY($1)`, [
    [partner, staffQuiet, summitPartner],
  ]);
  await su.query(`UPDATE users SET time_zone = 'Pacific Time (US & Canada)' WHERE id = $1`, [advisor]);
  await su.query(`DELETE FROM notifications WHERE user_id = ANY($1)`, [[partner, advisor, staffQuiet, summitPartner]]);
  await note(ACME, partner, "Acme unread one", new Date(DAY_ONE.getTime() - 2 * HOUR));
  await note(ACME, partner, "Acme unread two", new Date(DAY_ONE.getTime() - 20 * HOUR));
  await note(ACME, partner, "Acme already read", new Date(DAY_ONE.getTime() - 1 * HOUR), true);
  await note(ACME, partner, "Acme too old", new Date(DAY_ONE.getTime() - 30 * HOUR));
  await note(ACME, advisor, "Advisor unread", new Date(DAY_ONE.getTime() - 1 * HOUR));
  await note(SUMMIT, summitPartner, "Summit unread", new Date(DAY_ONE.getTime() - 1 * HOUR));
}, 120_000);

afterAll(() => testDb?.close());

describe("daily notification digest", () => {
  it("sends nothing before the digest hour of the user's day", async () => {
    const early = new Date("2026-03-02T12:00:00Z"); // 04:00 Pacific
    expect((await digest.sendDailyDigests(jobContext(), early)).sent).toBe(0);
    expect(await digests(partner)).toHaveLength(0);
  });

  it("one email a day per opted-in user with unread notifications, however many runs", async () => {
    const [a, b] = await Promise.all([digest.sendDailyDigests(jobContext(), DAY_ONE), digest.sendDailyDigests(jobContext(), DAY_ONE)]);
    await digest.sendDailyDigests(jobContext(), new Date(DAY_ONE.getTime() + 3 * HOUR));
    expect(a.sent + b.sent).toBe(2);

    const mine = await digests(partner);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe("2 unread notifications from the last 24 hours");
    expect(mine[0]!.body).toContain("Acme unread one");
    expect(mine[0]!.body).toContain("Acme unread two");
    expect(mine[0]!.body).not.toContain("Acme already read");
    expect(mine[0]!.body).not.toContain("Acme too old");
    expect(mine[0]!.body).not.toContain("Summit");

    // Opted out: none. Opted in with nothing unread: none.
    expect(await digests(advisor)).toHaveLength(0);
    expect(await digests(staffQuiet)).toHaveLength(0);

    // The other firm's digest lists only its own.
    const theirs = await digests(summitPartner);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.body).toContain("Summit unread");
    expect(theirs[0]!.body).not.toContain("Acme");
  });

  it("the next day brings the next digest, of that day's unread notifications", async () => {
    await note(ACME, partner, "Acme next day", new Date(DAY_TWO.getTime() - 1 * HOUR));
    await digest.sendDailyDigests(jobContext(), DAY_TWO);
    await digest.sendDailyDigests(jobContext(), DAY_TWO);
    const mine = await digests(partner);
    expect(mine).toHaveLength(2);
    expect(mine[1]!.body).toContain("Acme next day");
    expect(mine[1]!.body).not.toContain("Acme unread two");
  });
});
