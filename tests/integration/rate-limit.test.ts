/**
 * The one rate limiter (app/rate-limit.server.ts) against real PostgreSQL, as the application's
 * own login: a firm's counters under row-level security, the root site's (firm sign-up) through
 * its SECURITY DEFINER function, each bucket and window counted apart.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "../../app/db.server";
import type * as CreateFirmModule from "../../app/platform/create-firm.server";
import type * as RateLimitModule from "../../app/rate-limit.server";
import { createTestDatabase, databaseEnv, type TestDatabase } from "../support/postgres";

let testDb: TestDatabase;
let su: pg.Client;
let db: typeof DbModule;
let limiter: typeof RateLimitModule;
let createFirm: typeof CreateFirmModule;

const RULE = { limit: 3, windowSeconds: 600 };
// Counting sometimes sweeps windows older than a day (firms' and the root site's alike): the
// tests count in this hour, so no sweep can take their rows.
const THIS_HOUR = Math.floor(Date.now() / 3600_000) * 3600_000;
const NOW = new Date(THIS_HOUR + 7 * 60_000 + 30_000);
const NEXT_WINDOW = new Date(THIS_HOUR + 10 * 60_000);
const ROOT_NOW = new Date(THIS_HOUR + 7 * 60_000 + 30_000);

beforeAll(async () => {
  testDb = await createTestDatabase();
  Object.assign(process.env, databaseEnv(testDb));
  db = await import("../../app/db.server");
  limiter = await import("../../app/rate-limit.server");
  createFirm = await import("../../app/platform/create-firm.server");
  su = new pg.Client({ connectionString: testDb.url });
  await su.connect();
  await su.query("INSERT INTO firms (id, name, slug) VALUES ('firm_a', 'Firm A', 'alpha'), ('firm_b', 'Firm B', 'beta')");
});

afterAll(async () => {
  await su?.end();
  await db?.closeDb();
  await testDb?.drop();
});

const hits = async (n: number, run: () => Promise<{ allowed: boolean }>) => {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await run()).allowed);
  return out;
};

describe("a firm's counters", () => {
  it("allow the limit per window, then refuse with the seconds left, and start again in the next window", async () => {
    const hit = (now = NOW) => limiter.hitThrottle("firm_a", "test:requests:203.0.113.9", RULE, now);
    expect(await hits(3, () => hit())).toEqual([true, true, true]);
    expect(await hit()).toEqual({ allowed: false, retryAfterSeconds: 150 });
    expect(await limiter.peekThrottle("firm_a", "test:requests:203.0.113.9", RULE, NOW)).toEqual({ allowed: false, retryAfterSeconds: 150 });
    expect(await hit(NEXT_WINDOW)).toEqual({ allowed: true });
  });

  it("are kept per firm and per bucket", async () => {
    expect(await hits(3, () => limiter.hitThrottle("firm_a", "test:other", RULE, NOW))).toEqual([true, true, true]);
    expect((await limiter.hitThrottle("firm_b", "test:requests:203.0.113.9", RULE, NOW)).allowed).toBe(true);
    expect((await limiter.peekThrottle("firm_b", "test:other", RULE, NOW)).allowed).toBe(true);
    const { rows } = await su.query("SELECT firm_id, bucket, hits FROM rate_limits WHERE bucket = 'test:other'");
    expect(rows).toEqual([{ firm_id: "firm_a", bucket: "test:other", hits: 3 }]);
  });
});

describe("the root site's counters (firm sign-up)", () => {
  it("are counted without a firm, per bucket and window, and shared by every app server", async () => {
    const hit = (bucket: string, now = ROOT_NOW) => limiter.hitThrottle(limiter.ROOT_SITE, bucket, RULE, now);
    expect(await hits(3, () => hit("test:root"))).toEqual([true, true, true]);
    expect(await hit("test:root")).toEqual({ allowed: false, retryAfterSeconds: 150 });
    expect((await hit("test:root:other")).allowed).toBe(true);
    expect((await hit("test:root", new Date(THIS_HOUR + 10 * 60_000))).allowed).toBe(true);
    // Not a firm's bucket of the same name.
    expect((await limiter.hitThrottle("firm_a", "test:root", RULE, ROOT_NOW)).allowed).toBe(true);
    const { rows } = await su.query("SELECT hits FROM root_site_rate_limits WHERE bucket = 'test:root' AND window_start = $1", [new Date(THIS_HOUR)]);
    expect(rows).toEqual([{ hits: 4 }]);
  });

  it("refuse the eleventh sign-up from one address in an hour, not another address's", async () => {
    const now = new Date(THIS_HOUR + 30 * 60_000);
    expect(await hits(11, () => createFirm.throttleSignUp("198.51.100.7", now))).toEqual([...Array(10).fill(true), false]);
    expect(await createFirm.throttleSignUp("198.51.100.7", now)).toEqual({ allowed: false, retryAfterSeconds: 1800 });
    expect((await createFirm.throttleSignUp("198.51.100.8", now)).allowed).toBe(true);
    expect((await createFirm.throttleSignUp("198.51.100.7", new Date(THIS_HOUR + 3600_000))).allowed).toBe(true);
  });

  it("are out of the application role's reach except through the function", async () => {
    const app = new pg.Client({ connectionString: testDb.appUrl });
    await app.connect();
    try {
      await app.query("SET ROLE portal_app");
      await expect(app.query("SELECT * FROM root_site_rate_limits")).rejects.toThrow(/permission denied/);
      await expect(app.query("DELETE FROM root_site_rate_limits")).rejects.toThrow(/permission denied/);
    } finally {
      await app.end();
    }
  });

  it("drop windows older than a day as they count", async () => {
    await limiter.hitThrottle(limiter.ROOT_SITE, "test:stale", RULE, new Date(Date.now() - 3 * 864e5));
    await limiter.hitThrottle(limiter.ROOT_SITE, "test:fresh", RULE);
    const { rows } = await su.query("SELECT bucket FROM root_site_rate_limits WHERE bucket IN ('test:stale', 'test:fresh')");
    expect(rows).toEqual([{ bucket: "test:fresh" }]);
  });
});
