/**
 * Background delivery of email and SMS through the pg-boss queue, against real PostgreSQL and the
 * real Resend and Twilio SDKs talking to a local fake of their APIs. Retry delays are shortened
 * (first retry after 300 ms instead of a minute) and queues polled every 0.5 s.
 */
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { firmDb, withFirm } from "../../app/db.server";
import { sendEmail } from "../../app/email.server";
import { JOBS_SCHEMA, enqueue, jobsRunning, startJobs, type Jobs } from "../../app/jobs.server";
import { DELIVER_OUTBOUND_MESSAGE, SWEEP_OUTBOUND_MESSAGES, outboxJobs } from "../../app/outbox/jobs.server";
import { queueEmail } from "../../app/outbox/outbox.server";
import { MAX_DELIVERY_ATTEMPTS } from "../../app/outbox/rules";
import { sendSms } from "../../app/sms.server";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = { id: "firm_acme_jobs", slug: "acme-jobs", name: "Acme Tax & Advisory" };
const SUMMIT = { id: "firm_summit_jobs", slug: "summit-jobs", name: "Summit CPA Group" };
const EMAIL_FROM = "notifications@portal.test";
const RESEND_KEY = "re_test_key_jobs";
const TWILIO_SID = `AC${"fedcba9876543210".repeat(2)}`;
const TWILIO_FROM = "+15005550006";
const FIRST_RETRY_MS = 300;
const PROVIDER_ENV = ["RESEND_API_KEY", "RESEND_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_BASE_URL"] as const;

let testDb: TestDb;
let providers: FakeProviders;
let su: pg.Client;
let jobs: Jobs;

function useResend() {
  testDb.setEnv({ RESEND_API_KEY: RESEND_KEY, RESEND_BASE_URL: providers.url });
}

function useTwilio() {
  testDb.setEnv({ TWILIO_ACCOUNT_SID: TWILIO_SID, TWILIO_AUTH_TOKEN: "twilio-token", TWILIO_FROM_NUMBER: TWILIO_FROM, TWILIO_BASE_URL: providers.url });
}

function portal(firm: typeof ACME) {
  return { firm, db: firmDb(firm.id) };
}

function start(options: { worker?: boolean; concurrency?: number } = {}) {
  return startJobs({
    databaseUrl: testDb.db.url,
    worker: options.worker ?? true,
    pollingIntervalSeconds: 0.5,
    jobs: outboxJobs({ firstRetryMs: FIRST_RETRY_MS, concurrency: options.concurrency }),
    log: () => {},
  });
}

async function row(firm: typeof ACME, id: string) {
  return firmDb(firm.id).outboundMessage.findUniqueOrThrow({ where: { id } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long, and how often, a test looks again for what the queue does in the background. */
const POLL = { timeout: 15_000, interval: 25 };

/** The message once it has `status`, read again until then (up to `timeout`). */
async function waitForStatus(firm: typeof ACME, id: string, status: "sent" | "failed", timeout = POLL.timeout) {
  return vi.waitFor(
    async () => {
      const message = await row(firm, id);
      expect(message.status, `message ${id}`).toBe(status);
      return message;
    },
    { ...POLL, timeout },
  );
}

/** pg-boss's delivery jobs of one message, by state. */
async function deliveryJobs(messageId: string): Promise<string[]> {
  const { rows } = await su.query<{ state: string }>(`SELECT state::text FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'id' = $2 ORDER BY created_on`, [
    DELIVER_OUTBOUND_MESSAGE,
    messageId,
  ]);
  return rows.map((r) => r.state);
}

beforeAll(async () => {
  testDb = await setupTestDb({ env: { EMAIL_FROM } });
  su = testDb.su;
  providers = await startFakeProviders();
  for (const firm of [ACME, SUMMIT]) {
    await withFirm(firm.id, (tx) => tx.firm.create({ data: { id: firm.id, slug: firm.slug, name: firm.name } }));
  }
  jobs = await start();
});

afterAll(async () => {
  await jobs?.stop();
  await providers?.stop();
  await testDb?.close();
});

beforeEach(() => {
  providers.reset();
  testDb.setEnv(Object.fromEntries(PROVIDER_ENV.map((key) => [key, undefined])));
});

describe("the job queue", () => {
  it("runs in PostgreSQL (schema pgboss) and is this process's queue", async () => {
    expect(jobs.running).toBe(true);
    expect(jobs.working).toBe(true);
    expect(jobsRunning()).toBe(true);
    const { rows } = await su.query<{ name: string; policy: string }>(`SELECT name, policy FROM ${JOBS_SCHEMA}.queue WHERE name = ANY($1) ORDER BY name`, [
      [DELIVER_OUTBOUND_MESSAGE, SWEEP_OUTBOUND_MESSAGES],
    ]);
    expect(rows).toEqual([
      { name: DELIVER_OUTBOUND_MESSAGE, policy: "short" },
      { name: SWEEP_OUTBOUND_MESSAGES, policy: "standard" },
    ]);
  });

  it("logs a clear error and reports not running when it can't start, without throwing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = await startJobs({ databaseUrl: "postgresql://nobody@127.0.0.1:9/nothing", worker: true, jobs: outboxJobs(), log: () => {} });
      expect(broken.running).toBe(false);
      await expect(broken.send(DELIVER_OUTBOUND_MESSAGE, {})).rejects.toThrow();
      await broken.stop();
      expect(errors.mock.calls.flat().join(" ")).toMatch(/Background jobs could not start/);
      // The process's queue is still the one that started.
      expect(jobsRunning()).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("delivery by the background job", () => {
  it("records the email as queued at once, then the job sends it through Resend from the firm's name", async () => {
    useResend();
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Documents requested", text: "Please upload your W-2." });
    // Recorded as queued when sendEmail returns (the worker, woken at once, may already be sending it).
    expect(outcome).toMatchObject({ status: "queued", attempts: 0, providerMessageId: null, sentAt: null });

    const sent = await waitForStatus(ACME, outcome.id, "sent");
    const [request] = providers.emails();
    expect(providers.requests).toHaveLength(1);
    expect(request.headers["idempotency-key"]).toBe(`outbound-message/${outcome.id}`);
    expect(request.body).toMatchObject({ from: `"Acme Tax & Advisory" <${EMAIL_FROM}>`, to: "pat@acme-jobs.test", subject: "Documents requested" });
    expect(sent).toMatchObject({ attempts: 1, error: null, providerMessageId: request.response.id });
    await expect.poll(() => deliveryJobs(outcome.id), { ...POLL, message: "the job to complete" }).toEqual(["completed"]);
  });

  it("sends an SMS through Twilio the same way", async () => {
    useTwilio();
    const outcome = await sendSms(portal(SUMMIT), { to: "555-987-6543", body: "Your code is 654321" });
    expect(outcome).toMatchObject({ status: "queued", attempts: 0 });
    const sent = await waitForStatus(SUMMIT, outcome.id, "sent");
    const [request] = providers.smsMessages();
    expect(request.body).toEqual({ To: "+15559876543", From: TWILIO_FROM, Body: "Your code is 654321" });
    expect(sent.providerMessageId).toBe(request.response.sid);
  });

  it("retries a provider 500 with backoff until it succeeds, with one idempotency key", async () => {
    useResend();
    providers.failWith(500);
    const started = Date.now();
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Reminder", text: "Reminder text" });
    expect(outcome.status).toBe("queued");

    await expect.poll(async () => (await row(ACME, outcome.id)).attempts, { ...POLL, message: "the first failure to be recorded" }).toBe(1);
    const afterFirst = await row(ACME, outcome.id);
    expect(afterFirst).toMatchObject({ status: "queued", attempts: 1 });
    expect(afterFirst.error).toMatch(/Resend 500/);
    expect(afterFirst.error).not.toContain("Reminder text");

    await expect.poll(() => providers.emails().length, { ...POLL, message: "a second attempt" }).toBeGreaterThanOrEqual(2);
    providers.failWith(null);
    const sent = await waitForStatus(ACME, outcome.id, "sent");
    expect(sent).toMatchObject({ attempts: 3, error: null });
    // Waited FIRST_RETRY_MS, then twice that, before the attempts that followed a failure.
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_RETRY_MS * 3);
    expect(providers.emails().map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(providers.emails().map((r) => r.headers["idempotency-key"]))).toEqual(new Set([`outbound-message/${outcome.id}`]));
  });

  it("gives up after MAX_DELIVERY_ATTEMPTS and records the message failed", async () => {
    useTwilio();
    providers.failWith(503);
    const outcome = await sendSms(portal(ACME), { to: "+15551234567", body: "Code 111111" });
    const failed = await waitForStatus(ACME, outcome.id, "failed", 30_000);
    expect(failed.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(failed.error).toMatch(/Twilio 503/);
    expect(providers.smsMessages()).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    await sleep(FIRST_RETRY_MS * 3);
    expect(providers.smsMessages()).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  it("ends a permanent rejection (4xx) failed after one attempt, with no job left to retry it", async () => {
    useResend();
    providers.failWith(422);
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Hi", text: "Hi" });
    const failed = await waitForStatus(ACME, outcome.id, "failed");
    expect(failed.attempts).toBe(1);
    expect(failed.error).toMatch(/Resend 422/);

    await sleep(FIRST_RETRY_MS * 4);
    expect(providers.emails()).toHaveLength(1);
    expect((await row(ACME, outcome.id)).attempts).toBe(1);
    expect(await deliveryJobs(outcome.id)).toEqual(["completed"]);
  });

  it("delivers a message sent inside a transaction once the transaction has committed", async () => {
    useResend();
    const outcome = await withFirm(ACME.id, async (tx) => {
      const queued = await sendEmail({ firm: ACME, db: tx }, { to: "pat@acme-jobs.test", subject: "In a transaction", text: "Hello" });
      // The job starts now, and can't see the row yet.
      await sleep(300);
      return queued;
    });
    await waitForStatus(ACME, outcome.id, "sent");
    expect(providers.emails()).toHaveLength(1);
  });
});

describe("without provider keys", () => {
  it("records the message as sent to the outbox at once, with no job", async () => {
    const email = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Your sign-in code", text: "Code 123456" });
    expect(email).toMatchObject({ status: "sent", providerMessageId: "outbox", attempts: 1 });
    const sms = await sendSms(portal(ACME), { to: "5551234567", body: "Code 654321" });
    expect(sms).toMatchObject({ status: "sent", providerMessageId: "outbox", attempts: 1 });
    expect(await row(ACME, email.id)).toMatchObject({ status: "sent", providerMessageId: "outbox" });
    expect(await deliveryJobs(email.id)).toEqual([]);
    expect(await deliveryJobs(sms.id)).toEqual([]);
    expect(providers.requests).toHaveLength(0);
  });
});

describe("the sweep", () => {
  it("re-enqueues due queued messages of every firm that no job will deliver, and leaves the rest", async () => {
    useResend();
    const record = (firm: typeof ACME, subject: string) => queueEmail(portal(firm), { to: `pat@${firm.slug}.test`, subject, text: subject });
    // Recorded a minute ago, then the process died before enqueueing, or while retrying (its claim has lapsed).
    const lost = await record(ACME, "Lost before its job");
    await firmDb(ACME.id).outboundMessage.update({ where: { id: lost.id }, data: { nextAttemptAt: new Date(Date.now() - 60_000) } });
    const crashed = await record(SUMMIT, "Crashed mid-retry");
    await firmDb(SUMMIT.id).outboundMessage.update({ where: { id: crashed.id }, data: { attempts: 2, nextAttemptAt: new Date(Date.now() - 60_000) } });
    // Due only just now: its own job will take it, the sweep leaves it alone.
    const fresh = await record(SUMMIT, "Just recorded");
    const later = await record(ACME, "Retry due in an hour");
    await firmDb(ACME.id).outboundMessage.update({ where: { id: later.id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000) } });

    await enqueue(SWEEP_OUTBOUND_MESSAGES, {});
    await waitForStatus(ACME, lost.id, "sent");
    expect(await waitForStatus(SUMMIT, crashed.id, "sent")).toMatchObject({ attempts: 3 });
    await sleep(500);
    expect(await row(ACME, later.id)).toMatchObject({ status: "queued", attempts: 1 });
    expect(await row(SUMMIT, fresh.id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await deliveryJobs(fresh.id)).toEqual([]);
    await firmDb(SUMMIT.id).outboundMessage.delete({ where: { id: fresh.id } }); // not for a later sweep
    expect(
      providers
        .emails()
        .map((r) => r.body.subject)
        .sort(),
    ).toEqual(["Crashed mid-retry", "Lost before its job"]);
  });

  it("is sent by each worker process every minute, at most once per minute across them", async () => {
    const second = await start();
    await second.stop();
    const { rows } = await su.query<{ jobs: number; minutes: number }>(
      `SELECT count(*)::int AS jobs, count(DISTINCT singleton_on)::int AS minutes FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data = '{}'::jsonb AND singleton_on IS NOT NULL`,
      [SWEEP_OUTBOUND_MESSAGES],
    );
    expect(rows[0].jobs).toBeGreaterThan(0);
    expect(rows[0].jobs).toBe(rows[0].minutes);
  });
});

describe("app servers that only enqueue (JOBS_WORKER=false)", () => {
  it("leave jobs in PostgreSQL until a worker process runs them", async () => {
    useResend();
    await jobs.stop();
    expect(jobsRunning()).toBe(false);
    const sender = await start({ worker: false });
    let worker: Jobs | undefined;
    try {
      expect(sender).toMatchObject({ running: true, working: false });
      expect(jobsRunning()).toBe(true);
      const outcome = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Waiting for a worker", text: "Hello" });
      expect(outcome.status).toBe("queued");
      await sleep(1_000);
      expect(providers.emails()).toHaveLength(0);
      expect(await deliveryJobs(outcome.id)).toEqual(["created"]);

      worker = await start();
      await waitForStatus(ACME, outcome.id, "sent");
      expect(providers.emails()).toHaveLength(1);
    } finally {
      await worker?.stop();
      await sender.stop();
    }
  });
});

describe("several workers", () => {
  it("never deliver the same message twice, given duplicate jobs taken at the same moment", async () => {
    useResend();
    expect(jobsRunning()).toBe(false);
    // Messages recorded and three jobs each, while no worker runs.
    const sender = await start({ worker: false });
    const firms = [ACME, SUMMIT];
    const messages = [];
    try {
      for (let i = 0; i < 20; i++) {
        const firm = firms[i % 2];
        const message = await queueEmail(portal(firm), { to: `client${i}@example.test`, subject: `Message ${i}`, text: `Body ${i}` });
        messages.push({ firm, id: message.id });
        for (const copy of ["a", "b", "c"]) {
          expect(await sender.send(DELIVER_OUTBOUND_MESSAGE, { firmId: firm.id, id: message.id }, { singletonKey: `${message.id}/${copy}` })).toBeTruthy();
        }
      }
    } finally {
      await sender.stop();
    }

    // Two workers taking two jobs at a time, in order: the copies of one message run at once,
    // in one worker and across both.
    const workers = await Promise.all([start({ concurrency: 2 }), start({ concurrency: 2 })]);
    try {
      for (const { firm, id } of messages) await waitForStatus(firm, id, "sent");
      const unfinished = async () => {
        const { rows } = await su.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state < 'completed'`, [DELIVER_OUTBOUND_MESSAGE]);
        return rows.length;
      };
      await expect.poll(unfinished, { ...POLL, message: "every job to finish" }).toBe(0);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }

    const keys = providers.emails().map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(messages.length);
    expect(new Set(keys).size).toBe(messages.length);
    for (const { firm, id } of messages) expect((await row(firm, id)).attempts).toBe(1);
  });
});

describe("with no job queue running in the process", () => {
  it("sendEmail delivers before it returns", async () => {
    useResend();
    expect(jobsRunning()).toBe(false);
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-jobs.test", subject: "Inline", text: "Hello" });
    expect(outcome).toMatchObject({ status: "sent", attempts: 1 });
    expect(providers.emails()).toHaveLength(1);
  });

  // Here because no worker may deliver the message while the test looks at it.
  it("the sweep's SECURITY DEFINER function lists due messages across firms, ids only, for the app role", async () => {
    const { rows: fn } = await su.query(`
      SELECT p.prosecdef AS definer, array_to_string(p.proconfig, ',') AS config,
             has_function_privilege('portal_app', p.oid, 'EXECUTE') AS app_can_execute,
             has_function_privilege('public', p.oid, 'EXECUTE') AS public_can_execute
        FROM pg_proc p WHERE p.proname = 'portal_due_outbound_messages'`);
    expect(fn).toEqual([{ definer: true, config: expect.stringMatching(/^search_path=.+, pg_temp$/), app_can_execute: true, public_can_execute: false }]);

    const due = await queueEmail(portal(SUMMIT), { to: "pat@summit-jobs.test", subject: "Due", text: "Due" });
    const app = new pg.Client({ connectionString: testDb.db.url, options: "-c role=portal_app" });
    await app.connect();
    try {
      // The app role sees no message without a firm, but the function lists the due one (ids only).
      expect((await app.query("SELECT count(*)::int AS n FROM outbound_messages")).rows[0].n).toBe(0);
      const { rows } = await app.query("SELECT * FROM portal_due_outbound_messages(now(), 1000)");
      expect(rows).toContainEqual({ firm_id: SUMMIT.id, id: due.id });
      expect(Object.keys(rows[0]).sort()).toEqual(["firm_id", "id"]);
      // Not yet due before its time, and never later than now.
      const { rows: earlier } = await app.query("SELECT * FROM portal_due_outbound_messages(now() - interval '1 hour', 1000)");
      expect(earlier).not.toContainEqual({ firm_id: SUMMIT.id, id: due.id });
    } finally {
      await app.end();
    }
  });
});

describe("periodic jobs", () => {
  it("sends and runs a daily job (its throttle window is a whole day)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let runs = 0;
    const jobs = await startJobs({
      databaseUrl: testDb.db.url,
      worker: true,
      pollingIntervalSeconds: 0.5,
      jobs: [
        {
          name: "daily-probe",
          queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 },
          everySeconds: 86_400,
          async run() {
            runs++;
          },
        },
      ],
      log: () => {},
    });
    try {
      await expect.poll(() => runs, { ...POLL, message: "the daily job to run" }).toBeGreaterThan(0);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      await jobs.stop();
      errors.mockRestore();
    }
  });
});
