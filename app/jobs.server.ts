/**
 * Background jobs: one pg-boss queue in PostgreSQL (schema `pgboss`), shared by every app server
 * and worker process. Jobs are rows, so they survive restarts; each is fetched by exactly one
 * worker (`FOR UPDATE SKIP LOCKED`), whichever server sent it.
 *
 *   const jobs = await startJobs({ databaseUrl, jobs: productJobs() });  // app/tenancy/runtime.server.ts
 *   await enqueue("deliver-outbound-message", { firmId, id }, { singletonKey: id });
 *   await jobs.stop();
 *
 * - `startJobs` connects with the owner's URL (DATABASE_OWNER_URL: pg-boss creates and migrates its
 *   own schema, which portal_app may not; the app's login, DATABASE_URL, can act only as
 *   portal_app), creates the queues and, unless `worker: false`
 *   (JOBS_WORKER=false), works them and sends the periodic jobs. When it cannot start it logs why
 *   and returns a handle whose `running` is false; nothing else fails, and `jobsRunning()` stays
 *   false, so senders deliver inline.
 * - `enqueue` sends through the process's queue (the first one started and still running). The
 *   app's code is loaded once per process (the Remix server build), so there is one such queue.
 * - Each job type is a `JobDefinition` (the product's list is `productJobs()` in
 *   app/jobs/registry.server.ts, which the queue does not import): its queue settings
 *   and a handler of the job's data. A handler that throws is retried by pg-boss with backoff; one
 *   that runs longer than `expireInSeconds` counts as failed (and so does a job whose server died).
 *
 * Idle cost per worker process: one indexed query per queue every `pollingIntervalSeconds` (2 s),
 * and pg-boss's maintenance every 2 minutes. A job sent from this process is picked up at once.
 */
import pg from "pg";
import type PgBoss from "pg-boss";
import { env } from "~/env.server";

/** PostgreSQL schema of pg-boss's tables. */
export const JOBS_SCHEMA = "pgboss";

const DEFAULT_POLLING_SECONDS = 2;
/** pg-boss's own connections (fetch, complete, maintenance); handlers use the app's pool. */
const JOBS_POOL_SIZE = 4;
const ERROR_LOG_INTERVAL_MS = 60_000;

export type QueuePolicy = "standard" | "short" | "singleton" | "stately";

export interface JobContext {
  /** Sends a job through the same queue. */
  send(name: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** One SQL statement on the jobs' connection (the database owner's). */
  sql<R>(text: string, values?: unknown[]): Promise<R[]>;
}

export interface JobDefinition {
  name: string;
  queue: {
    /** `short`: at most one waiting (not yet started) job per singletonKey. */
    policy: QueuePolicy;
    /** Retries of a handler that throws, `retryDelaySeconds` apart (doubling with `retryBackoff`). */
    retryLimit: number;
    retryDelaySeconds: number;
    retryBackoff: boolean;
    /** A running job older than this counts as failed (its server died, or it hangs). */
    expireInSeconds: number;
  };
  /** Jobs fetched at once and run concurrently (default 1). */
  batchSize?: number;
  /** Sent by every worker process this often; at most once per period across all of them. */
  everySeconds?: number;
  /** The job's output (stored on the job) or nothing; throw to have it retried. */
  run(data: unknown, context: JobContext): Promise<object | void>;
}

export interface EnqueueOptions {
  /** With the `short` policy: no second waiting job with the same key (send returns null). */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** At most one job per singletonKey in each period of this many seconds (send returns null). */
  singletonSeconds?: number;
}

export interface StartJobsOptions {
  /** The owner's connection string (DATABASE_OWNER_URL), never the app's login. */
  databaseUrl: string;
  /** Work the queues here (default: JOBS_WORKER, true unless "false"); false only sends jobs. */
  worker?: boolean;
  /** The job types (the product's are in app/jobs/registry.server.ts); tests pass theirs, e.g. with short retry delays. */
  jobs: JobDefinition[];
  /** Seconds between polls of an idle queue (default 2; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Where the start-up line goes (default console); a failure to start is always console.error. */
  log?: (message: string) => void;
}

export interface Jobs {
  /** False when the queue could not start: then nothing is sent or worked here. */
  readonly running: boolean;
  /** Whether this process works the queues (not only sends). */
  readonly working: boolean;
  send(name: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** Stops fetching, waits for running jobs to finish, and closes the connections. */
  stop(): Promise<void>;
}

// ─── The process's queue ───

let processQueue: Jobs | undefined;

/** Whether this process has a running job queue (else `enqueue` throws). */
export function jobsRunning(): boolean {
  return processQueue?.running === true;
}

/** Sends a job; its id, or null when a singleton or throttled job already took its place. */
export async function enqueue(name: string, data: object, options: EnqueueOptions = {}): Promise<string | null> {
  const queue = processQueue;
  if (!queue?.running) throw new Error(`Background jobs are not running in this process: can't enqueue ${name}.`);
  return queue.send(name, data, options);
}

// ─── Starting and stopping ───

/** The advisory lock the queue's set-up holds (any number; this one is only taken here). */
const SETUP_LOCK = 7_140_251;
const SETUP_LOCK_TIMEOUT_SECONDS = 60;

/**
 * Runs `fn` while no other server sets up the queue: servers starting together on a new
 * database (a cluster's workers, a deployment's servers) otherwise create the queue's schema and
 * queues at once and deadlock. A session-level advisory lock on a connection of its own.
 */
async function oneAtATime(databaseUrl: string, fn: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: "portal-jobs-setup", connectionTimeoutMillis: 10_000 });
  lock.on("error", () => {}); // a cut connection ends the lock; the set-up's own statements report it
  await lock.connect();
  try {
    // A server stuck in its set-up while holding the lock: the others start without jobs after a
    // minute (and say so) instead of waiting for ever.
    await lock.query(`SET lock_timeout = '${SETUP_LOCK_TIMEOUT_SECONDS}s'`);
    await lock.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK]);
    await fn();
  } finally {
    await lock.end().catch(() => {}); // closing the session releases the lock
  }
}

export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const log = options.log ?? ((message: string) => console.log(`[jobs] ${message}`));
  const working = options.worker ?? env().JOBS_WORKER !== false;
  const definitions = options.jobs;
  const pollingMs = Math.max(0.5, options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS) * 1000;
  const report = quietErrorLog();

  let boss: PgBoss | undefined;
  try {
    const { default: PgBossClass } = await import("pg-boss");
    boss = new PgBossClass({
      connectionString: options.databaseUrl,
      schema: JOBS_SCHEMA,
      max: JOBS_POOL_SIZE,
      application_name: "portal-jobs",
      // Maintenance (expiring jobs whose server died, archiving) where jobs are worked. The
      // periodic jobs are sent by this module, not by pg-boss's cron (which would poll too).
      supervise: working,
      schedule: false,
      // Completed jobs stay two days before archiving: a periodic job's throttle window (the daily
      // orphan cleanup's is 24 h) may not exceed it, or pg-boss refuses to send the job.
      archiveCompletedAfterSeconds: 2 * 86_400,
    });
    boss.on("error", report);
    const starting = boss;
    await oneAtATime(options.databaseUrl, async () => {
      await starting.start();
      for (const definition of definitions) {
        const settings = queueSettings(definition);
        await starting.createQueue(definition.name, settings);
        await starting.updateQueue(definition.name, settings); // a queue created by an older release
      }
    });
  } catch (error) {
    console.error(`[jobs] Background jobs could not start (${errorMessage(error)}): email and SMS are delivered by the request that sends them.`);
    await boss?.stop({ graceful: false }).catch(() => {});
    return { running: false, working: false, send: () => Promise.reject(new Error("Background jobs are not running.")), stop: async () => {} };
  }

  const started = boss;
  const workers = new Map<string, QueueWorker>();
  const timers: NodeJS.Timeout[] = [];
  let running = true;

  const send = async (name: string, data: object, sendOptions: EnqueueOptions = {}): Promise<string | null> => {
    const id = await started.send(name, data, pgBossSendOptions(sendOptions));
    if (id && (!sendOptions.startAfter || sendOptions.startAfter.getTime() <= Date.now())) workers.get(name)?.wake();
    return id;
  };

  const context: JobContext = {
    send,
    async sql<R>(text: string, values: unknown[] = []) {
      const result = await started.getDb().executeSql(text, values);
      return (result?.rows ?? []) as R[];
    },
  };

  if (working) {
    for (const definition of definitions) {
      workers.set(definition.name, new QueueWorker(started, definition, context, pollingMs, report));
      if (definition.everySeconds) {
        const period = definition.everySeconds;
        const tick = () => void send(definition.name, {}, { singletonKey: definition.name, singletonSeconds: period }).catch(report);
        tick();
        timers.push(setInterval(tick, period * 1000));
      }
    }
  }

  const jobs: Jobs = {
    get running() {
      return running;
    },
    working,
    send: (name, data, sendOptions) => (running ? send(name, data, sendOptions) : Promise.reject(new Error("Background jobs are stopped."))),
    async stop() {
      if (!running) return;
      running = false;
      if (processQueue === jobs) processQueue = undefined;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      await started.stop({ graceful: false }).catch(report);
    },
  };
  if (!processQueue?.running) processQueue = jobs;
  log(working ? `Working ${definitions.map((d) => d.name).join(", ")}.` : "Sending jobs only (JOBS_WORKER=false): a worker process runs them.");
  return jobs;
}

/**
 * Fetches and runs one queue's jobs. pg-boss's own `work()` completes jobs without awaiting or
 * catching, so a database error at that moment would be an unhandled rejection (and end the
 * process); here every step's error is caught, and a job left active expires and is retried.
 */
class QueueWorker {
  private stopping = false;
  private woken = false;
  private wakeSleep: (() => void) | null = null;
  private readonly done: Promise<void>;
  private readonly batchSize: number;

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: JobDefinition,
    private readonly context: JobContext,
    private readonly pollingMs: number,
    private readonly report: (error: unknown) => void,
  ) {
    this.batchSize = Math.max(1, definition.batchSize ?? 1);
    this.done = this.loop();
  }

  /** A job was sent: fetch now instead of at the next poll. */
  wake() {
    this.woken = true;
    this.wakeSleep?.();
  }

  async stop() {
    this.stopping = true;
    this.wakeSleep?.();
    await this.done;
  }

  private async loop() {
    while (!this.stopping) {
      this.woken = false;
      let jobs: PgBoss.Job<object>[] = [];
      try {
        jobs = await this.boss.fetch<object>(this.definition.name, { batchSize: this.batchSize });
      } catch (error) {
        this.report(error);
      }
      await Promise.all(jobs.map((job) => this.run(job)));
      // A full batch: more may be waiting. Woken while busy: a job arrived meanwhile.
      if (this.stopping || jobs.length === this.batchSize || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => finish(), this.pollingMs);
        const finish = () => {
          clearTimeout(timer);
          this.wakeSleep = null;
          resolve();
        };
        this.wakeSleep = finish;
      });
    }
  }

  private async run(job: PgBoss.Job<object>) {
    const { name, queue } = this.definition;
    try {
      const output = await withTimeout(this.definition.run(job.data, this.context), queue.expireInSeconds * 1000);
      await this.boss.complete(name, job.id, output ?? undefined);
    } catch (error) {
      await this.boss.fail(name, job.id, { message: errorMessage(error) }).catch(this.report);
    }
  }
}

function queueSettings({ name, queue }: JobDefinition): PgBoss.Queue {
  return {
    name,
    policy: queue.policy,
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelaySeconds,
    retryBackoff: queue.retryBackoff,
    expireInSeconds: queue.expireInSeconds,
  };
}

function pgBossSendOptions(options: EnqueueOptions): PgBoss.SendOptions {
  const result: PgBoss.SendOptions = {};
  if (options.singletonKey) result.singletonKey = options.singletonKey;
  if (options.startAfter) result.startAfter = options.startAfter;
  if (options.singletonSeconds) result.singletonSeconds = options.singletonSeconds;
  return result;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Job ran longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
}

/** Logs each distinct error at most once a minute: a database outage must not flood the log. */
function quietErrorLog(): (error: unknown) => void {
  const lastLogged = new Map<string, number>();
  return (error) => {
    const message = errorMessage(error).replace(/\s*\(Queue: .*\)$/, "");
    const now = Date.now();
    if ((lastLogged.get(message) ?? 0) > now - ERROR_LOG_INTERVAL_MS) return;
    if (lastLogged.size > 100) lastLogged.clear();
    lastLogged.set(message, now);
    console.error(`[jobs] ${message}`);
  };
}
