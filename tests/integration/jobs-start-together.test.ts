/**
 * Several app servers starting at once on a new database (`npm start` forks one per core; a
 * deployment starts N): each one's job queue starts, none fails on the others' set-up of the
 * queue's schema and queues. Real PostgreSQL, the product's job list.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type * as JobsModule from "../../app/jobs.server";
import type { Jobs } from "../../app/jobs.server";
import { setupTestDb, type TestDb } from "../support/setup";

let t: TestDb;
let jobsModule: typeof JobsModule;
const started: Jobs[] = [];

beforeAll(async () => {
  t = await setupTestDb();
  jobsModule = await import("../../app/jobs.server");
});

afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await (await import("../../app/db.server")).closeDb();
  await t?.close();
});

describe("job queues starting together", () => {
  it("all start on a database that has no queue yet, each working the product's jobs", async () => {
    const { productJobs } = await import("../../app/jobs/registry.server");
    const failures = vi.spyOn(console, "error");
    const queues = await Promise.all(
      [1, 2, 3].map(() => jobsModule.startJobs({ databaseUrl: t.db.url, worker: true, pollingIntervalSeconds: 0.5, jobs: productJobs(), log: () => {} })),
    );
    started.push(...queues);
    expect(failures.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("could not start"))).toEqual([]);
    failures.mockRestore();
    expect(queues.map((q) => [q.running, q.working])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    const { rows } = await t.su.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${jobsModule.JOBS_SCHEMA}.queue`);
    expect(rows[0]!.n).toBe(productJobs().length);
  });
});
